import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { members } from '../../platform/members/members.schema.ts';
import type { MissionPeriod, MissionType } from '../../../contract/missions.ts';

/** Mission definitions (issue 16), managed by the operator (missions-ops.routes.ts). */
export const missionDefinitions = pgTable(
  'mission_definitions',
  {
    id: serial('id').primaryKey(),
    period: text('period').$type<MissionPeriod>().notNull(),
    missionType: text('mission_type').$type<MissionType>().notNull(),
    /** Rounds (and turnover, when set) of this game type only. */
    gameType: text('game_type'),
    target: bigint('target', { mode: 'bigint' }).notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    title: jsonb('title').$type<Partial<Record<'hi' | 'en' | 'bn', string>>>().notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('mission_definitions_period', sql`${table.period} IN ('daily', 'weekly')`),
    check(
      'mission_definitions_type',
      sql`${table.missionType} IN ('turnover', 'rounds', 'deposit', 'loginStreak')`,
    ),
    check('mission_definitions_amounts', sql`${table.target} > 0 AND ${table.reward} > 0`),
  ],
);

/**
 * A mission's reward claimed by a member for one period (its local start): the primary key and
 * the ledger key `mission:<mission>:<member>:<period start>` both make it once.
 */
export const missionClaims = pgTable(
  'mission_claims',
  {
    missionId: integer('mission_id')
      .notNull()
      .references(() => missionDefinitions.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.missionId, table.memberId, table.periodStart] }),
    // The leaderboard: this week's claims of every member.
    index('mission_claims_claimed_at_idx').on(table.claimedAt),
    index('mission_claims_member_idx').on(table.memberId, table.claimedAt),
  ],
);

/** A player's own referral code (made the first time the referral page is read). */
export const referralCodes = pgTable('referral_codes', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The referral reward's rules (one row, id 1; none: referral off). */
export const referralRules = pgTable(
  'referral_rules',
  {
    id: smallint('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    minDeposit: bigint('min_deposit', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    minTurnover: bigint('min_turnover', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('referral_rules_one_row', sql`${table.id} = 1`)],
);

/** The reward paid for a referred friend: one per friend, ever. */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    friendId: integer('friend_id')
      .primaryKey()
      .references(() => members.id),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => members.id),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('referral_rewards_referrer_idx').on(table.referrerId)],
);
