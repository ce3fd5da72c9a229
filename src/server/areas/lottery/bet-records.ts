import { sql } from 'drizzle-orm';
import type { BetSource } from '../games/games.port.ts';
import { lotteryBets, lotteryGames } from './lottery.schema.ts';

/**
 * The lottery's bets in the member's betting record and profit and loss (the games area's bet
 * sources, registered at the lottery's start): one row per bet of a slip, listed under the
 * catalog's E-lottery category and the VN Lotto vendor (where the lobby lists these games),
 * the round the draw's number, the transaction the slip. Open while its draw is not settled;
 * won or lost is settled (its win, 0 when lost); a refund (a cancelled draw) rolls it back.
 * Read by the member's index (member, placing time).
 */
export const lotteryBetSource: BetSource = {
  key: 'lottery',
  provider: 'LOTTERY',
  gameType: 'ELOTT',
  vassalage: 'TCG_LOTTO_VN',
  bets: ({ memberId, start, end }, language) => sql`
    SELECT b.id AS id, b.numero AS round_id, b.slip_id AS transaction_id, b.game_id AS game_code,
      g.names ->> ${language} AS game_name, b.stake AS stake, b.win_amount AS win,
      CASE WHEN b.state = 'refunded' THEN 0 ELSE b.stake END AS valid_turnover,
      CASE b.state WHEN 'open' THEN 'open' WHEN 'refunded' THEN 'rolled_back' ELSE 'settled' END
        AS status,
      b.created_at AS placed_at, b.settled_at AS settled_at
    FROM ${lotteryBets} b
    LEFT JOIN ${lotteryGames} g ON g.game_id = b.game_id
    WHERE b.member_id = ${memberId}
      AND b.created_at >= ${start.toISOString()}::timestamptz
      AND b.created_at <= ${end.toISOString()}::timestamptz`,
};
