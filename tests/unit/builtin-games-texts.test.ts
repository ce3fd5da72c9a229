import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages } from '../../src/contract/constants.ts';
import { builtinGameIds } from '../../src/contract/builtin-games/verify.ts';
import { slotSymbols } from '../../src/contract/builtin-games/slot.ts';

type Tree = { [key: string]: string | Tree };
const root = new URL('../../src/services/i18n/locales/', import.meta.url);

function flat(language: string): Map<string, string> {
  const tree = JSON.parse(readFileSync(new URL(`${language}/builtin-games.json`, root), 'utf8'));
  const out = new Map<string, string>();
  const walk = (node: Tree | string, path: string) => {
    if (typeof node === 'string') out.set(path, node);
    else
      for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
  };
  walk(tree as Tree, '');
  return out;
}
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('built-in games texts (hi, en, bn)', () => {
  const byLanguage = new Map(languages.map((language) => [language, flat(language)]));
  const english = byLanguage.get('en')!;

  it.each(languages)(
    '%s has every key, none empty, the same placeholders as English',
    (language) => {
      const texts = byLanguage.get(language)!;
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of texts) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english.get(key)!));
      }
    },
  );

  it('names every game and every slot symbol', () => {
    for (const game of builtinGameIds) expect(english.has(`title.${game}`)).toBe(true);
    for (const symbol of slotSymbols) expect(english.has(`slot.symbol.${symbol}`)).toBe(true);
  });

  it('is written in Devanagari (hi) and Bengali script (bn)', () => {
    expect([...byLanguage.get('hi')!.values()].join(' ')).toMatch(/[\u0900-\u097F]/);
    expect([...byLanguage.get('bn')!.values()].join(' ')).toMatch(/[\u0980-\u09FF]/);
  });
});
