import { helpKeywordMax } from '../../../contract/help.ts';
import type { HelpSection } from './help-article.tsx';

/**
 * The keyword the server searches with (every word in the title, content or section title, in
 * the page's language): the query with its spaces folded, at most `helpKeywordMax` characters.
 */
export function helpKeyword(query: string): string {
  return query.trim().replace(/\s+/gu, ' ').slice(0, helpKeywordMax).trim();
}

/** The sections to show: those with articles, only the chosen one when a section is chosen. */
export function sectionsToShow(
  sections: readonly HelpSection[],
  sectionKey: string | null,
): HelpSection[] {
  return sections.filter(
    (section) => section.articles.length > 0 && (!sectionKey || section.key === sectionKey),
  );
}
