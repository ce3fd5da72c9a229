import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The first reply of every idempotent call, stored in the transaction that made its effect, so
 * a replay of the key (the next second or after a restart, on any node) sends the same bytes.
 * One key names one request of its scope ('member:12', 'operator:name'): the same key with
 * another operation or body is refused. Append-only.
 */
export const idempotentReplies = pgTable(
  'idempotent_replies',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** The call: 'wallet.transfer', 'deposit.create', ... */
    operation: text('operation').notNull(),
    /** SHA-256 of the operation and the request (secrets left out). */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    /** The reply body exactly as sent (the JSON envelope). */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);
