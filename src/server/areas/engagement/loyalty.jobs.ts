import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Publisher } from '../../platform/realtime/publisher.ts';
import type { Job } from '../../platform/scheduler/scheduler.ts';
import type { WalletPort } from '../wallet/wallet.port.ts';
import { sealRollupsBefore, settlementLock } from '../agent/agent.port.ts';
import { pointsEvents, type PointsMoved } from './points.service.ts';
import type { Badges } from './badges.ts';

/**
 * The loyalty jobs (issue 16) on the platform scheduler, each period claimed once across nodes
 * (the `job_runs` row in the work's transaction). Every statement is set-based: one statement
 * for all members, never a loop per member.
 *
 * - `loyalty-hourly` (minute 2 of each hour, or every LOYALTY_COUNT_SECONDS): seals the rollups
 *   (as the agent settlement does) and counts the rows from its mark (`loyalty_marks`) to the
 *   period's end, each bet once: points (with the carry below one point),
 *   rebate accruals per game type at the member's VIP level, and VIP upgrades (lifetime paid
 *   deposits and counted turnover) with their upgrade bonuses through the ledger.
 * - `loyalty-rebate-auto` (00:10 daily): when the operator turned the automatic rebate on, pays
 *   every unclaimed rebate counted before the day's end.
 * - `loyalty-vip-keep` (00:05 on the 1st): a member who held a level for the whole month that
 *   ended and did not meet its keep figures that month drops one level.
 */
export const loyaltyJobNames = {
  hourly: 'loyalty-hourly',
  rebateAuto: 'loyalty-rebate-auto',
  vipKeep: 'loyalty-vip-keep',
} as const;

type Ledger = Pick<WalletPort['ledger'], 'postManySql' | 'postManyError' | 'posted'>;
type Rows<T> = { rows: T[] };

const iso = (date: Date) => date.toISOString();

/**
 * Pays unclaimed rebate accruals chosen by `filter` (over alias `a`): marks them claimed and
 * posts one ledger entry per accrual (key `rebate:<member>:<game type>:<span start>`), in one
 * statement. A second call at once waits on the rows and finds them claimed: pays nothing.
 */
export function payRebateStatement(
  ledger: Pick<Ledger, 'postManySql'>,
  filter: SQL,
  now: Date,
): SQL {
  return sql`
    WITH c AS (
      UPDATE rebate_accruals a SET claimed_at = ${iso(now)}::timestamptz
      WHERE a.claimed_at IS NULL AND a.amount > 0 AND ${filter}
      RETURNING a.member_id, a.game_type, a.span_start, a.amount
    ), items AS (
      SELECT coalesce(json_agg(json_build_object(
        'key', 'rebate:' || c.member_id || ':' || c.game_type || ':' ||
          to_char(c.span_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        'member_id', c.member_id, 'wallet_kind', 'main', 'kind', 'rebate',
        'amount', c.amount::text, 'reference', 'rebate:' || c.game_type,
        'actor', 'system:rebate') ORDER BY c.member_id, c.game_type, c.span_start), '[]'::json)
        AS list
      FROM c
    ), posted AS (
      SELECT ${ledger.postManySql(sql`(SELECT list FROM items)`)} AS outcome
    )
    SELECT (SELECT coalesce(sum(amount), 0)::text FROM c) AS amount,
      (SELECT count(*)::int FROM c) AS postings,
      (SELECT outcome->'members' FROM posted) AS members`;
}

export type RebatePaid = { amount: string; postings: number; members: number[] | null };

export async function payRebate(tx: Db, ledger: Ledger, filter: SQL, now: Date) {
  try {
    const result = (await tx.execute(
      payRebateStatement(ledger, filter, now),
    )) as unknown as Rows<RebatePaid>;
    return result.rows[0]!;
  } catch (error) {
    throw ledger.postManyError(error);
  }
}

/**
 * The span a count covers: from its mark (or an hour back, the first time) to `end`, after the
 * seal. The seal waits for the bet transactions that wrote a rollup row before it and sends every
 * later row to a window starting at or after `end`, so the rows before `end` are final: counted
 * now, once, and no bet of them is left for a later run or counted twice.
 */
