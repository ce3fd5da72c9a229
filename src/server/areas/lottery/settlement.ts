import { sql, type SQL } from 'drizzle-orm';
import type { BetState, DrawState } from '../../../contract/lottery.ts';
import { layoutNames, slotsOf } from '../../../contract/lottery-draw.ts';
import type { Db } from '../../platform/db/client.ts';
import type { WalletPort } from '../wallet/wallet.port.ts';
import { writeWinNotices, type WinNotice } from './win-notices.ts';

/**
 * Settlement of lottery draws (issue 14), set-based: every open bet of the drawn draws judged
 * against the result in force, in SQL, following the rules of `betTypes` (src/contract/lottery.ts),
 * its outcome, win and hits stored and every win credited through the wallet's
 * `ledger_post_many`, all in ONE statement however many bets and draws (100,000 bets are one
 * round trip, not 100,000). Each win's ledger key is per (bet, draw, revision)
 * (`lottery:win:<bet>:<game>:<numero>:<revision>`), and only bets still `open` are judged, so a
 * rerun, a second node or a restart after a crash pays nothing twice.
 *
 * The judging joins each bet's selection (split on '-' for xiên) to a small table of the
 * result's match keys (per number: its last 2 digits for lô and xiên, its last 3 for bao lô when
 * it has 3 digits or more; for the special prize also đề, 3 càng, đầu and đuôi keys): a hash
 * join, not a per-bet scan of the 27 or 18 numbers.
 */

export type DrawKey = { gameId: string; numero: string };

/** A bet whose state changed: what its member's `lotteryBet` event says. */
export type ChangedBet = {
  betId: string;
  memberId: number;
  gameId: string;
  numero: string;
  state: BetState;
  winAmount: string;
};

/** A draw whose state changed: what the `lotteryDraw` broadcast says. */
export type ChangedDraw = {
  gameId: string;
  numero: string;
  state: DrawState;
  seedHash: string | null;
  seed: string | null;
  numbers: string[] | null;
  revision: number;
};

export type SettlementOutcome = {
  bets: ChangedBet[];
  draws: ChangedDraw[];
  /** Members whose balance moved (the balance events after commit). */
  members: number[];
  posted: number;
  /** The wins to tell (their messages written in the settlement's transaction). */
  notices: WinNotice[];
};

export const emptyOutcome = (): SettlementOutcome => ({
  bets: [],
  draws: [],
  members: [],
  posted: 0,
  notices: [],
});

export function mergeOutcomes(...outcomes: SettlementOutcome[]): SettlementOutcome {
  return {
    bets: outcomes.flatMap((one) => one.bets),
    draws: outcomes.flatMap((one) => one.draws),
    members: [...new Set(outcomes.flatMap((one) => one.members))],
    posted: outcomes.reduce((sum, one) => sum + one.posted, 0),
    notices: outcomes.flatMap((one) => one.notices),
  };
}

type Ledger = WalletPort['ledger'];

/** Each layout's prize names in number order, for the hits (`{"north27": ["special", ...]}`). */
const prizesByLayout = JSON.stringify(
  Object.fromEntries(layoutNames.map((name) => [name, slotsOf(name).map((slot) => slot.prize)])),
);

type OutcomeRow = {
  ledger: { posted: number; members: number[] } | null;
  bets: [string, number, string, string, BetState, string][];
  draws: ChangedDraw[];
};

function outcomeOf(row: OutcomeRow | undefined): SettlementOutcome {
  if (!row) return emptyOutcome();
  return {
    bets: row.bets.map(([betId, memberId, gameId, numero, state, winAmount]) => ({
      betId,
      memberId,
      gameId,
      numero,
      state,
      winAmount,
    })),
    draws: row.draws,
    members: row.ledger?.members ?? [],
    posted: row.ledger?.posted ?? 0,
    notices: [],
  };
}

async function run(tx: Db, ledger: Ledger, statement: SQL): Promise<SettlementOutcome> {
  try {
    const result = (await tx.execute(statement)) as unknown as { rows: OutcomeRow[] };
    return outcomeOf(result.rows[0]);
  } catch (error) {
    throw ledger.postManyError(error);
  }
}

