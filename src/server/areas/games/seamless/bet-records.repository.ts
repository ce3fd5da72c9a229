import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../../contract/constants.ts';
import type { BetStatus } from '../../../../contract/seamless.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { BetSource } from './bet-sources.ts';
import { gameBets } from './seamless.schema.ts';

/**
 * The member's bets of every product as one set, for the betting record and the profit and
 * loss alike (so their totals agree for any range): the seamless wallet's `game_bets` and each
 * registered bet source (bet-sources.ts), a bet counted by its placing time with its stake and
 * its win, a rolled back (refunded) bet listed but counted in neither.
 */
export type RecordFilter = {
  memberId: number;
  start: Date;
  end: Date;
  gameType?: string;
  vassalage?: string;
};

export type RecordRow = {
  betId: string;
  /** The registered source's key; null for a seamless wallet bet. */
  source: string | null;
  roundId: string;
  transactionId: string;
  provider: string;
  vassalage: string;
  gameType: string;
  gameCode: string;
  /** The source's name of the game; null for a seamless wallet bet (the catalog names it). */
  gameName: string | null;
  stake: bigint;
  win: bigint;
  validTurnover: bigint;
  status: BetStatus;
  placedAt: Date;
  settledAt: Date | null;
};

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Each part of the union with the same columns, by name (a source's own columns wrapped). */
function parts(filter: RecordFilter, sources: readonly BetSource[], language: Language): SQL[] {
  const { memberId, start, end, gameType, vassalage } = filter;
  const games = sql`
    SELECT ${gameBets.id}::text AS bet_id, NULL::text AS source, ${gameBets.roundId} AS round_id,
      ${gameBets.transactionId} AS transaction_id, ${gameBets.providerCode} AS provider,
      ${gameBets.vassalage} AS vassalage, ${gameBets.gameType} AS game_type,
      ${gameBets.gameCode} AS game_code, NULL::text AS game_name, ${gameBets.stake} AS stake,
      ${gameBets.win} AS win, ${gameBets.validTurnover} AS valid_turnover,
      ${gameBets.status} AS status, ${gameBets.placedAt} AS placed_at,
      ${gameBets.settledAt} AS settled_at, ${gameBets.id} AS seq
    FROM ${gameBets}
    WHERE ${gameBets.memberId} = ${memberId}
      AND ${gameBets.placedAt} >= ${start.toISOString()}::timestamptz
      AND ${gameBets.placedAt} <= ${end.toISOString()}::timestamptz
      ${gameType ? sql`AND ${gameBets.gameType} = ${gameType}` : sql``}
      ${vassalage ? sql`AND ${gameBets.vassalage} = ${vassalage}` : sql``}`;
  const others = sources
    .filter(
      (source) =>
        (!gameType || gameType === source.gameType) &&
        (!vassalage || vassalage === source.vassalage),
    )
    .map(
      (source) => sql`
    SELECT ${`${source.key}:`} || s.id::text AS bet_id, ${source.key}::text AS source,
      s.round_id::text AS round_id, s.transaction_id::text AS transaction_id,
      ${source.provider}::text AS provider, ${source.vassalage}::text AS vassalage,
      ${source.gameType}::text AS game_type, s.game_code::text AS game_code,
      s.game_name::text AS game_name, s.stake::bigint AS stake, s.win::bigint AS win,
      s.valid_turnover::bigint AS valid_turnover, s.status::text AS status,
      s.placed_at::timestamptz AS placed_at, s.settled_at::timestamptz AS settled_at,
      s.id::bigint AS seq
    FROM (${source.bets({ memberId, start, end }, language)}) s`,
    );
  return [games, ...others];
}

/** A page of the bets, newest first, and the totals of the whole range. */
export async function pageRecords(
  db: Db,
  filter: RecordFilter,
  sources: readonly BetSource[],
  language: Language,
  offset: number,
  limit: number,
) {
  const all = parts(filter, sources, language);
  // Each part limited to what the page can reach before the union is sorted.
  const reach = offset + limit;
  const limited = all.map(
    (part) => sql`(SELECT * FROM (${part}) p ORDER BY placed_at DESC, seq DESC LIMIT ${reach})`,
  );
  const union = (list: SQL[]) => sql.join(list, sql` UNION ALL `);
  const [page, totals] = await Promise.all([
    db.execute(sql`
      SELECT * FROM (${union(limited)}) u
      ORDER BY placed_at DESC, source NULLS FIRST, seq DESC
      OFFSET ${offset} LIMIT ${limit}`),
    db.execute(sql`
      SELECT count(*)::int AS count,
        coalesce(sum(stake) FILTER (WHERE status <> 'rolled_back'), 0)::text AS stake,
        coalesce(sum(win), 0)::text AS win,
        coalesce(sum(valid_turnover), 0)::text AS valid_turnover
      FROM (${union(all)}) u`),
  ]);
  type Raw = {
    bet_id: string;
    source: string | null;
    round_id: string;
    transaction_id: string;
    provider: string;
    vassalage: string;
    game_type: string;
    game_code: string;
    game_name: string | null;
    stake: string | bigint | number;
    win: string | bigint | number;
    valid_turnover: string | bigint | number;
    status: BetStatus;
    placed_at: Date | string;
    settled_at: Date | string | null;
  };
  const rows: RecordRow[] = rowsOf<Raw>(page).map((row) => ({
    betId: row.bet_id,
    source: row.source,
    roundId: row.round_id,
    transactionId: row.transaction_id,
    provider: row.provider,
    vassalage: row.vassalage,
    gameType: row.game_type,
    gameCode: row.game_code,
    gameName: row.game_name,
    stake: BigInt(row.stake),
    win: BigInt(row.win),
    validTurnover: BigInt(row.valid_turnover),
    status: row.status,
    placedAt: new Date(row.placed_at),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at),
  }));
  const [total] = rowsOf<{ count: number; stake: string; win: string; valid_turnover: string }>(
    totals,
  );
  return {
    rows,
    totals: {
      count: Number(total?.count ?? 0),
      stake: total?.stake ?? '0',
      win: total?.win ?? '0',
      validTurnover: total?.valid_turnover ?? '0',
    },
  };
}

