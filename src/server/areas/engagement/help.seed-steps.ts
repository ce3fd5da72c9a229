import type { Db } from '../../platform/db/client.ts';
import type { SeedStep } from '../../platform/seed/seed.ts';
import { helpArticles, helpSections } from './help.schema.ts';
import { guideSeed, helpSeed, turnoverArticle, type SectionSeed } from './help.seed.ts';

async function insertSection(tx: Db, section: SectionSeed, sort: number) {
  await tx
    .insert(helpSections)
    .values({ key: section.key, title: section.title, sort })
    .onConflictDoNothing();
  await tx.insert(helpArticles).values(
    section.articles.map((article, position) => ({
      sectionKey: section.key,
      ...article,
      sort: position + 1,
    })),
  );
}

/**
 * The help center's base content, every start may need it in production: the sections (terms,
 * FAQ, deposit, withdrawal, responsible gaming, privacy; 'help-v1' was the system area's step
 * before the help center moved here, so sites seeded then keep theirs) and the beginner guide.
 */
export const helpSeedSteps: SeedStep[] = [
  {
    name: 'help-v1',
    run: async (tx) => {
      for (const [index, section] of helpSeed.entries())
        await insertSection(tx, section, index + 1);
    },
  },
  // After the others: /help opens on the terms, as the link walk and the footer expect.
  { name: 'help-guide-v1', run: (tx) => insertSection(tx, guideSeed, helpSeed.length + 1) },
  // The one rule of valid turnover, after the terms' bonus rules (sites seeded before get it too).
  {
    name: 'help-turnover-v1',
    run: async (tx) => {
      await tx.insert(helpArticles).values({ sectionKey: 'terms', ...turnoverArticle, sort: 4 });
    },
  },
];