/** `(game_id, numero) IN (...)` of the given draws, or every draw when null. */
function drawFilter(alias: string, draws: readonly DrawKey[] | null): SQL {
  if (draws === null) return sql`true`;
  if (draws.length === 0) return sql`false`;
  return sql`(${sql.raw(alias)}.game_id, ${sql.raw(alias)}.numero) IN (
    SELECT k."gameId", k.numero FROM json_to_recordset(${JSON.stringify(draws)}::json)
      AS k("gameId" text, numero text))`;
}

const drawJson = (alias: string) =>
  sql.raw(`json_build_object(
  'gameId', ${alias}.game_id, 'numero', ${alias}.numero, 'state', ${alias}.state,
  'seedHash', ${alias}.seed_hash,
  'seed', CASE WHEN ${alias}.state IN ('drawn', 'settled') THEN ${alias}.seed END,
  'numbers', (SELECT r.numbers FROM lottery_results r WHERE r.game_id = ${alias}.game_id
    AND r.numero = ${alias}.numero AND r.revision = ${alias}.result_revision),
  'revision', ${alias}.result_revision)`);

const betsJson = (alias: string) =>
  sql.raw(`coalesce(json_agg(json_build_array(${alias}.id::text, ${alias}.member_id,
    ${alias}.game_id, ${alias}.numero, ${alias}.state, ${alias}.win_amount::text)), '[]'::json)`);

/**
 * Settles the drawn draws (all of them, or those given): each open bet judged against the
 * result revision in force, its state (won, lost), win, hits and settled revision stored, the
 * wins paid, and the draw marked settled. One statement; then, when some bets won, the win
 * messages (win-notices.ts: three statements however many winners). A draw in another state is
 * left alone.
 */
export async function settleDraws(
  tx: Db,
  ledger: Ledger,
  now: Date,
  draws: readonly DrawKey[] | null = null,
): Promise<SettlementOutcome> {
  const outcome = await run(tx, ledger, settleStatement(ledger, now, draws));
  return { ...outcome, notices: await writeWinNotices(tx, outcome.bets, now, ledger.currency) };
}

