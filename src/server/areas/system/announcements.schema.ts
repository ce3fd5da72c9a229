import { boolean, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { announcementTypes } from '../../../contract/system.ts';
import type { LocalizedText } from './localized.ts';

export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  type: text('type').$type<(typeof announcementTypes)[number]>().notNull(),
  popup: boolean('popup').notNull().default(false),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  content: jsonb('content').$type<LocalizedText>().notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});
