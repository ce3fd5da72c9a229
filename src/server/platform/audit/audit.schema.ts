import { bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every mutation: who did what to which thing, with the state before and after. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  target: text('target').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
