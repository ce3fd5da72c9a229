import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type {
  ActivityState,
  ClaimState,
  PromotionKind,
  PromotionPeriod,
} from '../../../contract/promotions.ts';
import { promotionClaimImages, promotionClaims, promotions } from './promotions.schema.ts';

/**
 * Queries of the promotions part. Other areas' tables (deposit_orders, game_rollups_5m,
 * platform_messages, members) are read in SQL by name, never through their schema modules:
 * reads only, as the area border allows (the agent settlement reads the rollups the same way).
 */

export type PromotionRow = typeof promotions.$inferSelect;
export type ClaimRow = typeof promotionClaims.$inferSelect;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A promotion as one member (or a visitor) sees it now. */
export type PromotionView = {
  id: number;
  kind: PromotionKind;
  period: PromotionPeriod;
  state: ActivityState;
  /** The current period's key (the claim's and the posting's). */
  periodKey: string;
  /** What a claim would credit now; null for a raffle or when nothing is claimable. */
  amount: bigint | null;
  claimId: number | null;
};

type RawView = {
  id: number;
  kind: PromotionKind;
  period: PromotionPeriod;
  state: ActivityState;
  period_key: string;
  amount: string | null;
  claim_id: number | null;
};

/**
 * Every promotion (or the one `promotionId`) with the member's activity state, in ONE
 * statement. Periods are days and ISO weeks in the operator's time zone. The base of each kind:
 * the largest paid deposit of the period (depositBonus), the member's first paid deposit if made
 * since the start (firstDeposit), the previous period's net loss (cashback), the period's valid
 * turnover (raffle). `memberId` null: a visitor (join, close or comingSoon only).
 */
export async function promotionViews(
  db: Db,
  input: { memberId: number | null; now: Date; timeZone: string; promotionId?: number },
): Promise<PromotionView[]> {
  const { memberId, now, timeZone } = input;
  const member = memberId ?? 0;
  const only = input.promotionId === undefined ? sql`true` : sql`p.id = ${input.promotionId}`;
  const result = await rows<RawView>(
    db,
    sql`
    WITH clock AS (
      SELECT ${now.toISOString()}::timestamptz AS now,
        (date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone})
          AT TIME ZONE ${timeZone}) AS day_start,
        (date_trunc('week', ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone})
          AT TIME ZONE ${timeZone}) AS week_start
    ),
    me AS (
      SELECT m.id, m.created_at, coalesce(v.level, 0) AS vip
      FROM members m LEFT JOIN member_vip v ON v.member_id = m.id
      WHERE m.id = ${member}
    ),
    p AS (
      SELECT p.*,
        CASE p.period
          WHEN 'daily' THEN c.day_start
          WHEN 'weekly' THEN c.week_start
          ELSE p.starts_at END AS period_start,
        CASE p.period
          WHEN 'daily' THEN c.day_start - interval '1 day'
          WHEN 'weekly' THEN c.week_start - interval '7 days'
          ELSE p.starts_at END AS previous_start,
        CASE p.period
          WHEN 'daily' THEN to_char(c.day_start AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')
          WHEN 'weekly' THEN 'W' || to_char(c.week_start AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')
          ELSE 'once' END AS period_key,
        c.now
      FROM promotions p CROSS JOIN clock c
      WHERE ${only}
    ),
    based AS (
      SELECT p.*,
        CASE p.kind
          WHEN 'depositBonus' THEN (
            SELECT max(d.amount) FROM deposit_orders d
            WHERE d.member_id = ${member} AND d.status = 'paid'
              AND d.updated_at >= greatest(p.period_start, p.starts_at) AND d.updated_at <= p.now)
          WHEN 'firstDeposit' THEN (
            SELECT CASE WHEN f.updated_at >= p.starts_at THEN f.amount END FROM (
              SELECT d.amount, d.updated_at FROM deposit_orders d
              WHERE d.member_id = ${member} AND d.status = 'paid'
              ORDER BY d.updated_at, d.id LIMIT 1) f)
          WHEN 'cashback' THEN (
            SELECT sum(r.net_loss) FROM game_rollups_5m r
            WHERE r.member_id = ${member}
              AND r.window_start >= greatest(p.previous_start, p.starts_at)
              AND r.window_start < CASE WHEN p.period = 'once' THEN p.now ELSE p.period_start END)
          WHEN 'raffle' THEN (
            SELECT sum(r.valid_turnover) FROM game_rollups_5m r
            WHERE r.member_id = ${member}
              AND r.window_start >= greatest(p.period_start, p.starts_at)
              AND r.window_start <= p.now)
        END::bigint AS base
      FROM p
    ),
    valued AS (
      SELECT b.*,
        CASE WHEN b.kind IN ('depositBonus', 'firstDeposit', 'cashback') AND b.base > 0 THEN
          CASE WHEN b.cap > 0 THEN least(b.cap, b.base * b.rate_bps / 10000)
            ELSE b.base * b.rate_bps / 10000 END
        END AS worth,
        cl.id AS claim_id, cl.state AS claim_state,
        cl.state = 'issued' AND cl.wagering_required > coalesce((
          SELECT sum(r.valid_turnover) FROM game_rollups_5m r
          WHERE r.member_id = ${member}
            AND r.window_start >= date_bin('5 minutes', cl.claimed_at, timestamptz 'epoch')), 0)
            - cl.wagering_base
          AS wagering_open
      FROM based b
      LEFT JOIN promotion_claims cl ON cl.promotion_id = b.id AND cl.member_id = ${member}
        AND cl.period_key = b.period_key
    )
    SELECT v.id, v.kind, v.period, v.period_key, v.claim_id,
      CASE
        WHEN NOT v.enabled OR (v.ends_at IS NOT NULL AND v.ends_at <= v.now) THEN 'close'
        WHEN v.starts_at > v.now THEN 'comingSoon'
        WHEN NOT EXISTS (SELECT 1 FROM me) THEN 'join'
        WHEN (SELECT vip FROM me) < v.min_vip_level THEN 'close'
        WHEN v.new_players_only AND (SELECT created_at FROM me) < v.starts_at THEN 'close'
        WHEN v.kind = 'referral' THEN 'signed'
        WHEN v.claim_state = 'issued' AND v.wagering_open THEN 'issued'
        WHEN v.claim_state = 'issued' THEN 'claimed'
        WHEN v.claim_state IS NOT NULL THEN v.claim_state
        WHEN v.kind = 'raffle' AND v.base > 0 AND v.base >= v.min_amount THEN 'claim'
        WHEN v.worth > 0 AND v.base >= v.min_amount THEN 'claim'
        WHEN v.base > 0 THEN 'process'
        ELSE 'join'
      END AS state,
      v.worth::text AS amount
    FROM valued v
    ORDER BY v.sort, v.id`,
  );
  return result.map((row) => ({
    id: row.id,
    kind: row.kind,
    period: row.period,
    state: row.state,
    periodKey: row.period_key,
    amount: row.amount === null ? null : BigInt(row.amount),
    claimId: row.claim_id,
  }));
}

