import { asc } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { helpArticles, helpSections } from './help.schema.ts';

export function listHelpSections(db: Db) {
  return db.select().from(helpSections).orderBy(asc(helpSections.sort), asc(helpSections.key));
}

export function listHelpArticles(db: Db) {
  return db.select().from(helpArticles).orderBy(asc(helpArticles.sort), asc(helpArticles.id));
}
