import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../platform/members/members.schema.ts';

/**
 * The loyalty part of the engagement area (issue 16): points, the points mall, rebate and VIP
 * levels. Figures come from the 5-minute rollups (`game_rollups_5m`, read by name in SQL) by the
 * set-based jobs of `loyalty.jobs.ts`; money moves only through the ledger.
 */

/** One row (id 1), the operator's settings. */
export const loyaltySettings = pgTable('loyalty_settings', {
  id: smallint('id').primaryKey().default(1),
  /** Valid turnover (minor units) that earns one point. */
  turnoverPerPoint: bigint('turnover_per_point', { mode: 'bigint' })
    .notNull()
    .default(sql`10000`),
  /** The automatic daily rebate: pays every unclaimed rebate of the day that ended. */
  rebateAuto: boolean('rebate_auto').notNull().default(false),
  /** Customer service: the VIP channel (rank above 4) and the live chat (the others). */
  vipServiceUrl: text('vip_service_url').notNull().default(''),
  liveChatUrl: text('live_chat_url').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where each loyalty job stopped: the end of the rollup windows it has counted (NULL before its
 * first run). Rows are made by the migration, so a run only updates.
 */
export const loyaltyMarks = pgTable('loyalty_marks', {
  job: text('job').primaryKey(),
  doneUntil: timestamp('done_until', { withTimezone: true }),
});

/** A member's points (never expire) and the turnover the points job has counted. */
export const memberLoyalty = pgTable(
  'member_loyalty',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    points: bigint('points', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    pointsEarned: bigint('points_earned', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Turnover counted but not yet worth a whole point. */
    turnoverCarry: bigint('turnover_carry', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Every valid turnover counted (VIP levels read it). */
    turnoverTotal: bigint('turnover_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('member_loyalty_points_nonnegative', sql`${table.points} >= 0`)],
);

/** Points history: earned (per counted span), redeemed, refunded (a rejected redemption). */
export const pointsEntries = pgTable(
  'points_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').$type<'earn' | 'redeem' | 'refund'>().notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    turnover: bigint('turnover', { mode: 'bigint' }),
    spanStart: timestamp('span_start', { withTimezone: true }),
    spanEnd: timestamp('span_end', { withTimezone: true }),
    redemptionId: integer('redemption_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('points_entries_member_idx').on(table.memberId, table.id),
    uniqueIndex('points_entries_earn_idx')
      .on(table.memberId, table.spanStart)
      .where(sql`${table.kind} = 'earn'`),
  ],
);

/** The points mall's catalog, managed by the operator. */
export const pointsItems = pgTable(
  'points_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'bonus' | 'free_spins' | 'goods'>().notNull(),
    nameHi: text('name_hi').notNull(),
    nameEn: text('name_en').notNull(),
    nameBn: text('name_bn').notNull(),
    descriptionHi: text('description_hi').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionBn: text('description_bn').notNull().default(''),
    cost: bigint('cost', { mode: 'bigint' }).notNull(),
    /** bonus: the credit (minor units). */
    bonusAmount: bigint('bonus_amount', { mode: 'bigint' }),
    /** free_spins: how many, and in which built-in game. */
    freeSpins: integer('free_spins'),
    gameCode: text('game_code'),
    /** free_spins: the stake of one free round (minor units), paid by the house. */
    spinStake: bigint('spin_stake', { mode: 'bigint' }),
    /** NULL: unlimited. */
    stock: integer('stock'),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('points_items_cost_positive', sql`${table.cost} > 0`),
    check('points_items_stock_nonnegative', sql`${table.stock} IS NULL OR ${table.stock} >= 0`),
    check(
      'points_items_spin_stake_positive',
      sql`${table.spinStake} IS NULL OR ${table.spinStake} > 0`,
    ),
    // Set after the stake of existing free spins items was filled in (migration 0034).
    check(
      'points_items_free_spins_complete',
      sql`${table.kind} <> 'free_spins' OR (${table.freeSpins} > 0 AND ${table.gameCode} IS NOT NULL AND ${table.spinStake} IS NOT NULL)`,
    ),
  ],
);

/** A redemption: in process, then rejected (points back) or approved, then released. */
export const pointsRedemptions = pgTable(
  'points_redemptions',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => pointsItems.id),
    cost: bigint('cost', { mode: 'bigint' }).notNull(),
    state: text('state')
      .$type<'process' | 'rejected' | 'approved' | 'released'>()
      .notNull()
      .default('process'),
    remark: text('remark').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    reason: text('reason'),
    operator: text('operator'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('points_redemptions_key_idx').on(table.memberId, table.idempotencyKey),
    index('points_redemptions_member_idx').on(table.memberId, table.id),
    index('points_redemptions_state_idx').on(table.state, table.id),
  ],
);

/**
 * Free rounds in a built-in game, granted by the release of a free_spins redemption (one grant
 * per redemption, in the release's transaction). The seamless wallet's `seamless_free_round`
 * takes one round and pays its win in one statement. Points never expire, nor do these.
 */
export const freeRoundGrants = pgTable(
  'free_round_grants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The catalog's game code (the game session's). */
    gameCode: text('game_code').notNull(),
    roundsTotal: integer('rounds_total').notNull(),
    roundsLeft: integer('rounds_left').notNull(),
    /** The stake of one round, minor units (the player stakes nothing). */
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    /** The redemption that granted it. */
    redemptionId: integer('redemption_id')
      .notNull()
      .references(() => pointsRedemptions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('free_round_grants_redemption_idx').on(table.redemptionId),
    index('free_round_grants_member_game_idx').on(table.memberId, table.gameCode, table.id),
    check('free_round_grants_rounds_left_nonnegative', sql`${table.roundsLeft} >= 0`),
    check(
      'free_round_grants_rounds_within_total',
      sql`${table.roundsLeft} <= ${table.roundsTotal} AND ${table.roundsTotal} > 0`,
    ),
    check('free_round_grants_stake_positive', sql`${table.stake} > 0`),
  ],
);

/** Rebate rate per game type and VIP level (basis points of valid turnover). */
export const rebateRates = pgTable(
  'rebate_rates',
  {
    gameType: text('game_type').notNull(),
    vipLevel: smallint('vip_level').notNull(),
    rateBps: integer('rate_bps').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.gameType, table.vipLevel] }),
    check('rebate_rates_rate_range', sql`${table.rateBps} >= 0 AND ${table.rateBps} <= 10000`),
  ],
);

/** Rebate earned per member, game type and counted span; paid once (claimed_at). */
export const rebateAccruals = pgTable(
  'rebate_accruals',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    gameType: text('game_type').notNull(),
    spanStart: timestamp('span_start', { withTimezone: true }).notNull(),
    spanEnd: timestamp('span_end', { withTimezone: true }).notNull(),
    validTurnover: bigint('valid_turnover', { mode: 'bigint' }).notNull(),
    vipLevel: smallint('vip_level').notNull(),
    rateBps: integer('rate_bps').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameType, table.spanStart] }),
    index('rebate_accruals_unclaimed_idx')
      .on(table.memberId)
      .where(sql`${table.claimedAt} IS NULL`),
  ],
);

/** VIP levels: reach (lifetime), keep (per month), upgrade bonus and benefits. */
export const vipLevels = pgTable('vip_levels', {
  level: smallint('level').primaryKey(),
  nameHi: text('name_hi').notNull(),
  nameEn: text('name_en').notNull(),
  nameBn: text('name_bn').notNull(),
  minDeposit: bigint('min_deposit', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  minTurnover: bigint('min_turnover', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  keepDeposit: bigint('keep_deposit', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  keepTurnover: bigint('keep_turnover', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  upgradeBonus: bigint('upgrade_bonus', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  benefitsHi: text('benefits_hi').notNull().default(''),
  benefitsEn: text('benefits_en').notNull().default(''),
  benefitsBn: text('benefits_bn').notNull().default(''),
});

/** Each level's upgrade bonus, paid once per member ever. */
export const vipUpgradeBonuses = pgTable(
  'vip_upgrade_bonuses',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    level: smallint('level').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.level] })],
);
