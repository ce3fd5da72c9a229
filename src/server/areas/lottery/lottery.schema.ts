import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type {
  BetState,
  BetType,
  DrawState,
  GameConfig,
  LotteryHit,
  LotteryRegion,
  ResultSource,
} from '../../../contract/lottery.ts';
import type { LayoutName } from '../../../contract/lottery-draw.ts';
import type { Language } from '../../../contract/constants.ts';
import { members } from '../../platform/members/members.schema.ts';

/**
 * A lottery game (issue 14) as data: a regional Vietnamese station or a fast in-house draw, its
 * prize layout, its schedule (a croner pattern read in `time_zone`), where its results come from,
 * and its odds and limits per bet type.
 */
export const lotteryGames = pgTable('lottery_games', {
  gameId: text('game_id').primaryKey(),
  names: jsonb('names').$type<Record<Language, string>>().notNull(),
  region: text('region').$type<LotteryRegion>().notNull(),
  /** The lobby's menu tag (FAST, NORTH, CENTRAL, SOUTH). */
  menuTag: text('menu_tag').notNull(),
  layout: text('layout').$type<LayoutName>().notNull(),
  /** Croner pattern of the draw times (5 or 6 fields), read in `time_zone`. */
  schedule: text('schedule').notNull(),
  timeZone: text('time_zone').notNull(),
  /** Spec 3, drawDayOfWeek: comma-separated weekday values (Sunday 1 .. Saturday 7). */
  drawDayOfWeek: text('draw_day_of_week').notNull(),
  /** Bets close this many seconds before the draw. */
  lockSeconds: integer('lock_seconds').notNull(),
  /** Where results come from: the in-house CSPRNG, a results feed, or operator entry. */
  source: text('source').$type<ResultSource>().notNull(),
  remark: text('remark').notNull().default(''),
  hot: boolean('hot').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
  config: jsonb('config').$type<GameConfig>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One draw (numero) of a game: its times, its state (scheduled, open, locked, drawn, settled, or
 * cancelled), the commitment of its seed (in-house draws: the seed is not stored until drawn; it
 * is derived under the outcome key `seed_key_id` from the draw and `seed_salt`, draw-seeds.ts)
 * and the revision of its result in force (0 before any).
 */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => lotteryGames.gameId),
    numero: text('numero').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    locksAt: timestamp('locks_at', { withTimezone: true }).notNull(),
    drawsAt: timestamp('draws_at', { withTimezone: true }).notNull(),
    state: text('state').$type<DrawState>().notNull().default('scheduled'),
    /** The seed, once drawn (published for verification); never before. */
    seed: text('seed'),
    seedHash: text('seed_hash'),
    /** The outcome key (OUTCOME_KEYS) the seed is derived under, and its salt. */
    seedKeyId: text('seed_key_id'),
    seedSalt: text('seed_salt'),
    resultRevision: integer('result_revision').notNull().default(0),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.numero] }),
    index('lottery_draws_state_locks_idx').on(table.state, table.locksAt),
    index('lottery_draws_state_draws_idx').on(table.state, table.drawsAt),
    index('lottery_draws_game_draws_idx').on(table.gameId, table.drawsAt),
  ],
);

/**
 * A draw's result, append-only (a trigger refuses UPDATE and DELETE): revision 1 is the first
 * result, a correction adds revision 2 and so on; `lottery_draws.result_revision` names the one
 * in force. Stored before it is announced.
 */
export const lotteryResults = pgTable(
  'lottery_results',
  {
    gameId: text('game_id').notNull(),
    numero: text('numero').notNull(),
    revision: integer('revision').notNull(),
    /** The layout's numbers in order, special prize first. */
    numbers: jsonb('numbers').$type<string[]>().notNull(),
    source: text('source').$type<ResultSource>().notNull(),
    /** Operator entry: who entered and who confirmed (two different operators). */
    enteredBy: text('entered_by'),
    confirmedBy: text('confirmed_by'),
    /** A correction's reason. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.numero, table.revision] }),
    foreignKey({
      columns: [table.gameId, table.numero],
      foreignColumns: [lotteryDraws.gameId, lotteryDraws.numero],
    }),
  ],
);

/**
 * An operator's result entry waiting for a second operator's confirmation (regional draws without
 * a feed, and corrections). Confirmed by another operator, it becomes a `lottery_results` row.
 */
export const lotteryResultEntries = pgTable(
  'lottery_result_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: text('game_id').notNull(),
    numero: text('numero').notNull(),
    numbers: jsonb('numbers').$type<string[]>().notNull(),
    reason: text('reason'),
    enteredBy: text('entered_by').notNull(),
    status: text('status')
      .$type<'pending' | 'confirmed' | 'rejected'>()
      .notNull()
      .default('pending'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.gameId, table.numero],
      foreignColumns: [lotteryDraws.gameId, lotteryDraws.numero],
    }),
    index('lottery_result_entries_draw_idx').on(table.gameId, table.numero),
  ],
);

/**
 * One bet: one selection of one bet type on one draw, from a slip. Its stake was debited by its
 * own ledger posting (`posting_id`); settlement stores the outcome, the win and the hits (which
 * prize and number matched) under the result revision it settled against.
 */
export const lotteryBets = pgTable(
  'lottery_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slipId: text('slip_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    gameId: text('game_id').notNull(),
    numero: text('numero').notNull(),
    betType: text('bet_type').$type<BetType>().notNull(),
    /** The numbers bet: '27' (lô, đề), '527' (3 càng, bao lô), '5' (đầu, đuôi), '12-34' (xiên). */
    selection: text('selection').notNull(),
    unitAmount: bigint('unit_amount', { mode: 'bigint' }).notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    /** The odds at placement, in hundredths (8000 = 80x the unit amount per hit). */
    oddsX100: integer('odds_x100').notNull(),
    currency: text('currency').notNull(),
    state: text('state').$type<BetState>().notNull().default('open'),
    winAmount: bigint('win_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    hits: jsonb('hits').$type<LotteryHit[]>().notNull().default([]),
    settledRevision: integer('settled_revision').notNull().default(0),
    postingId: bigint('posting_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({
      columns: [table.gameId, table.numero],
      foreignColumns: [lotteryDraws.gameId, lotteryDraws.numero],
    }),
    index('lottery_bets_draw_idx').on(table.gameId, table.numero, table.state),
    index('lottery_bets_member_idx').on(table.memberId, table.createdAt),
    index('lottery_bets_slip_idx').on(table.slipId),
  ],
);
