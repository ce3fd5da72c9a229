import {
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../platform/members/members.schema.ts';

export const verificationPurposes = [
  'register',
  'login',
  'resetPassword',
  'bindPhone',
  'twoFactor',
  /** A new e-mail address of the member (security center). */
  'bindEmail',
] as const;
export type VerificationPurpose = (typeof verificationPurposes)[number];

/**
 * One-time codes, stored only as an HMAC bound to (target, purpose). A code is live while it is
 * neither consumed nor invalidated and not expired.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A phone number as +<dialing code><number>, or a lower-cased e-mail address. */
    target: text('target').notNull(),
    purpose: text('purpose').$type<VerificationPurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    failedChecks: integer('failed_checks').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
  },
  (table) => [index('verification_codes_target_idx').on(table.target, table.purpose)],
);

/** Every send attempt that passed the limits, by target and IP: the hourly limits count these. */
export const verificationSends = pgTable(
  'verification_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    target: text('target').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('verification_sends_target_idx').on(table.target, table.at),
    index('verification_sends_ip_idx').on(table.ip, table.at),
  ],
);

/** Server-side secrets of this area (the HMAC key of codes), made once for every node. */
export const verificationSecrets = pgTable('verification_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
});

/** Password reset links sent by e-mail: SHA-256 of the token, 30 minutes, single use. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('password_reset_tokens_hash_idx').on(table.tokenHash)],
);
