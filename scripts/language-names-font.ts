/**
 * The language menus' own tiny face: only the glyphs of the languages' native names (हिन्दी,
 * বাংলা), cut at build time from the Noto faces the site ships, so that a page shows every
 * language's name without downloading the whole face of a script it is not written in (the
 * Hindi home page fetched 45 KB of Bengali for one word, issue 35).
 *
 * A Vite plugin serving `virtual:language-names.css`: one `@font-face` of the family
 * 'Language Names' per script, each with the unicode-range of its characters. The subsets are
 * a few KB, so they travel inline in the site's CSS (data URLs), with no request of their own.
 * The names are read from the translations (`common:languageName`), so a renamed or added
 * language is covered at the next build. Latin names ("English") are left to the system face.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const root = resolve(import.meta.dirname, '..');
const publicId = 'virtual:language-names.css';
const resolvedId = `\0${publicId}`;

/** The face each script's names are cut from (400: the menus are regular weight). */
const scripts = [
  {
    name: 'devanagari',
    pattern: /[\u0900-\u097f]/u,
    file: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2',
  },
  {
    name: 'bengali',
    pattern: /[\u0980-\u09ff]/u,
    file: '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2',
  },
] as const;

/** Every language's name as every locale writes it. */
export function languageNames(): string[] {
  const names = new Set<string>();
  for (const locale of ['hi', 'en', 'bn']) {
    const common = JSON.parse(
      readFileSync(join(root, 'src/services/i18n/locales', locale, 'common.json'), 'utf8'),
    ) as { languageName: Record<string, string> };
    for (const name of Object.values(common.languageName)) names.add(name);
  }
  return [...names];
}

const hex = (char: string) => (char.codePointAt(0) ?? 0).toString(16).toUpperCase();

/** The CSS of the faces: one @font-face per script that some name is written in. */
export async function languageNamesCss(
  names: readonly string[] = languageNames(),
): Promise<string> {
  const rules: string[] = [];
  for (const script of scripts) {
    const chars = [...new Set([...names.join('')].filter((char) => script.pattern.test(char)))];
    if (chars.length === 0) continue;
    const source = readFileSync(join(root, 'node_modules', script.file));
    const subset = await subsetFont(source, chars.join(''), { targetFormat: 'woff2' });
    rules.push(
      [
        `/* ${script.name}: ${chars.join('')} (${subset.length} bytes) */`,
        '@font-face {',
        "  font-family: 'Language Names';",
        '  font-style: normal;',
        '  font-weight: 400;',
        '  font-display: swap;',
        `  src: url(data:font/woff2;base64,${Buffer.from(subset).toString('base64')}) format('woff2');`,
        `  unicode-range: ${chars
          .sort()
          .map((char) => `U+${hex(char)}`)
          .join(',')};`,
        '}',
      ].join('\n'),
    );
  }
  return `${rules.join('\n\n')}\n`;
}

/** The Vite plugin: `import 'virtual:language-names.css'` where the menus are drawn. */
export function languageNamesFont(): Plugin {
  let css: Promise<string> | null = null;
  return {
    name: 'language-names-font',
    resolveId: (id) => (id === publicId ? resolvedId : null),
    load(id) {
      if (id !== resolvedId) return null;
      for (const locale of ['hi', 'en', 'bn']) {
        this.addWatchFile(join(root, 'src/services/i18n/locales', locale, 'common.json'));
      }
      css ??= languageNamesCss();
      return css;
    },
    watchChange: () => {
      css = null;
    },
  };
}
