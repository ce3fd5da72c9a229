import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { MissionPeriod, MissionType } from '../../../contract/missions.ts';

/**
 * The missions part's queries (issue 16). Other areas' tables (game_rollups_5m, deposit_orders,
 * sessions, members) are read by name in SQL. Periods are worked out by PostgreSQL in the
 * operator's time zone: a day from local midnight, a week from local Monday midnight.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The current day's and week's spans at `now` in `tz`. */
const spans = (now: Date, tz: string): SQL => sql`
  SELECT
    date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${tz}) AT TIME ZONE ${tz}
      AS day_start,
    (date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${tz}) + interval '1 day')
      AT TIME ZONE ${tz} AS day_end,
    date_trunc('week', ${now.toISOString()}::timestamptz AT TIME ZONE ${tz}) AT TIME ZONE ${tz}
      AS week_start,
    (date_trunc('week', ${now.toISOString()}::timestamptz AT TIME ZONE ${tz}) + interval '7 days')
      AT TIME ZONE ${tz} AS week_end`;

export type PeriodSpans = { dayStart: Date; dayEnd: Date; weekStart: Date; weekEnd: Date };

export async function periodSpans(db: Db, now: Date, tz: string): Promise<PeriodSpans> {
  const [row] = rowsOf<{
    day_start: string | Date;
    day_end: string | Date;
    week_start: string | Date;
    week_end: string | Date;
  }>(await db.execute(spans(now, tz)));
  return {
    dayStart: new Date(row!.day_start),
    dayEnd: new Date(row!.day_end),
    weekStart: new Date(row!.week_start),
    weekEnd: new Date(row!.week_end),
  };
}

export type ProgressRow = {
  memberId: number;
  missionId: number;
  period: MissionPeriod;
  missionType: MissionType;
  gameType: string | null;
  title: Partial<Record<'hi' | 'en' | 'bn', string>>;
  target: string;
  reward: string;
  progress: string;
  periodStart: Date;
  claimed: boolean;
};

/**
 * Every active mission's progress for each of `memberIds` in the period holding `now`: ONE
 * statement for any number of members. Turnover and rounds from the 5-minute rollups whose
 * window starts in the period, deposits paid in the period, the longest run of consecutive
 * local days with a login (a session opened) inside the period; capped at the target.
 * `missionId` narrows it to one mission.
 */
