import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Language } from '../../../contract/constants.ts';
import { members } from '../../platform/members/members.schema.ts';

/** Text per language; hi (the default language) is always present. */
export type LocalizedText = { hi: string } & Partial<Record<Exclude<Language, 'hi'>, string>>;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Help center sections; `key` is the page anchor (/help#terms, /help#guide). */
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

/** A player's feedback (question type, content), answered once by an operator. */
export const helpFeedback = pgTable(
  'help_feedback',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    questionType: text('question_type').notNull(),
    content: text('content').notNull(),
    answer: text('answer'),
    answeredBy: text('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The platform message that carried the answer. */
    messageId: integer('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('help_feedback_member_idx').on(table.memberId, table.createdAt),
    index('help_feedback_open_idx')
      .on(table.createdAt)
      .where(sql`${table.answeredAt} is null`),
  ],
);

/** Images of a feedback (PNG or JPEG by content, at most 5 MB, at most 3). */
export const helpFeedbackImages = pgTable(
  'help_feedback_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => helpFeedback.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [index('help_feedback_images_feedback_idx').on(table.feedbackId)],
);

/** One affiliate application per member, reviewed by an operator. */
export const affiliateApplications = pgTable(
  'affiliate_applications',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    contact: text('contact').notNull(),
    channel: text('channel').notNull(),
    audience: bigint('audience', { mode: 'number' }).notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('pending'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('affiliate_applications_member_idx').on(table.memberId)],
);

/** The avatar a player picked (no row: avatar 1). */
export const memberAvatars = pgTable('member_avatars', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  avatarId: smallint('avatar_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