/**
 * The same bets per day of `timeZone` (the day each was placed), rolled back ones left out: a
 * page of days, newest first, and the totals of the whole range (one statement).
 */
export async function profitDays(
  db: Db,
  filter: RecordFilter & { timeZone: string },
  sources: readonly BetSource[],
  offset: number,
  limit: number,
) {
  const union = sql.join(parts(filter, sources, 'en'), sql` UNION ALL `);
  const result = await db.execute(sql`
    WITH days AS (
      SELECT to_char(placed_at AT TIME ZONE ${filter.timeZone}, 'YYYY-MM-DD') AS date,
        count(*)::int AS bet_count, sum(stake) AS stake, sum(valid_turnover) AS valid_turnover,
        sum(win) AS win
      FROM (${union}) u
      WHERE status <> 'rolled_back'
      GROUP BY 1
    )
    SELECT NULL AS date, coalesce(sum(bet_count), 0)::int AS bet_count,
      coalesce(sum(stake), 0)::text AS stake, coalesce(sum(valid_turnover), 0)::text AS valid_turnover,
      coalesce(sum(win), 0)::text AS win, count(*)::int AS days, 0 AS part
    FROM days
    UNION ALL
    SELECT * FROM (
      SELECT date, bet_count, stake::text, valid_turnover::text, win::text, 0, 1 AS part
      FROM days ORDER BY date DESC OFFSET ${offset} LIMIT ${limit}
    ) page`);
  const [totalsRow, ...pageRows] = rowsOf<{
    date: string | null;
    bet_count: number;
    stake: string;
    valid_turnover: string;
    win: string;
    days: number;
  }>(result);
  return {
    rows: pageRows.map((row) => ({
      date: row.date ?? '',
      betCount: Number(row.bet_count),
      stake: row.stake,
      validTurnover: row.valid_turnover,
      win: row.win,
    })),
    totals: {
      days: Number(totalsRow?.days ?? 0),
      betCount: Number(totalsRow?.bet_count ?? 0),
      stake: totalsRow?.stake ?? '0',
      validTurnover: totalsRow?.valid_turnover ?? '0',
      win: totalsRow?.win ?? '0',
    },
  };
}
