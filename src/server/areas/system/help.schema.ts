import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { LocalizedText } from './localized.ts';

/** Help center sections; `key` is the page anchor (/help#terms). */
export const helpSections = pgTable('help_sections', {
  key: text('key').primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  sort: integer('sort').notNull().default(0),
});

export const helpArticles = pgTable('help_articles', {
  id: serial('id').primaryKey(),
  sectionKey: text('section_key')
    .notNull()
    .references(() => helpSections.key, { onDelete: 'cascade' }),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  content: jsonb('content').$type<LocalizedText>().notNull(),
  sort: integer('sort').notNull().default(0),
});
