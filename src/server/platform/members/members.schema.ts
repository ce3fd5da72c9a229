import { sql } from 'drizzle-orm';
import {
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
import type { Language } from '../../../contract/constants.ts';

export const memberStatuses = ['active', 'disabled'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** Optional registration fields the rules may ask for; kept together, read rarely. */
export type MemberProfile = Partial<
  Record<
    | 'payeeName'
    | 'qqNum'
    | 'recommenderId'
    | 'line'
    | 'whatsapp'
    | 'facebook'
    | 'wechat'
    | 'idNumber',
    string
  >
>;

/** Players, agents (types 1, 2, 41, 42) and trial accounts (type 4). */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    language: text('language').$type<Language>().notNull().default('hi'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** argon2id PHC string; null: no password login (trial accounts, seeded agents). */
    passwordHash: text('password_hash'),
    /** 0 player; 1, 2, 41, 42 agents; 4 trial. */
    type: integer('type').notNull().default(0),
    status: text('status').$type<MemberStatus>().notNull().default('active'),
    nickname: text('nickname').notNull().default(''),
    countryDialingCode: text('country_dialing_code'),
    mobile: text('mobile'),
    email: text('email'),
    paymentPasswordHash: text('payment_password_hash'),
    /** An agent's own invitation code (upper case). */
    affiliateCode: text('affiliate_code').unique(),
    /** The agent code this member registered with. */
    uplineAffiliateCode: text('upline_affiliate_code'),
    referralCode: text('referral_code'),
    profile: jsonb('profile').$type<MemberProfile>().notNull().default({}),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Set for accounts made with a default password: the first login must change it. */
    firstLogin: boolean('first_login').notNull().default(false),
    /** IPs this account has logged in from (a new one asks for a second factor, later). */
    knownIps: jsonb('known_ips').$type<string[]>().notNull().default([]),
  },
  (table) => [
    uniqueIndex('members_username_lower_idx').on(sql`lower(${table.username})`),
    // The agent tree's trigger (migration 0026) finds the upline by upper(affiliate_code): one
    // index lookup per registration instead of a scan of every member.
    index('members_affiliate_code_upper_idx').on(sql`upper(${table.affiliateCode})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end of the session (SESSION_MAX_HOURS after login). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last authenticated call; idle longer than SESSION_IDLE_MINUTES ends the session. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** A login that must change its password first (default or expired password). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    ip: text('ip'),
  },
  (table) => [index('sessions_member_idx').on(table.memberId)],
);

/**
 * Failed logins per key ('user:<lower username>' or 'ip:<address>') in a 15-minute window, and
 * the lock of a username. In the database so the limits hold across restarts and nodes.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Checks under way that hold one of the key's places (attempts/attempt-limiter.ts). */
  checking: integer('checking').notNull().default(0),
  /** When the places held are given back whatever happens (a node that died mid-check). */
  checkingUntil: timestamp('checking_until', { withTimezone: true }),
});