export async function listPromotions(db: Db): Promise<PromotionRow[]> {
  return db.select().from(promotions).orderBy(asc(promotions.sort), asc(promotions.id));
}

export async function findPromotion(db: Db, id: number): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  return row;
}

/** One claim per (promotion, member, period): null when the period's claim already exists. */
/**
 * The member's valid turnover already in the 5-minute window of `at` (a claim's `wagering_base`,
 * evaluated in the claim's statement): what the wagering leaves out of that window.
 */
export const turnoverInWindowSql = (memberId: number, at: Date) => sql`(
  SELECT coalesce(sum(r.valid_turnover), 0) FROM game_rollups_5m r
  WHERE r.member_id = ${memberId}
    AND r.window_start = date_bin('5 minutes', ${at.toISOString()}::timestamptz, timestamptz 'epoch'))`;

export async function insertClaim(
  tx: Db,
  values: PgInsertValue<typeof promotionClaims>,
): Promise<ClaimRow | null> {
  const [row] = await tx.insert(promotionClaims).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findClaim(db: Db, id: number): Promise<ClaimRow | undefined> {
  const [row] = await db.select().from(promotionClaims).where(eq(promotionClaims.id, id));
  return row;
}

export async function findClaimOf(
  db: Db,
  key: { promotionId: number; memberId: number; periodKey: string },
): Promise<ClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(promotionClaims)
    .where(
      and(
        eq(promotionClaims.promotionId, key.promotionId),
        eq(promotionClaims.memberId, key.memberId),
        eq(promotionClaims.periodKey, key.periodKey),
      ),
    );
  return row;
}

/** Moves a claim out of `from` (an operator's decision): null when it was no longer there. */
export async function decideClaim(
  tx: Db,
  id: number,
  from: ClaimState,
  values: PgUpdateSetSource<typeof promotionClaims>,
): Promise<ClaimRow | null> {
  const [row] = await tx
    .update(promotionClaims)
    .set(values)
    .where(and(eq(promotionClaims.id, id), eq(promotionClaims.state, from)))
    .returning();
  return row ?? null;
}

export async function insertImages(
  tx: Db,
  claimId: number,
  images: { contentType: string; data: Buffer }[],
): Promise<void> {
  if (images.length === 0) return;
  await tx
    .insert(promotionClaimImages)
    .values(images.map((image, index) => ({ claimId, index, ...image })));
}

export async function findImage(db: Db, claimId: number, index: number) {
  const [row] = await db
    .select()
    .from(promotionClaimImages)
    .where(and(eq(promotionClaimImages.claimId, claimId), eq(promotionClaimImages.index, index)));
  return row;
}

/** A claim with its promotion's kind and title, its image count and its wagering progress. */
export type ClaimDetail = Omit<ClaimRow, 'wageringBase'> & {
  kind: PromotionKind;
  title: { hi: string; en: string; bn: string };
  imageCount: number;
  wageringDone: bigint;
  username: string;
};

