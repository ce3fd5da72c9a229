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
import type { BetRow } from './seamless.repository.ts';
import { pageRecords, profitDays, type RecordRow } from './bet-records.repository.ts';
import type { BetSource } from './bet-sources.ts';

/** The names of games by vendor and code, in one language (the catalog's port answers it). */
export type GameNames = (
  games: readonly { vassalage: string; gameCode: string }[],
  language: Language,
) => Promise<Map<string, string>>;

/** The key of a game in a `GameNames` map. */
export const gameKey = (vassalage: string, gameCode: string) => `${vassalage}\u0000${gameCode}`;

/** A seamless wallet bet as a record (the operator's list of a member's bets). */
export function betRecordOf(row: BetRow, gameName = row.gameCode): BetRecord {
  return recordOf(
    { ...row, betId: String(row.id), source: null, provider: row.providerCode, gameName },
    gameName,
  );
}

/** A row of the betting record (a seamless wallet bet or a registered source's). */
function recordOf(row: RecordRow, gameName: string): BetRecord {
  const settled = row.status === 'settled';
  return {
    betId: row.betId,
    roundId: row.roundId,
    transactionId: row.transactionId,
    provider: row.provider,
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
 * The member center's game records over one definition of a bet (bet-records.repository.ts):
 * the betting record (personalHistoryCopy), one row per bet of every product, and the personal
 * profit and loss (personalProfit), the same bets per day of the operator's time zone, so the
 * two agree on every range and filter. Products other than the seamless wallet's come from the
 * registered bet sources (the lottery's).
 */
export function createBetRecordsService(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  /** The games' names (the catalog's); without it a bet shows its game code. */
  gameNames?: GameNames;
  /** The registered bet sources of other products (read at each call). */
  sources?: () => readonly BetSource[];
}) {
  const { db, clock } = deps;
  const sources = deps.sources ?? (() => []);

  function rangeOf(query: BetRecordQuery) {
    if (query.startDate && query.endDate) {
      return { start: new Date(query.startDate), end: new Date(query.endDate) };
    }
    return presetRange(query.preset ?? 'last7', clock());
  }

  function filterOf(memberId: number, query: BetRecordQuery) {
    const { start, end } = rangeOf(query);
    return {
      memberId,
      start,
      end,
      ...(query.gameType ? { gameType: query.gameType } : {}),
      ...(query.vassalage ? { vassalage: query.vassalage } : {}),
    };
  }

  return {
    async personalHistory(
      memberId: number,
      query: BetRecordQuery,
      language: Language,
    ): Promise<BetRecordPage> {
      const filter = filterOf(memberId, query);
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 15;
      const { rows, totals } = await pageRecords(
        db,
        filter,
        sources(),
        language,
        (pageNo - 1) * pageSize,
        pageSize,
      );
      const catalogRows = rows.filter((row) => row.gameName === null);
      const names =
        deps.gameNames && catalogRows.length > 0
          ? await deps.gameNames(catalogRows, language)
          : new Map<string, string>();
      return {
        content: rows.map((row) =>
          recordOf(
            row,
            row.gameName ?? names.get(gameKey(row.vassalage, row.gameCode)) ?? row.gameCode,
          ),
        ),
        pageNo,
        pageSize,
        totalElements: totals.count,
        totalPages: Math.ceil(totals.count / pageSize),
        totalStake: totals.stake,
        totalWin: totals.win,
        totalValidTurnover: totals.validTurnover,
        startDate: filter.start.toISOString(),
        endDate: filter.end.toISOString(),
      };
    },

    async personalProfit(memberId: number, query: BetRecordQuery): Promise<ProfitPage> {
      const filter = filterOf(memberId, query);
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 15;
      const { rows, totals } = await profitDays(
        db,
        { ...filter, timeZone: deps.timeZone },
        sources(),
        (pageNo - 1) * pageSize,
        pageSize,
      );
      return {
        content: rows.map((row) => ({
          date: row.date,
          betCount: row.betCount,
          stake: row.stake,
          validTurnover: row.validTurnover,
          win: row.win,
          profit: (BigInt(row.win) - BigInt(row.stake)).toString(),
        })),
        pageNo,
        pageSize,
        totalElements: totals.days,
        totalPages: Math.ceil(totals.days / pageSize),
        totalStake: totals.stake,
        totalValidTurnover: totals.validTurnover,
        totalWin: totals.win,
        totalProfit: (BigInt(totals.win) - BigInt(totals.stake)).toString(),
        startDate: filter.start.toISOString(),
        endDate: filter.end.toISOString(),
        timeZone: deps.timeZone,
      };
    },
  };
}

export type BetRecordsService = ReturnType<typeof createBetRecordsService>;
