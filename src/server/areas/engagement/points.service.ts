import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Language } from '../../../contract/constants.ts';
import type {
  PointsBalance,
  PointsConfig,
  PointsDetails,
  PointsItem,
  Redemption,
  Redemptions,
  pointsItemBodySchema,
  redeemBodySchema,
  redemptionActions,
} from '../../../contract/loyalty.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { MemberRow, Operator } from '../../platform/http/auth.ts';
import type { Publisher } from '../../platform/realtime/publisher.ts';
import type { MemberSecrets } from '../../platform/members/member-secrets.ts';
import type { WalletPort } from '../wallet/wallet.port.ts';

type Rows<T> = { rows: T[] };
type RedeemBody = z.infer<typeof redeemBodySchema>;
type ItemBody = z.infer<typeof pointsItemBodySchema>;
type Action = (typeof redemptionActions)[number];

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();
const suffix = (language: Language) => (language === 'hi' ? 'hi' : language === 'bn' ? 'bn' : 'en');

type RedemptionRow = {
  id: number;
  member_id: number;
  item_id: number;
  item_name: string;
  kind: PointsItem['kind'];
  cost: string;
  state: Redemption['state'];
  remark: string;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
  released_at: string | null;
  free_game_code: string | null;
  free_rounds: number | null;
  free_rounds_left: number | null;
  free_stake: string | null;
};
const redemptionOf = (row: RedemptionRow): Redemption => ({
  id: row.id,
  itemId: row.item_id,
  itemName: row.item_name,
  kind: row.kind,
  cost: row.cost,
  state: row.state,
  remark: row.remark,
  reason: row.reason,
  createdAt: iso(row.created_at)!,
  decidedAt: iso(row.decided_at),
  releasedAt: iso(row.released_at),
  freeRounds:
    row.free_game_code === null
      ? null
      : {
          gameCode: row.free_game_code,
          rounds: row.free_rounds!,
          roundsLeft: row.free_rounds_left!,
          stake: row.free_stake!,
        },
});
const redemptionColumns = (language: Language) => sql`r.id, r.member_id, r.item_id,
  ${sql.raw(`i.name_${suffix(language)}`)} AS item_name, i.kind, r.cost::text AS cost, r.state,
  r.remark, r.reason, r.created_at, r.decided_at, r.released_at, g.game_code AS free_game_code,
  g.rounds_total AS free_rounds, g.rounds_left AS free_rounds_left, g.stake::text AS free_stake`;
/** A redemption's free round grant (released free_spins items), when it has one. */
const grantJoin = sql`LEFT JOIN free_round_grants g ON g.redemption_id = r.id`;

const redemptionNews = {
  approve: 'redemptionApproved',
  reject: 'redemptionRejected',
  release: 'redemptionReleased',
} as const;

/** A member whose points moved, with the balance after it (the `points` event). */
export type PointsMoved = { memberId: number; points: string };

/** The `points` events of `moved`, for `publishMany` after the commit. */
export function pointsEvents(moved: readonly PointsMoved[]) {
  return moved.map(({ memberId, points }) => ({
    memberId,
    event: { name: 'points' as const, payload: { points } },
  }));
}

/**
 * Points and the points mall (issue 16): balance, history, the catalog, redemption with the
 * payment password (points taken and the redemption row in one transaction; a second call with
 * the same key answers the first redemption), and the operator's approve, reject (points and
 * stock back) and release (a bonus item's credit: one ledger posting keyed by the redemption;
 * a free_spins item's free rounds: one `free_round_grants` row in the release's transaction).
 */
