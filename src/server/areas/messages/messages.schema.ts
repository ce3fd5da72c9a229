import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../../platform/members/members.schema.ts';

/**
 * Platform messages written by an operator: to one player (`memberId`) or, with `memberId`
 * null, to every player who had an account when it was sent. One row either way.
 */
export const platformMessages = pgTable(
  'platform_messages',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** The operator who sent it. */
    sentBy: text('sent_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('platform_messages_member_idx').on(table.memberId, table.createdAt)],
);

/** Each player's marks on a message: read and deleted (a message to all has one row each). */
export const platformMessageMarks = pgTable(
  'platform_message_marks',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => platformMessages.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.memberId] }),
    index('platform_message_marks_member_idx').on(table.memberId),
  ],
);
