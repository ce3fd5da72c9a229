/**
 * The catalog's search form of a text: compatibility-decomposed (NFKD), Latin combining accents
 * and the Devanagari and Bengali nukta removed, lower case, spaces collapsed. Names are stored in
 * this form (games.search_text, under a trigram index) and a query is put in it before matching,
 * so "CAFE", "café" and "Café" find the same games, as do "खजाना" and "ख़ज़ाना".
 *
 * @example
 * searchForm('  Café  ROYAL '); // 'cafe royal'
 */
export function searchForm(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u093c\u09bc]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The stored search text of a game: its names in every language and its code. */
export function searchTextOf(names: { hi: string; en: string; bn: string }, gameCode: string) {
  return searchForm([names.en, names.hi, names.bn, gameCode].join(' \u00b7 '));
}

/** A LIKE pattern matching `query` anywhere (its own % _ \ taken literally). */
export function containsPattern(query: string): string {
  return `%${searchForm(query).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