/** The settlement's one statement (exported for EXPLAIN in the bench). */
export function settleStatement(
  ledger: Pick<Ledger, 'postManySql'>,
  now: Date,
  draws: readonly DrawKey[] | null,
): SQL {
  const at = now.toISOString();
  return sql`
    WITH due AS (
      SELECT d.game_id, d.numero, d.result_revision, g.layout, r.numbers
      FROM lottery_draws d
      JOIN lottery_games g ON g.game_id = d.game_id
      JOIN lottery_results r ON r.game_id = d.game_id AND r.numero = d.numero
        AND r.revision = d.result_revision
      WHERE d.state = 'drawn' AND ${drawFilter('d', draws)}
      FOR UPDATE OF d
    ), nums AS (
      SELECT due.game_id, due.numero, (t.idx - 1)::int AS idx, t.num,
        ${prizesByLayout}::jsonb -> due.layout ->> (t.idx - 1)::int AS prize
      FROM due, jsonb_array_elements_text(due.numbers) WITH ORDINALITY AS t(num, idx)
    ), match_keys AS (
      SELECT game_id, numero, 'lo' AS t, right(num, 2) AS v, idx, num, prize FROM nums
      UNION ALL SELECT game_id, numero, 'xien', right(num, 2), idx, num, prize FROM nums
      UNION ALL SELECT game_id, numero, 'bao_lo', right(num, 3), idx, num, prize FROM nums
        WHERE length(num) >= 3
      UNION ALL SELECT game_id, numero, 'de', right(num, 2), idx, num, prize FROM nums
        WHERE idx = 0
      UNION ALL SELECT game_id, numero, 'ba_cang', right(num, 3), idx, num, prize FROM nums
        WHERE idx = 0
      UNION ALL SELECT game_id, numero, 'dau', substr(num, length(num) - 1, 1), idx, num, prize
        FROM nums WHERE idx = 0
      UNION ALL SELECT game_id, numero, 'duoi', right(num, 1), idx, num, prize FROM nums
        WHERE idx = 0
    ), keyed AS (
      -- Per draw, one object: '<type>:<digits>' -> the hits of that key, in number order.
      SELECT game_id, numero, jsonb_object_agg(k, hits) AS keymap
      FROM (
        SELECT game_id, numero, t || ':' || v AS k,
          jsonb_agg(jsonb_build_object('prize', prize, 'index', idx, 'number', num)
            ORDER BY idx) AS hits
        FROM match_keys GROUP BY game_id, numero, t, v
      ) grouped
      GROUP BY game_id, numero
    ), settled AS (
      -- Each open bet of a due draw, found through its draw (never a join of two big sets):
      -- its selection's parts looked up in the draw's key object, its win from the hits.
      UPDATE lottery_bets b
      SET (state, win_amount, hits, settled_revision, settled_at) = (
        SELECT CASE WHEN j.win > 0 THEN 'won' ELSE 'lost' END, j.win,
          CASE WHEN j.win > 0 THEN j.hits ELSE '[]'::jsonb END, due.result_revision,
          ${at}::timestamptz
        FROM (
          SELECT m.hits,
            CASE
              WHEN b.bet_type LIKE 'xien%' THEN
                CASE WHEN m.parts_hit = m.parts THEN b.unit_amount * b.odds_x100 / 100 ELSE 0 END
              ELSE b.unit_amount * b.odds_x100 * m.hit_count / 100
            END AS win
          FROM (
            SELECT coalesce(jsonb_agg(h.hit ORDER BY p.n, (h.hit ->> 'index')::int)
                FILTER (WHERE h.hit IS NOT NULL), '[]'::jsonb) AS hits,
              count(h.hit) AS hit_count,
              count(DISTINCT p.n) FILTER (WHERE h.hit IS NOT NULL) AS parts_hit,
              count(DISTINCT p.n) AS parts
            FROM unnest(string_to_array(b.selection, '-')) WITH ORDINALITY AS p(v, n)
            LEFT JOIN LATERAL jsonb_array_elements(keyed.keymap -> (
              CASE WHEN b.bet_type LIKE 'xien%' THEN 'xien' ELSE b.bet_type END || ':' || p.v
            )) AS h(hit) ON true
          ) m
        ) j
      )
      FROM due JOIN keyed ON keyed.game_id = due.game_id AND keyed.numero = due.numero
      WHERE b.game_id = due.game_id AND b.numero = due.numero AND b.state = 'open'
      RETURNING b.id, b.member_id, b.game_id, b.numero, b.state, b.win_amount, b.settled_revision
    ), marked AS (
      UPDATE lottery_draws d SET state = 'settled', settled_at = ${at}::timestamptz
      FROM due WHERE d.game_id = due.game_id AND d.numero = due.numero AND d.state = 'drawn'
      RETURNING d.*
    )
    SELECT
      (SELECT ${ledger.postManySql(sql`json_agg(json_build_object(
          'key', 'lottery:win:' || s.id || ':' || s.game_id || ':' || s.numero || ':'
            || s.settled_revision,
          'member_id', s.member_id, 'wallet_kind', 'main', 'kind', 'payout',
          'amount', s.win_amount::text,
          'reference', 'lottery:' || s.game_id || ':' || s.numero,
          'actor', 'system:lottery') ORDER BY s.id)`)}
        FROM settled s WHERE s.win_amount > 0) AS ledger,
      (SELECT ${betsJson('s')} FROM settled s) AS bets,
      (SELECT coalesce(json_agg(${drawJson('m')}), '[]'::json) FROM marked m) AS draws`;
}

/**
 * Calls off a draw that has no result (scheduled, open or locked; again on a cancelled one
 * refunds what is left) and refunds every open bet its stake, one ledger key per bet
 * (`lottery:refund:<bet>`), in one statement. A drawn or settled draw is left alone.
 */
