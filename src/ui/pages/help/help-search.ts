import type { HelpSection } from './help-article.tsx';

/** Sections whose articles contain every word of the query (case-insensitive). */
export function searchHelp(
  sections: readonly HelpSection[],
  query: string,
  sectionKey: string | null,
): HelpSection[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return sections
    .filter((section) => !sectionKey || section.key === sectionKey)
    .map((section) => ({
      ...section,
      articles: section.articles.filter((article) => {
        const text = `${section.title}\n${article.title}\n${article.content}`.toLocaleLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((section) => section.articles.length > 0);
}
