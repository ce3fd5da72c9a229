/**
 * The Devanagari faces cut to the letters Hindi is written with (issue 35: the two weights of
 * the whole Devanagari face were 104 KB of a Hindi home page's 419 KB on a phone). At build
 * time (and when the dev server starts) each weight is subset, with its layout closure, so the
 * conjuncts of those letters stay whole, to every Devanagari character the site's own texts
 * use (translations, server texts, seeds: read from src/) plus the rest of modern Hindi
 * (ङ, the nukta letters, the Devanagari digits, ॐ). fonts.css declares each subset with that
 * character list as its unicode-range, and the whole face with the remaining range under the
 * same family: a page fetches the whole face only if it draws a character outside the set.
 */
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const root = resolve(import.meta.dirname, '..');
/** Where the subsets are written (git ignores it); fonts.css names the files. */
export const facesDir = join(root, 'src/ui/styles/generated');
const devanagari = /[\u0900-\u097f]/u;

/** Modern Hindi beyond what the site's texts happen to use today. */
const modernHindi = 'ङक़ख़ग़ज़ड़ढ़फ़य़०१२३४५६७८९ॐॅऍॄॠ।॥';

/** The unicode-range of the subset: fonts.css repeats it (a unit test holds the two equal). */
export const hindiRange =
  'U+0901-0903,U+0905-090D,U+090F-0911,U+0913-0928,U+092A-0930,U+0932-0933,U+0935-0939,' +
  'U+093C-0945,U+0947-0949,U+094B-094D,U+0950,U+0958-0960,U+0964-0970,U+200C-200D,U+25CC';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : filesUnder(path);
    return /\.(ts|tsx|json)$/.test(name) ? [path] : [];
  });
}

/** Every Devanagari character of the site's sources, and modern Hindi's. */
export function hindiCharacters(): string[] {
  const chars = new Set<string>([...modernHindi]);
  for (const file of filesUnder(join(root, 'src'))) {
    for (const char of readFileSync(file, 'utf8')) if (devanagari.test(char)) chars.add(char);
  }
  return [...chars].sort();
}

/** The code points a unicode-range list covers. */
export function rangeCodePoints(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const [from, to] = part.replace('U+', '').split('-');
    const start = parseInt(from ?? '', 16);
    const end = to ? parseInt(to, 16) : start;
    for (let point = start; point <= end; point++) points.add(point);
  }
  return points;
}

export async function writeHindiFaces(): Promise<void> {
  mkdirSync(facesDir, { recursive: true });
  // Everything the range names, so no character of it falls to a face outside the family.
  const points = rangeCodePoints(hindiRange);
  for (const char of hindiCharacters()) points.add(char.codePointAt(0) ?? 0);
  const text = String.fromCodePoint(...points);
  for (const weight of [400, 700]) {
    const source = readFileSync(
      join(
        root,
        'node_modules/@fontsource/noto-sans-devanagari/files',
        `noto-sans-devanagari-devanagari-${weight}-normal.woff2`,
      ),
    );
    const subset = await subsetFont(source, text, { targetFormat: 'woff2' });
    writeFileSync(join(facesDir, `noto-sans-devanagari-hindi-${weight}.woff2`), subset);
  }
}

/** The Vite plugin: writes the subsets before the CSS that names them is read. */
export function hindiFaces(): Plugin {
  return { name: 'hindi-faces', buildStart: () => writeHindiFaces() };
}
