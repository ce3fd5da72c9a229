import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { linkageTypes } from '../../../contract/system.ts';
import type { LocalizedText } from './localized.ts';

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  groupName: text('group_name').notNull(),
  linkageType: text('linkage_type').$type<(typeof linkageTypes)[number]>().notNull(),
  linkage: text('linkage'),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});
