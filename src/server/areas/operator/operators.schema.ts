import { bigint, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An operator's authenticator (TOTP, RFC 6238), as players have: the base32 secret sealed with
 * TOTP_ENCRYPTION_KEYS, pending until a first code confirms it, and the last time step a code
 * was taken for, so a code is used once. A right password and a current code pass the sign-in
 * locks (operator.service.ts).
 */
export const operatorTotp = pgTable('operator_totp', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** Null while the setup waits for its first code: a pending secret passes nothing. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});
