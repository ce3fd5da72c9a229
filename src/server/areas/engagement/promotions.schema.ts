import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../platform/members/members.schema.ts';
import type { ClaimState, PromotionKind, PromotionPeriod } from '../../../contract/promotions.ts';

type Localized = { hi: string; en: string; bn: string };
type Prize = { amount: string; weight: number };

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Operator-managed promotions (issue 16). Amounts in minor units; rates in basis points.
 * Eligibility: dates, the member's VIP level (member_vip), new players only (registered since
 * `starts_at`), and once per period.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<PromotionKind>().notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    period: text('period').$type<PromotionPeriod>().notNull(),
    rateBps: integer('rate_bps').notNull().default(0),
    cap: bigint('cap', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    minAmount: bigint('min_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    minVipLevel: smallint('min_vip_level').notNull().default(0),
    newPlayersOnly: boolean('new_players_only').notNull().default(false),
    wageringMultiplier: smallint('wagering_multiplier').notNull().default(0),
    needsApproval: boolean('needs_approval').notNull().default(false),
    prizes: jsonb('prizes').$type<Prize[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'promotions_kind_valid',
      sql`${table.kind} IN ('depositBonus','firstDeposit','cashback','raffle','referral')`,
    ),
    check('promotions_period_valid', sql`${table.period} IN ('once','daily','weekly')`),
  ],
);

/**
 * A member's claim of a promotion for one period: one row per (promotion, member, period), so a
 * second claim of the period cannot exist; its credit is the posting `promo:<id>:<member>:<period>`.
 * `applying` waits for an operator; `issued` was credited; `rejected` was refused.
 */
export const promotionClaims = pgTable(
  'promotion_claims',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    periodKey: text('period_key').notNull(),
    state: text('state').$type<ClaimState>().notNull(),
    /** Null while an application waits without a worked-out amount. */
    amount: bigint('amount', { mode: 'bigint' }),
    remark: text('remark').notNull().default(''),
    wageringRequired: bigint('wagering_required', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * Valid turnover already in the claim's 5-minute rollup window when it was claimed: the
     * wagering counts that window's later play only (turnover since the claim, to the unit).
     */
    wageringBase: bigint('wagering_base', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    postingId: bigint('posting_id', { mode: 'number' }),
    rejectReason: text('reject_reason'),
    decidedBy: text('decided_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('promotion_claims_period_idx').on(
      table.promotionId,
      table.memberId,
      table.periodKey,
    ),
    index('promotion_claims_member_idx').on(table.memberId, table.claimedAt),
    index('promotion_claims_applying_idx')
      .on(table.claimedAt)
      .where(sql`${table.state} = 'applying'`),
    check('promotion_claims_state_valid', sql`${table.state} IN ('applying','rejected','issued')`),
  ],
);

/** An application's images (png or jpg, checked by content), served back only to their owner. */
export const promotionClaimImages = pgTable(
  'promotion_claim_images',
  {
    claimId: integer('claim_id')
      .notNull()
      .references(() => promotionClaims.id),
    index: smallint('index').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.claimId, table.index] })],
);