export async function missionProgress(
  db: Db,
  memberIds: readonly number[],
  now: Date,
  tz: string,
  missionId?: number,
): Promise<ProgressRow[]> {
  if (memberIds.length === 0) return [];
  const ids = `{${memberIds.map((id) => Math.trunc(id)).join(',')}}`;
  const result = await db.execute(sql`
    WITH p AS (${spans(now, tz)}),
    d AS (
      SELECT m.id, m.period, m.mission_type, m.game_type, m.target, m.reward, m.title,
        m.sort_order,
        CASE m.period WHEN 'daily' THEN p.day_start ELSE p.week_start END AS ps,
        CASE m.period WHEN 'daily' THEN p.day_end ELSE p.week_end END AS pe
      FROM mission_definitions m CROSS JOIN p
      WHERE m.active ${missionId === undefined ? sql`` : sql`AND m.id = ${missionId}`}
    ),
    mem AS (SELECT DISTINCT unnest(${ids}::int[]) AS member_id),
    roll AS (
      SELECT g.member_id, d.id, sum(g.valid_turnover) AS turnover, sum(g.bet_count) AS rounds
      FROM d JOIN game_rollups_5m g
        ON g.window_start >= d.ps AND g.window_start < d.pe
        AND (d.game_type IS NULL OR g.game_type = d.game_type)
      WHERE d.mission_type IN ('turnover', 'rounds') AND g.member_id IN (SELECT member_id FROM mem)
      GROUP BY g.member_id, d.id
    ),
    dep AS (
      SELECT o.member_id, d.id, sum(o.amount) AS amount
      FROM d JOIN deposit_orders o
        ON o.status = 'paid' AND o.updated_at >= d.ps AND o.updated_at < d.pe
      WHERE d.mission_type = 'deposit' AND o.member_id IN (SELECT member_id FROM mem)
      GROUP BY o.member_id, d.id
    ),
    days AS (
      SELECT DISTINCT s.member_id, (s.created_at AT TIME ZONE ${tz})::date AS day
      FROM sessions s CROSS JOIN p
      WHERE s.member_id IN (SELECT member_id FROM mem)
        AND s.created_at >= least(p.week_start, p.day_start) AND s.created_at < p.week_end
    ),
    runs AS (
      SELECT d.id, i.member_id, count(*) AS len
      FROM d JOIN LATERAL (
        SELECT x.member_id, x.day - (row_number() OVER (PARTITION BY x.member_id ORDER BY x.day))::int
          AS grp
        FROM days x
        WHERE x.day >= (d.ps AT TIME ZONE ${tz})::date AND x.day < (d.pe AT TIME ZONE ${tz})::date
      ) i ON true
      WHERE d.mission_type = 'loginStreak'
      GROUP BY d.id, i.member_id, i.grp
    ),
    login AS (SELECT id, member_id, max(len) AS streak FROM runs GROUP BY id, member_id)
    SELECT mem.member_id AS "memberId", d.id AS "missionId", d.period, d.mission_type AS "missionType",
      d.game_type AS "gameType", d.title, d.target::text AS target, d.reward::text AS reward,
      least(d.target, CASE d.mission_type
        WHEN 'turnover' THEN coalesce(roll.turnover, 0)
        WHEN 'rounds' THEN coalesce(roll.rounds, 0)
        WHEN 'deposit' THEN coalesce(dep.amount, 0)
        ELSE coalesce(login.streak, 0) END)::bigint::text AS progress,
      d.ps AS "periodStart", c.member_id IS NOT NULL AS claimed
    FROM mem CROSS JOIN d
    LEFT JOIN roll ON roll.member_id = mem.member_id AND roll.id = d.id
    LEFT JOIN dep ON dep.member_id = mem.member_id AND dep.id = d.id
    LEFT JOIN login ON login.member_id = mem.member_id AND login.id = d.id
    LEFT JOIN mission_claims c
      ON c.mission_id = d.id AND c.member_id = mem.member_id AND c.period_start = d.ps
    ORDER BY mem.member_id, d.period, d.sort_order, d.id`);
  return rowsOf<ProgressRow & { periodStart: Date | string }>(result).map((row) => ({
    ...row,
    periodStart: new Date(row.periodStart),
  }));
}

/** The member's rewards claimed since `since` (this week). */
export async function claimedSince(db: Db, memberId: number, since: Date): Promise<string> {
  const [row] = rowsOf<{ total: string }>(
    await db.execute(sql`
      SELECT coalesce(sum(reward), 0)::text AS total FROM mission_claims
      WHERE member_id = ${memberId} AND claimed_at >= ${since.toISOString()}::timestamptz`),
  );
  return row?.total ?? '0';
}

/** A claim's row, in the posting's transaction; false when the period's claim exists. */
export async function insertClaim(
  tx: Db,
  claim: { missionId: number; memberId: number; periodStart: Date; reward: string; at: Date },
): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`
      INSERT INTO mission_claims (mission_id, member_id, period_start, reward, claimed_at)
      VALUES (${claim.missionId}, ${claim.memberId}, ${claim.periodStart.toISOString()}::timestamptz,
        ${claim.reward}::bigint, ${claim.at.toISOString()}::timestamptz)
      ON CONFLICT DO NOTHING RETURNING 1`),
  );
  return rows.length === 1;
}

export type LeaderRow = { rank: number; username: string; completed: number; reward: string };

/**
 * This week's leaderboard: members by claims since `since` (most first, then reward, then the
 * earliest last claim), the top `limit`, and the member's own line, in one statement.
 */