async function sealedSpanOf(tx: Db, job: string, end: Date) {
  await tx.execute(settlementLock);
  await sealRollupsBefore(tx, end);
  const marked = (await tx.execute(sql`
    SELECT (extract(epoch FROM done_until) * 1000)::bigint::text AS "ms"
    FROM loyalty_marks WHERE job = ${job} FOR UPDATE`)) as unknown as Rows<{ ms: string | null }>;
  const ms = marked.rows[0]?.ms;
  const from = ms ? new Date(Number(ms)) : new Date(end.getTime() - 60 * 60_000);
  return { from, upTo: end };
}

/**
 * The count's schedule: every `seconds` (LOYALTY_COUNT_SECONDS), hourly at minute 2 by default.
 * A divisor of a minute or of an hour, so periods line up with the operator's hours.
 */
export function countCron(seconds: number): string {
  if (seconds >= 3600) return '0 2 * * * *';
  if (seconds >= 60) return `0 */${seconds / 60} * * * *`;
  return `*/${seconds} * * * * *`;
}

/** Points, rebate accruals and VIP upgrades for the sealed rollup rows in [from, upTo). */
export async function countSpan(tx: Db, ledger: Ledger, from: Date, upTo: Date, now: Date) {
  const f = iso(from);
  const u = iso(upTo);
  // Points: floor((carry + turnover) / ratio), the rest carried; one history row per span.
  const gained = (await tx.execute(sql`
    WITH t AS (
      SELECT g.member_id, sum(g.valid_turnover)::bigint AS vt FROM game_rollups_5m g
      WHERE g.window_start >= ${f}::timestamptz AND g.window_start < ${u}::timestamptz
      GROUP BY g.member_id HAVING sum(g.valid_turnover) > 0
    ), s AS (SELECT turnover_per_point AS unit FROM loyalty_settings WHERE id = 1
    ), c AS (
      SELECT t.member_id, t.vt, (coalesce(l.turnover_carry, 0) + t.vt) / s.unit AS gained,
        (coalesce(l.turnover_carry, 0) + t.vt) % s.unit AS carry
      FROM t CROSS JOIN s LEFT JOIN member_loyalty l ON l.member_id = t.member_id
    ), up AS (
      INSERT INTO member_loyalty AS m (member_id, points, points_earned, turnover_carry,
        turnover_total, updated_at)
      SELECT c.member_id, c.gained, c.gained, c.carry, c.vt, ${iso(now)}::timestamptz FROM c
      ON CONFLICT (member_id) DO UPDATE SET points = m.points + excluded.points,
        points_earned = m.points_earned + excluded.points_earned,
        turnover_carry = excluded.turnover_carry,
        turnover_total = m.turnover_total + excluded.turnover_total,
        updated_at = excluded.updated_at
      RETURNING m.member_id, m.points
    ), history AS (
      INSERT INTO points_entries (member_id, kind, points, turnover, span_start, span_end,
        created_at)
      SELECT c.member_id, 'earn', c.gained, c.vt, ${f}::timestamptz, ${u}::timestamptz,
        ${iso(now)}::timestamptz
      FROM c WHERE c.gained > 0 AND EXISTS (SELECT 1 FROM up WHERE up.member_id = c.member_id)
      ON CONFLICT DO NOTHING
    )
    SELECT up.member_id AS "memberId", up.points::text AS "points" FROM up
    JOIN c ON c.member_id = up.member_id WHERE c.gained > 0`)) as unknown as Rows<PointsMoved>;
  // Rebate: per member and game type, at the rate of the member's level (the highest rate row
  // of the game type at or below it).
  await tx.execute(sql`
    WITH t AS (
      SELECT g.member_id, g.game_type, sum(g.valid_turnover)::bigint AS vt FROM game_rollups_5m g
      WHERE g.window_start >= ${f}::timestamptz AND g.window_start < ${u}::timestamptz
      GROUP BY g.member_id, g.game_type HAVING sum(g.valid_turnover) > 0
    ), r AS (
      SELECT t.*, coalesce(v.level, 0) AS lvl, (
        SELECT rr.rate_bps FROM rebate_rates rr
        WHERE rr.game_type = t.game_type AND rr.vip_level <= coalesce(v.level, 0)
        ORDER BY rr.vip_level DESC LIMIT 1) AS rate
      FROM t LEFT JOIN member_vip v ON v.member_id = t.member_id
    )
    INSERT INTO rebate_accruals (member_id, game_type, span_start, span_end, valid_turnover,
      vip_level, rate_bps, amount)
    SELECT r.member_id, r.game_type, ${f}::timestamptz, ${u}::timestamptz, r.vt, r.lvl, r.rate,
      floor(r.vt::numeric * r.rate / 10000)::bigint
    FROM r WHERE r.rate > 0 AND floor(r.vt::numeric * r.rate / 10000) > 0
    ON CONFLICT DO NOTHING`);
  const vip = await vipUpgrades(
    tx,
    ledger,
    sql`
    SELECT g.member_id FROM game_rollups_5m g
    WHERE g.window_start >= ${f}::timestamptz AND g.window_start < ${u}::timestamptz
    UNION SELECT d.member_id FROM deposit_orders d
    WHERE d.status = 'paid' AND d.updated_at >= ${f}::timestamptz
      AND d.updated_at < ${u}::timestamptz`,
    now,
  );
  return { ...vip, points: gained.rows };
}

