import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BetStatus } from '../../../../contract/seamless.ts';
import { members } from '../../../platform/members/members.schema.ts';

/**
 * A game provider that calls the seamless wallet API: its secret sealed at rest (the secret box
 * of TOTP_ENCRYPTION_KEYS: HMAC needs the secret itself, so it cannot be a hash), the shape it
 * speaks, the catalog vendors it serves and its launch URL template.
 */
export const gameProviders = pgTable('game_providers', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  shape: text('shape').$type<'seamless' | 'hub88'>().notNull().default('seamless'),
  status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
  secretSealed: text('secret_sealed').notNull(),
  secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Empty: any address; else the caller's IP must be one of them. */
  allowedIps: jsonb('allowed_ips').$type<string[]>().notNull().default([]),
  vassalages: jsonb('vassalages').$type<string[]>().notNull().default([]),
  launchUrl: text('launch_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A launch: the single-use launch token (hash, short-lived) in the game URL, exchanged once for
 * the provider's player session token (hash). Hub88-shaped providers use the launch token as
 * their session token after its first use.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    launchTokenHash: text('launch_token_hash').notNull().unique(),
    launchExpiresAt: timestamp('launch_expires_at', { withTimezone: true }).notNull(),
    launchedAt: timestamp('launched_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    sessionTokenHash: text('session_token_hash').unique(),
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    providerCode: text('provider_code')
      .notNull()
      .references(() => gameProviders.code),
    nodeId: integer('node_id'),
    gameCode: text('game_code').notNull(),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').notNull(),
    language: text('language').notNull(),
  },
  (table) => [index('game_sessions_member_idx').on(table.memberId, table.launchedAt)],
);

/**
 * One row per bet, written in the transaction of its posting: stake, the wins paid against it,
 * valid turnover (the stake, 0 once rolled back), placed and settled times.
 */
export const gameBets = pgTable(
  'game_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    providerCode: text('provider_code').notNull(),
    roundId: text('round_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').notNull(),
    gameCode: text('game_code').notNull(),
    /** The catalog's game (null for a game the catalog does not list). */
    nodeId: integer('node_id'),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    win: bigint('win', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validTurnover: bigint('valid_turnover', { mode: 'bigint' }).notNull(),
    status: text('status').$type<BetStatus>().notNull().default('open'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The stake's posting; null for a free round (nothing debited). */
    postingId: text('posting_id'),
    /** A free round's grant (free_round_grants, engagement area): stake 0, the win a bonus. */
    freeRoundGrantId: bigint('free_round_grant_id', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('game_bets_provider_txn_idx').on(table.providerCode, table.transactionId),
    index('game_bets_round_idx').on(table.providerCode, table.roundId),
    index('game_bets_member_placed_idx').on(table.memberId, table.placedAt),
  ],
);

/**
 * Every transaction a provider sent, once: (provider, transaction id) unique, with the hash of
 * its request and its first reply, so a replay answers the same and a reuse is refused. The
 * reply is json, not jsonb: its text is kept, so a replay is the first reply byte for byte.
 */
export const seamlessTransactions = pgTable(
  'seamless_transactions',
  {
    providerCode: text('provider_code').notNull(),
    transactionId: text('transaction_id').notNull(),
    kind: text('kind').$type<'bet' | 'win' | 'rollback' | 'endRound' | 'freeRound'>().notNull(),
    requestHash: text('request_hash').notNull(),
    memberId: integer('member_id').notNull(),
    reply: json('reply').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.providerCode, table.transactionId] })],
);

/** A rollback that came before its bet: the bet, when it comes, is refused. */
export const seamlessTombstones = pgTable(
  'seamless_tombstones',
  {
    providerCode: text('provider_code').notNull(),
    betTransactionId: text('bet_transaction_id').notNull(),
    rollbackTransactionId: text('rollback_transaction_id').notNull(),
    memberId: integer('member_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.providerCode, table.betTransactionId] })],
);

/**
 * Per member, per 5-minute window (of the posting's time, so a past window never changes), per
 * vendor and game type: bets, stake, valid turnover, wins and net loss, upserted in the
 * transaction of each posting. Wages, rebate, missions and VIP read these, not raw bets.
 */
export const gameRollups = pgTable(
  'game_rollups_5m',
  {
    memberId: integer('member_id').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').notNull(),
    betCount: integer('bet_count').notNull().default(0),
    stake: bigint('stake', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validTurnover: bigint('valid_turnover', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    win: bigint('win', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** stake - win: what the member lost in the window (negative when they won). */
    netLoss: bigint('net_loss', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [
    primaryKey({
      columns: [table.memberId, table.windowStart, table.vassalage, table.gameType],
    }),
    index('game_rollups_window_idx').on(table.windowStart),
  ],
);

/** The launch settings (one row, id 1). */
export const gameLaunchSettings = pgTable('game_launch_settings', {
  id: integer('id').primaryKey(),
  trialLaunch: text('trial_launch').$type<'refuse' | 'allow'>().notNull().default('refuse'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
