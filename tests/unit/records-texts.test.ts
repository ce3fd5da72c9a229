import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages } from '../../src/contract/constants.ts';

type Tree = { [key: string]: string | Tree };
const root = new URL('../../src/services/i18n/locales/', import.meta.url);

/** The records pages's texts, flattened to key -> text. */
function texts(language: string): Map<string, string> {
  const tree = JSON.parse(readFileSync(new URL(`${language}/records.json`, root), 'utf8'));
  const flat = new Map<string, string>();
  const walk = (node: Tree | string, path: string) => {
    if (typeof node === 'string') flat.set(path, node);
    else
      for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
  };
  walk(tree as Tree, '');
  return flat;
}

/** Texts with nothing to translate: a number pattern and a range of two dates. */
const sameInEveryLanguage = new Set(['common.amountPlaceholder', 'table.range']);

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('texts of the records namespace (account record, bonus details, my wallet, upline, messages)', () => {
  const english = texts('en');

  it.each(languages)('%s has every English key, translated, with the same variables', (lng) => {
    const own = texts(lng);
    expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of own) {
      expect(text.trim(), key).not.toBe('');
      expect(variables(text), key).toEqual(variables(english.get(key) ?? ''));
      if (lng !== 'en' && !sameInEveryLanguage.has(key)) {
        expect(text, `${lng}:${key} is not translated`).not.toBe(english.get(key));
      }
    }
  });
});
