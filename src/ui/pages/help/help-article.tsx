import type { HelpCenter } from '../../../contract/system.ts';
import { paragraphs } from '../shared/site-data.ts';

export type HelpSection = HelpCenter['sections'][number];
export type HelpArticle = HelpSection['articles'][number];

/** One help article: its title and its paragraphs. */
export function HelpArticleView({
  article,
  headingLevel = 3,
}: {
  article: HelpArticle;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="help-article" aria-labelledby={`help-article-${article.id}`}>
      <Heading id={`help-article-${article.id}`}>{article.title}</Heading>
      {paragraphs(article.content).map((text, index) => (
        <p key={index}>{text}</p>
      ))}
    </article>
  );
}