/**
 * VIP upgrades of the members `candidates` selects: the highest level whose lifetime figures
 * (paid deposits, counted turnover) they reached, when above theirs; each level passed pays its
 * upgrade bonus once ever (`vip_upgrade_bonuses`, ledger key `vip-upgrade:<member>:<level>`).
 */
export async function vipUpgrades(tx: Db, ledger: Ledger, candidates: SQL, now: Date) {
  try {
    const result = (await tx.execute(sql`
      WITH act AS (${candidates}), totals AS (
        SELECT a.member_id, coalesce(l.turnover_total, 0) AS tt,
          coalesce((SELECT sum(d.amount) FROM deposit_orders d
            WHERE d.member_id = a.member_id AND d.status = 'paid'), 0) AS dep
        FROM (SELECT DISTINCT member_id FROM act) a
        LEFT JOIN member_loyalty l ON l.member_id = a.member_id
      ), reach AS (
        SELECT t.member_id, max(v.level) AS lvl FROM totals t
        JOIN vip_levels v ON t.tt >= v.min_turnover AND t.dep >= v.min_deposit
        GROUP BY t.member_id
      ), cur AS (
        SELECT r.member_id, r.lvl, coalesce(mv.level, 0) AS old FROM reach r
        LEFT JOIN member_vip mv ON mv.member_id = r.member_id
        WHERE r.lvl > coalesce(mv.level, 0)
      ), upd AS (
        INSERT INTO member_vip AS mv (member_id, level, level_since, updated_at)
        SELECT cur.member_id, cur.lvl, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz FROM cur
        ON CONFLICT (member_id) DO UPDATE SET level = excluded.level,
          level_since = excluded.level_since, updated_at = excluded.updated_at
        WHERE mv.level < excluded.level
        RETURNING mv.member_id
      ), bonus AS (
        INSERT INTO vip_upgrade_bonuses (member_id, level, amount, paid_at)
        SELECT cur.member_id, v.level, v.upgrade_bonus, ${iso(now)}::timestamptz
        FROM cur JOIN vip_levels v ON v.level > cur.old AND v.level <= cur.lvl
        WHERE v.upgrade_bonus > 0 AND cur.member_id IN (SELECT member_id FROM upd)
        ON CONFLICT DO NOTHING
        RETURNING member_id, level, amount
      ), items AS (
        SELECT coalesce(json_agg(json_build_object(
          'key', 'vip-upgrade:' || b.member_id || ':' || b.level, 'member_id', b.member_id,
          'wallet_kind', 'main', 'kind', 'bonus', 'amount', b.amount::text,
          'reference', 'vip-level:' || b.level, 'actor', 'system:vip')
          ORDER BY b.member_id, b.level), '[]'::json) AS list
        FROM bonus b
      ), posted AS (SELECT ${ledger.postManySql(sql`(SELECT list FROM items)`)} AS outcome)
      SELECT (SELECT count(*)::int FROM upd) AS upgraded,
        (SELECT json_agg(member_id) FROM upd) AS "upgradedMembers",
        (SELECT outcome->'members' FROM posted) AS members`)) as unknown as Rows<{
      upgraded: number;
      upgradedMembers: number[] | null;
      members: number[] | null;
    }>;
    return result.rows[0]!;
  } catch (error) {
    throw ledger.postManyError(error);
  }
}

