import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../platform/members/members.schema.ts';

export type ChallengeFactor = 'sms' | 'email' | 'totp';

/**
 * A password login from an IP the account has not used, waiting for its second factor: the id
 * the client holds is stored only as its SHA-256, bound to the member, the IP and the login's
 * flags; 10 minutes, at most 5 wrong codes, single use.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: serial('id').primaryKey(),
    idHash: text('id_hash').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    factors: jsonb('factors').$type<ChallengeFactor[]>().notNull(),
    firstTimeLogin: boolean('first_time_login').notNull(),
    passwordExpired: boolean('password_expired').notNull(),
    failedChecks: integer('failed_checks').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Passed (a session was opened) or spent by wrong codes. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('login_challenges_id_hash_idx').on(table.idHash),
    index('login_challenges_member_idx').on(table.memberId),
  ],
);

/**
 * A member's authenticator (TOTP, RFC 6238): the base32 secret, pending until a first code
 * confirms it, and the last time step a code was accepted for, so a code is used once.
 */
export const memberTotp = pgTable('member_totp', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** Null while the setup waits for its first code: a pending secret is not a factor. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});
