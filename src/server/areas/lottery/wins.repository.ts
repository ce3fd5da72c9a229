import { sql, type SQL } from 'drizzle-orm';

/** What the winner board shows of a lottery win: it is no catalog game (node id 0). */
export const lotteryBoard = { nodeId: 0, gameType: 'LOTT', vassalage: 'LOTTERY' } as const;

/**
 * The lottery's won bets settled since `since`, as rows of the games area's winner board (one
 * subquery for its UNION ALL, so the board stays one statement): `member_name` is the bettor's
 * username, NOT masked (`masked` false: the board masks it before it leaves the server),
 * `amount` the win, `won_at` the settlement, the game's names per language.
 *
 * @example
 * sql`SELECT * FROM (${catalogWins} UNION ALL ${lotteryBoardWins(since)}) w ORDER BY amount DESC`
 */
export function lotteryBoardWins(since: Date): SQL {
  return sql`
    SELECT m.username AS member_name, false AS masked, lb.win_amount AS amount,
      lb.settled_at AS won_at, ${lotteryBoard.nodeId}::int AS node_id,
      ${lotteryBoard.gameType}::text AS game_type, ${lotteryBoard.vassalage}::text AS vassalage,
      coalesce(lg.names->>'hi', lg.game_id) AS name_hi,
      coalesce(lg.names->>'en', lg.game_id) AS name_en,
      coalesce(lg.names->>'bn', lg.game_id) AS name_bn, lb.id AS id
    FROM lottery_bets lb
    JOIN members m ON m.id = lb.member_id
    JOIN lottery_games lg ON lg.game_id = lb.game_id
    WHERE lb.state = 'won' AND lb.win_amount > 0
      AND lb.settled_at >= ${since.toISOString()}::timestamptz`;
}