/** Keep-level: members who held their level the whole month and missed its keep figures. */
export async function vipKeep(tx: Db, period: { start: Date; end: Date }, now: Date) {
  const s = iso(period.start);
  const e = iso(period.end);
  const result = (await tx.execute(sql`
    WITH held AS (
      SELECT mv.member_id, mv.level, v.keep_deposit, v.keep_turnover
      FROM member_vip mv JOIN vip_levels v ON v.level = mv.level
      WHERE mv.level > 0 AND mv.level_since <= ${s}::timestamptz
    ), fig AS (
      SELECT h.*, coalesce((SELECT sum(g.valid_turnover) FROM game_rollups_5m g
          WHERE g.member_id = h.member_id AND g.window_start >= ${s}::timestamptz
            AND g.window_start < ${e}::timestamptz), 0) AS tt,
        coalesce((SELECT sum(d.amount) FROM deposit_orders d WHERE d.member_id = h.member_id
          AND d.status = 'paid' AND d.updated_at >= ${s}::timestamptz
          AND d.updated_at < ${e}::timestamptz), 0) AS dep
      FROM held h
    )
    UPDATE member_vip mv SET level = mv.level - 1, level_since = ${e}::timestamptz,
      updated_at = ${iso(now)}::timestamptz
    FROM fig WHERE fig.member_id = mv.member_id
      AND (fig.tt < fig.keep_turnover OR fig.dep < fig.keep_deposit)
    RETURNING mv.member_id`)) as unknown as Rows<{ member_id: number }>;
  return result.rows.map((row) => row.member_id);
}

export function loyaltyJobs(deps: {
  ledger: Ledger;
  clock: Clock;
  publisher: Pick<Publisher, 'publishMany'>;
  countSeconds?: number;
  /** The area's red badges (the automatic rebate empties the rebate's part). */
  badges?: Pick<Badges, 'push'>;
  /** Members whose VIP level changed: their cached member info goes (the member cache). */
  vipChanged?: (memberIds: readonly number[]) => void;
}): Job[] {
  const { ledger, clock, publisher } = deps;
  const announce = (
    members: number[] | null | undefined,
    points: readonly PointsMoved[] = [],
    after: { badges?: readonly number[]; vip?: readonly number[] | null } = {},
  ) => {
    const vip = after.vip ?? [];
    const badges = after.badges ?? [];
    if ((!members || members.length === 0) && points.length === 0 && vip.length === 0) {
      return undefined;
    }
    return async () => {
      if (vip.length > 0) deps.vipChanged?.(vip);
      if (members && members.length > 0) ledger.posted(members);
      if (badges.length > 0) await deps.badges?.push(badges);
      if (points.length > 0) await publisher.publishMany(pointsEvents(points));
    };
  };
  return [
    {
      name: loyaltyJobNames.hourly,
      cron: countCron(deps.countSeconds ?? 3600),
      async run(tx, period) {
        const { from, upTo } = await sealedSpanOf(tx, loyaltyJobNames.hourly, period.end);
        if (from.getTime() >= upTo.getTime()) return;
        const outcome = await countSpan(tx, ledger, from, upTo, clock());
        await tx.execute(sql`
          UPDATE loyalty_marks SET done_until = ${iso(upTo)}::timestamptz
          WHERE job = ${loyaltyJobNames.hourly}`);
        return announce(outcome.members, outcome.points, { vip: outcome.upgradedMembers });
      },
    },
    {
      name: loyaltyJobNames.rebateAuto,
      cron: '0 10 0 * * *',
      async run(tx, period) {
        const on = (await tx.execute(
          sql`SELECT rebate_auto AS on FROM loyalty_settings WHERE id = 1`,
        )) as unknown as Rows<{ on: boolean }>;
        if (!on.rows[0]?.on) return;
        const paid = await payRebate(
          tx,
          ledger,
          sql`a.span_end <= ${iso(period.end)}::timestamptz`,
          clock(),
        );
        return announce(paid.members, [], { badges: paid.members ?? [] });
      },
    },
    {
      name: loyaltyJobNames.vipKeep,
      cron: '0 5 0 1 * *',
      async run(tx, period) {
        return announce([], [], { vip: await vipKeep(tx, period, clock()) });
      },
    },
  ];
}

export function registerLoyaltyJobs(app: FastifyInstance, badges: Pick<Badges, 'push'>): void {
  for (const job of loyaltyJobs({
    ledger: app.wallet.ledger,
    clock: app.clock,
    publisher: app.realtime.publisher,
    countSeconds: app.config.loyaltyCountSeconds,
    badges,
    vipChanged: (memberIds) => app.memberCache.membersChanged(memberIds),
  })) {
    app.scheduler.register(job);
  }
}