export async function refundDraw(
  tx: Db,
  ledger: Ledger,
  now: Date,
  draw: DrawKey,
  reason: string,
): Promise<SettlementOutcome> {
  const at = now.toISOString();
  return run(
    tx,
    ledger,
    sql`
    WITH called AS (
      SELECT d.game_id, d.numero, d.state FROM lottery_draws d
      WHERE d.game_id = ${draw.gameId} AND d.numero = ${draw.numero}
        AND d.state IN ('scheduled', 'open', 'locked', 'cancelled')
      FOR UPDATE
    ), marked AS (
      UPDATE lottery_draws d SET state = 'cancelled', cancelled_at = ${at}::timestamptz,
        cancel_reason = ${reason}
      FROM called c
      WHERE d.game_id = c.game_id AND d.numero = c.numero AND c.state <> 'cancelled'
      RETURNING d.*
    ), refunded AS (
      UPDATE lottery_bets b SET state = 'refunded', settled_at = ${at}::timestamptz
      FROM called c
      WHERE b.game_id = c.game_id AND b.numero = c.numero AND b.state = 'open'
      RETURNING b.id, b.member_id, b.game_id, b.numero, b.state, b.win_amount, b.stake
    )
    SELECT
      (SELECT ${ledger.postManySql(sql`json_agg(json_build_object(
          'key', 'lottery:refund:' || s.id,
          'member_id', s.member_id, 'wallet_kind', 'main', 'kind', 'bet_refund',
          'amount', s.stake::text,
          'reference', 'lottery:' || s.game_id || ':' || s.numero,
          'actor', 'system:lottery') ORDER BY s.id)`)}
        FROM refunded s) AS ledger,
      (SELECT ${betsJson('s')} FROM refunded s) AS bets,
      (SELECT coalesce(json_agg(${drawJson('m')}), '[]'::json) FROM marked m) AS draws`,
  );
}

/**
 * A corrected result: `revision` (already stored in lottery_results) becomes the one in force;
 * the bets settled against an earlier revision are reopened and each earlier win taken back by
 * a reversing entry (an adjustment of minus the win, key `lottery:reverse:<bet>:<game>:<numero>:
 * <earlier revision>`), then the draw is settled again against the new revision (wins keyed
 * with the new revision). Two statements. A revision not newer than the one in force does
 * nothing; a member who can no longer cover a reversed win makes it fail as a whole
 * (409 insufficient_balance, nothing changed).
 */
export async function resettleDraw(
  tx: Db,
  ledger: Ledger,
  now: Date,
  draw: DrawKey,
  revision: number,
): Promise<SettlementOutcome> {
  const reversed = await run(
    tx,
    ledger,
    sql`
    WITH target AS (
      SELECT d.game_id, d.numero FROM lottery_draws d
      WHERE d.game_id = ${draw.gameId} AND d.numero = ${draw.numero}
        AND d.state IN ('locked', 'drawn', 'settled') AND d.result_revision < ${revision}
        AND EXISTS (SELECT 1 FROM lottery_results r WHERE r.game_id = d.game_id
          AND r.numero = d.numero AND r.revision = ${revision})
      FOR UPDATE
    ), bumped AS (
      UPDATE lottery_draws d SET state = 'drawn', result_revision = ${revision},
        drawn_at = coalesce(d.drawn_at, ${now.toISOString()}::timestamptz)
      FROM target t WHERE d.game_id = t.game_id AND d.numero = t.numero
      RETURNING d.game_id
    ), reopened AS (
      -- Reopened through the draw; win_amount keeps the earlier win (what is reversed) until
      -- the settlement that follows in this transaction overwrites it.
      UPDATE lottery_bets b SET state = 'open', hits = '[]'::jsonb, settled_at = NULL
      FROM target t
      WHERE b.game_id = t.game_id AND b.numero = t.numero AND b.state IN ('won', 'lost')
        AND b.settled_revision < ${revision}
      RETURNING b.id, b.member_id, b.game_id, b.numero, b.win_amount, b.settled_revision
    )
    SELECT
      (SELECT ${ledger.postManySql(sql`json_agg(json_build_object(
          'key', 'lottery:reverse:' || s.id || ':' || s.game_id || ':' || s.numero || ':'
            || s.settled_revision,
          'member_id', s.member_id, 'wallet_kind', 'main', 'kind', 'adjustment',
          'amount', (-s.win_amount)::text,
          'reference', 'lottery:' || s.game_id || ':' || s.numero || ':correction',
          'actor', 'system:lottery') ORDER BY s.id)`)}
        FROM reopened s WHERE s.win_amount > 0) AS ledger,
      '[]'::json AS bets,
      (SELECT count(*) FROM bumped) AS bumped,
      '[]'::json AS draws`,
  );
  const settled = await settleDraws(tx, ledger, now, [draw]);
  return mergeOutcomes(reversed, settled);
}