type RawDetail = {
  id: number;
  promotion_id: number;
  member_id: number;
  period_key: string;
  state: ClaimState;
  amount: string | null;
  remark: string;
  wagering_required: string;
  posting_id: string | null;
  reject_reason: string | null;
  decided_by: string | null;
  claimed_at: string | Date;
  decided_at: string | Date | null;
  kind: PromotionKind;
  title: { hi: string; en: string; bn: string };
  image_count: number;
  wagering_done: string;
  username: string;
};

const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * Claims with their wagering progress, in ONE statement: the member's (newest first, at most
 * `limit`), or every claim in `state` (oldest first) for the operator. Turnover counts from the
 * claim's 5-minute rollup window.
 */
export async function claimDetails(
  db: Db,
  filter: { memberId: number } | { state: ClaimState },
  limit: number,
): Promise<ClaimDetail[]> {
  const where =
    'memberId' in filter ? sql`c.member_id = ${filter.memberId}` : sql`c.state = ${filter.state}`;
  const order = 'memberId' in filter ? sql`c.claimed_at DESC, c.id DESC` : sql`c.claimed_at, c.id`;
  const result = await rows<RawDetail>(
    db,
    sql`
    SELECT c.id, c.promotion_id, c.member_id, c.period_key, c.state, c.amount::text AS amount,
      c.remark, c.wagering_required::text AS wagering_required, c.posting_id::text AS posting_id,
      c.reject_reason, c.decided_by, c.claimed_at, c.decided_at, p.kind, p.title, m.username,
      (SELECT count(*)::int FROM promotion_claim_images i WHERE i.claim_id = c.id) AS image_count,
      CASE WHEN c.state = 'issued' AND c.wagering_required > 0 THEN coalesce((
        SELECT sum(r.valid_turnover) FROM game_rollups_5m r
        WHERE r.member_id = c.member_id
          AND r.window_start >= date_bin('5 minutes', c.claimed_at, timestamptz 'epoch')), 0)
          - c.wagering_base
      ELSE 0 END::text AS wagering_done
    FROM promotion_claims c
    JOIN promotions p ON p.id = c.promotion_id
    JOIN members m ON m.id = c.member_id
    WHERE ${where}
    ORDER BY ${order}
    LIMIT ${limit}`,
  );
  return result.map((row) => ({
    id: row.id,
    promotionId: row.promotion_id,
    memberId: row.member_id,
    periodKey: row.period_key,
    state: row.state,
    amount: row.amount === null ? null : BigInt(row.amount),
    remark: row.remark,
    wageringRequired: BigInt(row.wagering_required),
    postingId: row.posting_id === null ? null : Number(row.posting_id),
    rejectReason: row.reject_reason,
    decidedBy: row.decided_by,
    claimedAt: asDate(row.claimed_at),
    decidedAt: row.decided_at === null ? null : asDate(row.decided_at),
    kind: row.kind,
    title: row.title,
    imageCount: row.image_count,
    wageringDone: BigInt(row.wagering_done),
    username: row.username,
  }));
}

/**
 * What unmet wagering requirements hold of the member's balance, in ONE statement: the sum of
 * the bonuses whose turnover is not met yet, and the turnover they still need.
 */
export async function wageringHold(
  db: Db,
  memberId: number,
): Promise<{ held: bigint; turnoverNeeded: bigint }> {
  const [row] = await rows<{ held: string; needed: string }>(
    db,
    sql`
    SELECT coalesce(sum(o.amount), 0)::text AS held,
      coalesce(sum(o.wagering_required - o.done), 0)::text AS needed
    FROM (
      SELECT c.amount, c.wagering_required, coalesce((
        SELECT sum(r.valid_turnover) FROM game_rollups_5m r
        WHERE r.member_id = c.member_id
          AND r.window_start >= date_bin('5 minutes', c.claimed_at, timestamptz 'epoch')), 0)
          - c.wagering_base
        AS done
      FROM promotion_claims c
      WHERE c.member_id = ${memberId} AND c.state = 'issued' AND c.wagering_required > 0
    ) o
    WHERE o.done < o.wagering_required`,
  );
  return { held: BigInt(row?.held ?? '0'), turnoverNeeded: BigInt(row?.needed ?? '0') };
}

/** The member's unread platform messages (as messages' countMemberMessages counts them). */
export async function unreadMessages(db: Db, memberId: number): Promise<number> {
  const [row] = await rows<{ unread: number }>(
    db,
    sql`
    SELECT count(*)::int AS unread
    FROM platform_messages pm
    JOIN members m ON m.id = ${memberId}
    LEFT JOIN platform_message_marks mk ON mk.message_id = pm.id AND mk.member_id = m.id
    WHERE (pm.member_id = m.id OR (pm.member_id IS NULL AND pm.created_at >= m.created_at))
      AND mk.deleted_at IS NULL AND mk.read_at IS NULL`,
  );
  return row?.unread ?? 0;
}

export async function vipLevel(db: Db, memberId: number): Promise<number> {
  const [row] = await rows<{ level: number }>(
    db,
    sql`SELECT level FROM member_vip WHERE member_id = ${memberId}`,
  );
  return row?.level ?? 0;
}
