import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** The white-label module tree: one row per flag, children point at their parent. */
export const modules = pgTable('modules', {
  modId: text('mod_id').primaryKey(),
  parentId: text('parent_id'),
  enabled: boolean('enabled').notNull(),
  sort: integer('sort').notNull().default(0),
});
