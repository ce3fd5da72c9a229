import type { SQL } from 'drizzle-orm';
import type { Language } from '../../../../contract/constants.ts';

/** Whose bets, placed when: what a bet source's statement must filter on (by its own index). */
export type BetSourceFilter = { memberId: number; start: Date; end: Date };

/**
 * A product whose bets are not seamless wallet bets (`game_bets`) but belong in the member's
 * betting record and profit and loss (the lottery's, registered by the lottery area at its
 * start). The games area owns the records and this extension point; a higher area registers
 * into it and keeps its tables to itself.
 *
 * `bets(filter, language)` is ONE select (a subquery of the records' UNION ALL, so each page
 * stays one statement) of the member's bets placed in [start, end], with these columns:
 * `id` (bigint, unique in the source), `round_id`, `transaction_id`, `game_code`, `game_name`
 * (in `language`; null: the code), `stake`, `win`, `valid_turnover` (bigint minor units; 0 once
 * refunded), `status` ('open' | 'settled' | 'rolled_back', a refunded bet rolled back),
 * `placed_at`, `settled_at` (timestamptz).
 *
 * @example
 * app.games.betSources.register({ key: 'lottery', provider: 'LOTTERY', gameType: 'ELOTT',
 *   vassalage: 'TCG_LOTTO_VN', bets: (filter, language) => sql`SELECT ... FROM lottery_bets ...` });
 */
export type BetSource = {
  /** Names the source in a record's `betId` (`<key>:<id>`). */
  key: string;
  /** The record's `provider` of these bets. */
  provider: string;
  /** The catalog category and vendor the bets are listed under (the records' filters). */
  gameType: string;
  vassalage: string;
  bets(filter: BetSourceFilter, language: Language): SQL;
};

/** The registry the games area decorates (`app.games.betSources`). */
export type BetSources = {
  register(source: BetSource): void;
};

/** The sources registered so far (read at each call, so a later area's registration counts). */
export function createBetSources() {
  const sources: BetSource[] = [];
  return {
    register(source: BetSource) {
      if (sources.some((other) => other.key === source.key)) {
        throw new Error(`bet source ${source.key} is already registered`);
      }
      if (!/^[a-z][a-z0-9_-]*$/.test(source.key) || source.key === 'games') {
        throw new Error(`bet source key ${source.key} is not allowed`);
      }
      sources.push(source);
    },
    list: (): readonly BetSource[] => sources,
  };
}
