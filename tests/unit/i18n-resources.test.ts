import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages } from '../../src/contract/constants.ts';
import { createI18n } from '../../src/services/i18n.ts';

const root = new URL('../../src/services/i18n/locales/', import.meta.url);
const owned = ['common', 'layout'] as const;
// The pages namespace is checked once its files exist.
const namespaces = [...owned, 'pages', 'validation', 'identity', 'member-center'].filter((ns) =>
  languages.some((lng) => existsSync(new URL(`${lng}/${ns}.json`, root))),
);

type Tree = { [key: string]: string | Tree };

function texts(language: string, namespace: string): Map<string, string> {
  const tree = JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, root), 'utf8'));
  const flat = new Map<string, string>();
  const walk = (node: Tree | string, path: string) => {
    if (typeof node === 'string') flat.set(path, node);
    else
      for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
  };
  walk(tree as Tree, '');
  return flat;
}

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe.each(namespaces)('texts of the %s namespace', (namespace) => {
  const byLanguage = new Map(languages.map((lng) => [lng, texts(lng, namespace)]));
  const english = byLanguage.get('en')!;

  it.each(languages)('%s has every key the others have', (language) => {
    const keys = new Set(byLanguage.get(language)!.keys());
    for (const other of languages) {
      const missing = [...byLanguage.get(other)!.keys()].filter((key) => !keys.has(key));
      expect(missing, `${language} lacks keys of ${other}`).toEqual([]);
    }
  });

  it.each(languages)('%s has no empty text', (language) => {
    const empty = [...byLanguage.get(language)!].filter(([, text]) => text.trim() === '');
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it.each(languages)('%s uses the same placeholders as English', (language) => {
    for (const [key, text] of byLanguage.get(language)!) {
      expect(variables(text), `${language} ${key}`).toEqual(variables(english.get(key) ?? ''));
    }
  });
});

describe('translations are real', () => {
  const sample = (lng: string) => [...texts(lng, 'layout').values()].join(' ');
  it('Hindi is written in Devanagari', () => {
    expect(sample('hi')).toMatch(/[\u0900-\u097F]/);
  });
  it('Bengali is written in Bengali script', () => {
    expect(sample('bn')).toMatch(/[\u0980-\u09FF]/);
  });
  it('HI and BN are not copies of EN', () => {
    const en = texts('en', 'layout');
    for (const lng of ['hi', 'bn']) {
      const same = [...texts(lng, 'layout')].filter(([key, text]) => en.get(key) === text);
      // Only brand-like words (Facebook, Telegram...) may stay the same; most must differ.
      expect(same.length).toBeLessThan(en.size / 10);
    }
  });
});

describe('i18n instance', () => {
  it('loads the chosen language and switches to another', async () => {
    const i18n = await createI18n('en');
    expect(i18n.t('layout:nav.home')).toBe('Home');
    await i18n.changeLanguage('hi');
    expect(i18n.t('layout:nav.home')).toBe('होम');
    expect(i18n.t('common:state.noData')).toBe('कोई डेटा नहीं');
  });
});