export async function leaderboard(
  db: Db,
  memberId: number,
  since: Date,
  limit: number,
): Promise<{ rows: LeaderRow[]; me: LeaderRow | null }> {
  const result = rowsOf<LeaderRow & { mine: boolean }>(
    await db.execute(sql`
      WITH t AS (
        SELECT c.member_id, count(*)::int AS completed, sum(c.reward) AS reward,
          max(c.claimed_at) AS last_at
        FROM mission_claims c
        WHERE c.claimed_at >= ${since.toISOString()}::timestamptz
        GROUP BY c.member_id
      ), r AS (
        SELECT t.*, row_number() OVER (ORDER BY t.completed DESC, t.reward DESC, t.last_at,
          t.member_id)::int AS rank
        FROM t
      )
      SELECT r.rank, m.username, r.completed, r.reward::text AS reward,
        r.member_id = ${memberId} AS mine
      FROM r JOIN members m ON m.id = r.member_id
      WHERE r.rank <= ${limit} OR r.member_id = ${memberId}
      ORDER BY r.rank`),
  );
  return {
    rows: result.filter((row) => row.rank <= limit),
    me: result.find((row) => row.mine) ?? null,
  };
}

export type DefinitionRow = {
  id: number;
  period: MissionPeriod;
  missionType: MissionType;
  gameType: string | null;
  target: string;
  reward: string;
  title: Partial<Record<'hi' | 'en' | 'bn', string>>;
  active: boolean;
  sortOrder: number;
};

const definitionColumns = sql`id, period, mission_type AS "missionType", game_type AS "gameType",
  target::text AS target, reward::text AS reward, title, active, sort_order AS "sortOrder"`;

export async function listDefinitions(db: Db): Promise<DefinitionRow[]> {
  return rowsOf<DefinitionRow>(
    await db.execute(
      sql`SELECT ${definitionColumns} FROM mission_definitions ORDER BY period, sort_order, id`,
    ),
  );
}

export async function findDefinition(db: Db, id: number): Promise<DefinitionRow | null> {
  const [row] = rowsOf<DefinitionRow>(
    await db.execute(sql`SELECT ${definitionColumns} FROM mission_definitions WHERE id = ${id}`),
  );
  return row ?? null;
}

export type DefinitionInput = Omit<DefinitionRow, 'id'>;

export async function insertDefinition(tx: Db, input: DefinitionInput): Promise<DefinitionRow> {
  const [row] = rowsOf<DefinitionRow>(
    await tx.execute(sql`
      INSERT INTO mission_definitions (period, mission_type, game_type, target, reward, title,
        active, sort_order)
      VALUES (${input.period}, ${input.missionType}, ${input.gameType}, ${input.target}::bigint,
        ${input.reward}::bigint, ${JSON.stringify(input.title)}::jsonb, ${input.active},
        ${input.sortOrder})
      RETURNING ${definitionColumns}`),
  );
  return row!;
}

export async function updateDefinition(
  tx: Db,
  id: number,
  input: DefinitionInput,
  now: Date,
): Promise<DefinitionRow | null> {
  const [row] = rowsOf<DefinitionRow>(
    await tx.execute(sql`
      UPDATE mission_definitions SET period = ${input.period}, mission_type = ${input.missionType},
        game_type = ${input.gameType}, target = ${input.target}::bigint,
        reward = ${input.reward}::bigint, title = ${JSON.stringify(input.title)}::jsonb,
        active = ${input.active}, sort_order = ${input.sortOrder},
        updated_at = ${now.toISOString()}::timestamptz
      WHERE id = ${id}
      RETURNING ${definitionColumns}`),
  );
  return row ?? null;
}

/**
 * Members whose mission progress may have moved in [from, to): bets rolled up in a window that
 * overlaps it, deposits paid in it, sessions opened in it; none when no mission is active.
 */
export async function membersActiveBetween(db: Db, from: Date, to: Date): Promise<number[]> {
  const f = from.toISOString();
  const t = to.toISOString();
  return rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT g.member_id AS id FROM game_rollups_5m g
      WHERE g.window_start > ${f}::timestamptz - interval '5 minutes'
        AND g.window_start < ${t}::timestamptz
        AND EXISTS (SELECT 1 FROM mission_definitions WHERE active)
      UNION
      SELECT o.member_id FROM deposit_orders o
      WHERE o.status = 'paid' AND o.updated_at >= ${f}::timestamptz
        AND o.updated_at < ${t}::timestamptz
        AND EXISTS (SELECT 1 FROM mission_definitions WHERE active)
      UNION
      SELECT s.member_id FROM sessions s
      WHERE s.created_at >= ${f}::timestamptz AND s.created_at < ${t}::timestamptz
        AND EXISTS (SELECT 1 FROM mission_definitions WHERE active)`),
  ).map((row) => row.id);
}
