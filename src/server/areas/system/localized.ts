import type { Language } from '../../../contract/constants.ts';

/** Text per language; hi (the default language) is always present. */
export type LocalizedText = { hi: string } & Partial<Record<Exclude<Language, 'hi'>, string>>;

/** The text in `language`, falling back to Hindi when missing or empty. */
export function pick(text: LocalizedText, language: Language): string {
  return text[language] || text.hi;
}
