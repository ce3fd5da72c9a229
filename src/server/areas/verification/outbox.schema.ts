import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const outboxChannels = ['sms', 'email'] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

/** What the outbox providers would have sent; nothing leaves the machine. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').$type<OutboxChannel>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('outbox_messages_created_idx').on(table.createdAt)],
);