export function createPointsService(deps: {
  db: Db;
  clock: Clock;
  ledger: Pick<WalletPort['ledger'], 'post'>;
  secrets: Pick<MemberSecrets, 'verifyPaymentPassword'>;
  publisher: Pick<Publisher, 'publishMany' | 'publish'>;
}) {
  const { db, clock, ledger, secrets, publisher } = deps;
  /** The `points` event of a member whose points moved (the balance after), after the commit. */
  const tellPoints = (moved: PointsMoved) => publisher.publishMany(pointsEvents([moved]));

  async function settings(conn: Db = db) {
    const result = (await conn.execute(
      sql`SELECT turnover_per_point::text AS unit FROM loyalty_settings WHERE id = 1`,
    )) as unknown as Rows<{ unit: string }>;
    return result.rows[0]?.unit ?? '10000';
  }

  async function redemptionById(conn: Db, id: number, language: Language) {
    const result = (await conn.execute(sql`
      SELECT ${redemptionColumns(language)} FROM points_redemptions r
      JOIN points_items i ON i.id = r.item_id ${grantJoin} WHERE r.id = ${id}`)) as unknown as Rows<RedemptionRow>;
    return result.rows[0];
  }

  async function pointsOf(conn: Db, memberId: number) {
    const result = (await conn.execute(
      sql`SELECT points::text AS points, points_earned::text AS earned FROM member_loyalty
        WHERE member_id = ${memberId}`,
    )) as unknown as Rows<{ points: string; earned: string }>;
    return result.rows[0] ?? { points: '0', earned: '0' };
  }

  return {
    async balance(memberId: number): Promise<PointsBalance> {
      const [mine, unit] = await Promise.all([pointsOf(db, memberId), settings()]);
      return { ...mine, turnoverPerPoint: unit };
    },

    async config(): Promise<PointsConfig> {
      return { turnoverPerPoint: await settings(), neverExpire: true };
    },

    async details(
      memberId: number,
      page: { pageNo: number; pageSize: number },
    ): Promise<PointsDetails> {
      const offset = (page.pageNo - 1) * page.pageSize;
      const result = (await db.execute(sql`
        WITH total AS (SELECT count(*)::int AS n FROM points_entries WHERE member_id = ${memberId})
        SELECT total.n, p.* FROM total LEFT JOIN LATERAL (
          SELECT id::int AS id, kind, points::text AS points, turnover::text AS turnover,
            redemption_id, created_at FROM points_entries
          WHERE member_id = ${memberId} ORDER BY id DESC LIMIT ${page.pageSize} OFFSET ${offset}
        ) p ON true`)) as unknown as Rows<{
        n: number;
        id: number | null;
        kind: 'earn' | 'redeem' | 'refund';
        points: string;
        turnover: string | null;
        redemption_id: number | null;
        created_at: string;
      }>;
      const n = result.rows[0]?.n ?? 0;
      return {
        list: result.rows
          .filter((row) => row.id !== null)
          .map((row) => ({
            id: row.id!,
            kind: row.kind,
            points: row.points,
            turnover: row.turnover,
            redemptionId: row.redemption_id,
            createdAt: iso(row.created_at)!,
          })),
        pageNo: page.pageNo,
        totalPages: Math.ceil(n / page.pageSize),
      };
    },

    async items(language: Language): Promise<PointsItem[]> {
      const s = suffix(language);
      const result = (await db.execute(sql`
        SELECT id, kind, ${sql.raw(`name_${s}`)} AS name, ${sql.raw(`description_${s}`)} AS description,
          cost::text AS cost, bonus_amount::text AS bonus_amount, free_spins, game_code,
          spin_stake::text AS spin_stake, stock
        FROM points_items WHERE active ORDER BY sort, id`)) as unknown as Rows<{
        id: number;
        kind: PointsItem['kind'];
        name: string;
        description: string;
        cost: string;
        bonus_amount: string | null;
        free_spins: number | null;
        game_code: string | null;
        spin_stake: string | null;
        stock: number | null;
      }>;
      return result.rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        name: row.name,
        description: row.description,
        cost: row.cost,
        bonusAmount: row.bonus_amount,
        freeSpins: row.free_spins,
        gameCode: row.game_code,
        spinStake: row.spin_stake,
        stock: row.stock,
      }));
    },

    async redeem(member: MemberRow, body: RedeemBody, language: Language) {
      const replay = async (conn: Db) => {
        const found = (await conn.execute(sql`
          SELECT id FROM points_redemptions
          WHERE member_id = ${member.id} AND idempotency_key = ${body.idempotencyKey}`)) as unknown as Rows<{
          id: number;
        }>;
        return found.rows[0]?.id;
      };
      const earlier = await replay(db);
      if (earlier === undefined) {
        const item = (await db.execute(
          sql`SELECT id FROM points_items WHERE id = ${body.itemId} AND active`,
        )) as unknown as Rows<{ id: number }>;
        if (item.rows.length === 0) throw new AppError(404, 'points_item_unavailable');
        await secrets.verifyPaymentPassword(member, body.paymentPassword, {
          action: 'points.redeem.paymentPassword.wrong',
        });
      }
      // A new redemption answers the points its UPDATE left (and tells them); a replay reads them.
      let left: string | undefined;
      const id =
        earlier ??
        (await db.transaction(async (tx) => {
          const again = await replay(tx);
          if (again !== undefined) return again;
          const item = (await tx.execute(sql`
            UPDATE points_items SET stock = CASE WHEN stock IS NULL THEN NULL ELSE stock - 1 END
            WHERE id = ${body.itemId} AND active AND (stock IS NULL OR stock > 0)
            RETURNING cost::text AS cost`)) as unknown as Rows<{ cost: string }>;
          const cost = item.rows[0]?.cost;
          if (cost === undefined) throw new AppError(409, 'points_item_unavailable');
          const taken = (await tx.execute(sql`
            UPDATE member_loyalty SET points = points - ${cost}::bigint, updated_at = ${clock().toISOString()}::timestamptz
            WHERE member_id = ${member.id} AND points >= ${cost}::bigint
            RETURNING points::text AS points`)) as unknown as Rows<{ points: string }>;
          if (taken.rows.length === 0) throw new AppError(409, 'points_insufficient');
          left = taken.rows[0]!.points;
          const made = (await tx.execute(sql`
            INSERT INTO points_redemptions (member_id, item_id, cost, remark, idempotency_key, created_at)
            VALUES (${member.id}, ${body.itemId}, ${cost}::bigint, ${body.remark}, ${body.idempotencyKey},
              ${clock().toISOString()}::timestamptz)
            RETURNING id`)) as unknown as Rows<{ id: number }>;
          const redemptionId = made.rows[0]!.id;
          await tx.execute(sql`
            INSERT INTO points_entries (member_id, kind, points, redemption_id, created_at)
            VALUES (${member.id}, 'redeem', -${cost}::bigint, ${redemptionId},
              ${clock().toISOString()}::timestamptz)`);
          await insertAudit(tx, {
            actor: `member:${member.id}`,
            action: 'points.redeem',
            target: `points-redemption:${redemptionId}`,
            before: null,
            after: { itemId: body.itemId, cost },
          });
          return redemptionId;
        }));
      const row = await redemptionById(db, id, language);
      if (left !== undefined) await tellPoints({ memberId: member.id, points: left });
      const points = left ?? (await pointsOf(db, member.id)).points;
      return { redemption: redemptionOf(row!), points };
    },

    async redemptions(
      memberId: number | null,
      query: { pageNo: number; pageSize: number; state?: Redemption['state'] },
      language: Language,
    ): Promise<Omit<Redemptions, 'list'> & { list: (Redemption & { memberId: number })[] }> {
      const where = sql`(${memberId}::int IS NULL OR r.member_id = ${memberId}::int)
        AND (${query.state ?? null}::text IS NULL OR r.state = ${query.state ?? null}::text)`;
      const offset = (query.pageNo - 1) * query.pageSize;
      const total = (await db.execute(
        sql`SELECT count(*)::int AS n FROM points_redemptions r WHERE ${where}`,
      )) as unknown as Rows<{ n: number }>;
      const result = (await db.execute(sql`
        SELECT ${redemptionColumns(language)} FROM points_redemptions r
        JOIN points_items i ON i.id = r.item_id ${grantJoin} WHERE ${where}
        ORDER BY r.id DESC LIMIT ${query.pageSize} OFFSET ${offset}`)) as unknown as Rows<RedemptionRow>;
      return {
        list: result.rows.map((row) => ({ ...redemptionOf(row), memberId: row.member_id })),
        pageNo: query.pageNo,
        totalPages: Math.ceil((total.rows[0]?.n ?? 0) / query.pageSize),
      };
    },

    /** approve: process -> approved; reject: process -> rejected (points back); release: approved -> released. */
    async act(operator: Operator, id: number, action: Action, reason: string) {
      const from = action === 'release' ? 'approved' : 'process';
      const to = action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'released';
      const now = clock().toISOString();
      const moved = await db.transaction(async (tx) => {
        const result = (await tx.execute(sql`
          UPDATE points_redemptions r SET state = ${to}, operator = ${operator.username},
            reason = CASE WHEN ${reason} = '' THEN r.reason ELSE ${reason} END,
            decided_at = CASE WHEN ${action} = 'release' THEN r.decided_at ELSE ${now}::timestamptz END,
            released_at = CASE WHEN ${action} = 'release' THEN ${now}::timestamptz ELSE NULL END
          WHERE r.id = ${id} AND r.state = ${from}
          RETURNING r.member_id, r.item_id, r.cost::text AS cost,
            (SELECT i.kind FROM points_items i WHERE i.id = r.item_id) AS kind,
            (SELECT i.bonus_amount::text FROM points_items i WHERE i.id = r.item_id) AS bonus`)) as unknown as Rows<{
          member_id: number;
          item_id: number;
          cost: string;
          kind: string;
          bonus: string | null;
        }>;
        const row = result.rows[0];
        if (!row) {
          const exists = (await tx.execute(
            sql`SELECT 1 FROM points_redemptions WHERE id = ${id}`,
          )) as unknown as Rows<unknown>;
          throw exists.rows.length === 0
            ? new AppError(404, 'redemption_not_found')
            : new AppError(409, 'redemption_state_invalid');
        }
        let pointsAfter: string | undefined;
        let granted: { id: string; rounds: number } | undefined;
        if (action === 'release' && row.kind === 'free_spins') {
          // The free rounds, with the release: one grant per redemption (a retry adds none).
          const grant = (await tx.execute(sql`
            INSERT INTO free_round_grants (member_id, game_code, rounds_total, rounds_left, stake,
              redemption_id, created_at)
            SELECT ${row.member_id}, i.game_code, i.free_spins, i.free_spins, i.spin_stake, ${id},
              ${now}::timestamptz
            FROM points_items i WHERE i.id = ${row.item_id}
            ON CONFLICT (redemption_id) DO NOTHING
            RETURNING id::text AS id, rounds_total AS rounds`)) as unknown as Rows<{
            id: string;
            rounds: number;
          }>;
          granted = grant.rows[0];
        }
        if (action === 'reject') {
          const back = (await tx.execute(sql`
            UPDATE member_loyalty SET points = points + ${row.cost}::bigint WHERE member_id = ${row.member_id}
            RETURNING points::text AS points`)) as unknown as Rows<{ points: string }>;
          pointsAfter = back.rows[0]?.points;
          await tx.execute(sql`
            UPDATE points_items SET stock = stock + 1 WHERE id = ${row.item_id} AND stock IS NOT NULL`);
          await tx.execute(sql`
            INSERT INTO points_entries (member_id, kind, points, redemption_id, created_at)
            VALUES (${row.member_id}, 'refund', ${row.cost}::bigint, ${id}, ${now}::timestamptz)`);
        }
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: `points.redemption.${action}`,
          target: `points-redemption:${id}`,
          before: { state: from },
          after: {
            state: to,
            reason,
            ...(granted ? { freeRoundGrant: granted.id, rounds: granted.rounds } : {}),
          },
        });
        return { ...row, pointsAfter };
      });
      if (moved.pointsAfter !== undefined) {
        await tellPoints({ memberId: moved.member_id, points: moved.pointsAfter });
      }
      // The member hears what became of the redemption (an open redeem history reads it again).
      await publisher.publish(moved.member_id, {
        name: 'notification',
        payload: {
          id: randomUUID(),
          kind: redemptionNews[action],
          title: null,
          params: { redemptionId: id },
          createdAt: clock().toISOString(),
        },
      });
      // A bonus item's credit: one posting keyed by the redemption (a retry pays nothing more).
      if (action === 'release' && moved.kind === 'bonus' && moved.bonus) {
        await ledger.post({
          memberId: moved.member_id,
          kind: 'bonus',
          amount: BigInt(moved.bonus),
          idempotencyKey: `points-redemption:${id}`,
          reference: `points-redemption:${id}`,
          actor: `operator:${operator.username}`,
        });
      }
      return (await redemptionById(db, id, 'en'))!.state;
    },

    async saveItem(operator: Operator, body: ItemBody, id?: number) {
      const values = sql`${body.kind}, ${body.nameHi}, ${body.nameEn}, ${body.nameBn},
        ${body.descriptionHi}, ${body.descriptionEn}, ${body.descriptionBn}, ${body.cost}::bigint,
        ${body.bonusAmount}::bigint, ${body.freeSpins}::int, ${body.gameCode},
        ${body.spinStake}::bigint, ${body.stock}::int, ${body.active}, ${body.sort}`;
      return db.transaction(async (tx) => {
        const result = (await tx.execute(
          id === undefined
            ? sql`INSERT INTO points_items (kind, name_hi, name_en, name_bn, description_hi,
                description_en, description_bn, cost, bonus_amount, free_spins, game_code,
                spin_stake, stock, active, sort) VALUES (${values}) RETURNING id`
            : sql`UPDATE points_items SET (kind, name_hi, name_en, name_bn, description_hi,
                description_en, description_bn, cost, bonus_amount, free_spins, game_code,
                spin_stake, stock, active, sort) = (${values}) WHERE id = ${id} RETURNING id`,
        )) as unknown as Rows<{ id: number }>;
        const saved = result.rows[0];
        if (!saved) throw new AppError(404, 'points_item_unavailable');
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: id === undefined ? 'points.item.create' : 'points.item.update',
          target: `points-item:${saved.id}`,
          before: null,
          after: body,
        });
        return { id: saved.id };
      });
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
