import type { Db } from '../../../platform/db/client.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Language } from '../../../../contract/constants.ts';
import { presetRange } from '../../../../contract/date-presets.ts';
import type {
  BetRecord,
  BetRecordPage,
  BetRecordQueryParsed as BetRecordQuery,
  ProfitPage,
} from '../../../../contract/seamless.ts';
import { pageBets, profitByDay, type BetRow } from './seamless.repository.ts';

/** The names of games by vendor and code, in one language (the catalog's port answers it). */
export type GameNames = (
  games: readonly { vassalage: string; gameCode: string }[],
  language: Language,
) => Promise<Map<string, string>>;

/** The key of a game in a `GameNames` map. */
export const gameKey = (vassalage: string, gameCode: string) => `${vassalage}\u0000${gameCode}`;

export function betRecordOf(row: BetRow, gameName = row.gameCode): BetRecord {
  const settled = row.status === 'settled';
  return {
    betId: String(row.id),
    roundId: row.roundId,
    transactionId: row.transactionId,
    provider: row.providerCode,
    vassalage: row.vassalage,
    gameType: row.gameType,
    gameCode: row.gameCode,
    gameName,
    stake: row.stake.toString(),
    win: row.win.toString(),
    validTurnover: row.validTurnover.toString(),
    profit: settled ? (row.win - row.stake).toString() : '0',
    status: row.status,
    placedAt: row.placedAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/**
 * The member center's game records: betting record (personalHistoryCopy) from the bets, and
 * personal profit and loss (personalProfit) per day of the operator's time zone from the
 * 5-minute rollups.
 */
export function createBetRecordsService(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  /** The games' names (the catalog's); without it a bet shows its game code. */
  gameNames?: GameNames;
}) {
  const { db, clock } = deps;

  function rangeOf(query: BetRecordQuery) {
    if (query.startDate && query.endDate) {
      return { start: new Date(query.startDate), end: new Date(query.endDate) };
    }
    return presetRange(query.preset ?? 'last7', clock());
  }

  return {
    async personalHistory(
      memberId: number,
      query: BetRecordQuery,
      language: Language,
    ): Promise<BetRecordPage> {
      const { start, end } = rangeOf(query);
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 15;
      const { rows, totals } = await pageBets(
        db,
        {
          memberId,
          start,
          end,
          ...(query.gameType ? { gameType: query.gameType } : {}),
          ...(query.vassalage ? { vassalage: query.vassalage } : {}),
        },
        (pageNo - 1) * pageSize,
        pageSize,
      );
      const names = deps.gameNames ? await deps.gameNames(rows, language) : new Map();
      return {
        content: rows.map((row) =>
          betRecordOf(row, names.get(gameKey(row.vassalage, row.gameCode)) ?? row.gameCode),
        ),
        pageNo,
        pageSize,
        totalElements: totals.count,
        totalPages: Math.ceil(totals.count / pageSize),
        totalStake: totals.stake,
        totalWin: totals.win,
        totalValidTurnover: totals.validTurnover,
        startDate: start.toISOString(),
        endDate: end.toISOString(),
      };
    },

    async personalProfit(memberId: number, query: BetRecordQuery): Promise<ProfitPage> {
      const { start, end } = rangeOf(query);
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 15;
      const { rows, totals } = await profitByDay(
        db,
        {
          memberId,
          start,
          end,
          timeZone: deps.timeZone,
          ...(query.gameType ? { gameType: query.gameType } : {}),
          ...(query.vassalage ? { vassalage: query.vassalage } : {}),
        },
        (pageNo - 1) * pageSize,
        pageSize,
      );
      return {
        content: rows.map((row) => ({
          date: row.date,
          betCount: Number(row.betCount),
          stake: row.stake,
          validTurnover: row.validTurnover,
          win: row.win,
          profit: (BigInt(row.win) - BigInt(row.stake)).toString(),
        })),
        pageNo,
        pageSize,
        totalElements: totals.count,
        totalPages: Math.ceil(totals.count / pageSize),
        totalStake: totals.stake,
        totalValidTurnover: totals.validTurnover,
        totalWin: totals.win,
        totalProfit: (BigInt(totals.win) - BigInt(totals.stake)).toString(),
        startDate: start.toISOString(),
        endDate: end.toISOString(),
      };
    },
  };
}

export type BetRecordsService = ReturnType<typeof createBetRecordsService>;
