import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { drawNumbers, seedHashOf, type LayoutName } from '../../../contract/lottery-draw.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { OutcomeKeys } from '../../platform/keys/outcome-keys.ts';
import type { Publisher } from '../../platform/realtime/publisher.ts';
import type { Job } from '../../platform/scheduler/scheduler.ts';
import type { WalletPort } from '../wallet/wallet.port.ts';
import { drawSeedOf } from './draw-seeds.ts';
import {
  mergeOutcomes,
  refundDraw,
  resettleDraw,
  settleDraws,
  type ChangedDraw,
  type DrawKey,
  type SettlementOutcome,
} from './settlement.ts';
import { winNoticeEvents } from './win-notices.ts';

/**
 * The draw engine (issue 14): each draw is a state machine on the server (scheduled, open,
 * locked, drawn, settled; or cancelled with its bets refunded), moved by one scheduled job.
 * Every transition is a conditional, set-based `UPDATE ... WHERE state = <from> RETURNING` over
 * all the draws due, so a run is a constant number of statements however many draws are due,
 * and a rerun, a second node or the next run after a crash does nothing twice and picks up
 * whatever a crashed run left (its transaction rolled back, the draws are still due).
 *
 * In-house (rng) draws are drawn here: `drawNumbers(seed, gameId, numero, layout)` from the seed
 * committed (its hash published) when the draw was made, derived then under its outcome key
 * (draw-seeds.ts); revision 1 of the result and the seed (revealed: stored from now on) are
 * stored in the same transaction that moves the draw to `drawn`, and only after that commits is
 * it announced (`lotteryDraw` to every socket) with the seed. A draw whose committed seed cannot
 * be made again (its key's material changed) is never drawn with another: it is called off and
 * its bets refunded. Regional draws wait in `locked` for their result (feed or operator entry);
 * once it is stored and the draw is `drawn`, the next run settles it.
 */

type Ledger = WalletPort['ledger'];

export type DrawEngineDeps = {
  /** What `announce` reads after the commit (the winners' unread counts). */
  db: Db;
  ledger: Ledger;
  publisher: Pick<Publisher, 'publishMany' | 'broadcast'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The outcome keys the draws' seeds are derived under. */
  keys: Pick<OutcomeKeys, 'derive'>;
};

/** What one run did, in order: the draws that changed and the bets settled. */
export type EngineRun = SettlementOutcome & { opened: number; locked: number; drawn: number };

type DueDraw = {
  game_id: string;
  numero: string;
  /** Set only on a draw committed by an earlier version, which stored its seed in clear. */
  seed: string | null;
  seed_hash: string;
  seed_key_id: string | null;
  seed_salt: string | null;
  layout: LayoutName;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const changedDraw = sql.raw(`json_build_object(
  'gameId', d.game_id, 'numero', d.numero, 'state', d.state, 'seedHash', d.seed_hash,
  'seed', NULL, 'numbers', NULL, 'revision', d.result_revision) AS draw`);

export function createDrawEngine(deps: DrawEngineDeps) {
  const { ledger, publisher, clock, keys } = deps;

  /** The committed seed of a due draw, or null when it cannot be made again as committed. */
  function seedOf(draw: DueDraw): string | null {
    const seed =
      draw.seed_key_id && draw.seed_salt
        ? drawSeedOf(keys, {
            gameId: draw.game_id,
            numero: draw.numero,
            seedKeyId: draw.seed_key_id,
            seedSalt: draw.seed_salt,
          })
        : draw.seed;
    return seed !== null && seedHashOf(seed) === draw.seed_hash ? seed : null;
  }

  /**
   * One run at `now`, on `tx`: open, lock, draw the in-house draws, settle the drawn ones.
   * Five statements plus one per kind of change (none when nothing is due).
   */
  async function step(tx: Db, now: Date): Promise<EngineRun> {
    const at = now.toISOString();
    const opened = rowsOf<{ draw: ChangedDraw }>(
      await tx.execute(sql`
        UPDATE lottery_draws d SET state = 'open'
        WHERE d.state = 'scheduled' AND d.opens_at <= ${at}::timestamptz
        RETURNING ${changedDraw}`),
    ).map((row) => row.draw);
    const locked = rowsOf<{ draw: ChangedDraw }>(
      await tx.execute(sql`
        UPDATE lottery_draws d SET state = 'locked'
        WHERE d.state = 'open' AND d.locks_at <= ${at}::timestamptz
        RETURNING ${changedDraw}`),
    ).map((row) => row.draw);
    // In-house draws due: locked here (another node's run skips them), numbers made from the
    // committed seed, then the result, the revealed seed and the state in one statement.
    const due = rowsOf<DueDraw>(
      await tx.execute(sql`
        SELECT d.game_id, d.numero, d.seed, d.seed_hash, d.seed_key_id, d.seed_salt, g.layout
        FROM lottery_draws d JOIN lottery_games g ON g.game_id = d.game_id
        WHERE d.state = 'locked' AND d.draws_at <= ${at}::timestamptz AND g.source = 'rng'
          AND d.seed_hash IS NOT NULL
        FOR UPDATE OF d SKIP LOCKED`),
    );
    let drawn = 0;
    const results: { gameId: string; numero: string; numbers: string[]; seed: string }[] = [];
    const unkept: SettlementOutcome[] = [];
    for (const draw of due) {
      const seed = seedOf(draw);
      if (seed === null) {
        deps.log.error(
          { gameId: draw.game_id, numero: draw.numero, keyId: draw.seed_key_id },
          'lottery: the committed seed cannot be made again (OUTCOME_KEYS changed); draw refunded',
        );
        const key = { gameId: draw.game_id, numero: draw.numero };
        unkept.push(await refundDraw(tx, ledger, now, key, 'seed_unavailable'));
        continue;
      }
      results.push({
        gameId: draw.game_id,
        numero: draw.numero,
        numbers: drawNumbers(seed, draw.game_id, draw.numero, draw.layout),
        seed,
      });
    }
    if (results.length > 0) {
      const made = rowsOf<{ n: number }>(
        await tx.execute(sql`
          WITH input AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(results)}::jsonb)
              AS r("gameId" text, numero text, numbers jsonb, seed text)
          ), stored AS (
            INSERT INTO lottery_results (game_id, numero, revision, numbers, source, created_at)
            SELECT r."gameId", r.numero, 1, r.numbers, 'rng', ${at}::timestamptz FROM input r
            ON CONFLICT DO NOTHING
            RETURNING game_id, numero
          ), moved AS (
            UPDATE lottery_draws d SET state = 'drawn', result_revision = 1,
              drawn_at = ${at}::timestamptz, seed = r.seed
            FROM stored s JOIN input r ON r."gameId" = s.game_id AND r.numero = s.numero
            WHERE d.game_id = s.game_id AND d.numero = s.numero AND d.state = 'locked'
            RETURNING 1
          )
          SELECT count(*)::int AS n FROM moved`),
      );
      drawn = made[0]?.n ?? 0;
    }
    // Every drawn draw (in-house ones just drawn, regional ones whose result came in).
    const settled = await settleDraws(tx, ledger, now);
    return {
      ...mergeOutcomes(
        { bets: [], draws: [...opened, ...locked], members: [], posted: 0, notices: [] },
        ...unkept,
        drawnNews(settled),
      ),
      opened: opened.length,
      locked: locked.length,
      drawn,
    };
  }

  /**
   * A settlement's draws move drawn -> settled in one statement; the broadcast tells both steps,
   * the numbers and the seed first (`drawn`), then `settled`.
   */
  function drawnNews(outcome: SettlementOutcome): SettlementOutcome {
    return {
      ...outcome,
      draws: outcome.draws.flatMap((draw) => [{ ...draw, state: 'drawn' as const }, draw]),
    };
  }

  /**
   * After the commit: the draws' broadcast, the balance events, the bets' events, then the win
   * notices (a `lotteryWon` notification per member and draw, the winners' unread counts).
   */
  async function announce(outcome: SettlementOutcome): Promise<void> {
    const now = clock();
    const at = now.toISOString();
    publisher.broadcast(
      outcome.draws.map((draw) => ({ name: 'lotteryDraw', payload: { ...draw, at } })),
    );
    if (outcome.members.length > 0) ledger.played(outcome.members);
    const notices = await winNoticeEvents(deps.db, outcome.notices, now).catch((error: unknown) => {
      // The messages are stored; the member reads them (and the count) on the next visit.
      deps.log.error({ err: error }, 'lottery: win notices not announced');
      return [];
    });
    const events = [
      ...outcome.bets.map((bet) => ({
        memberId: bet.memberId,
        event: {
          name: 'lotteryBet' as const,
          payload: {
            betId: bet.betId,
            gameId: bet.gameId,
            numero: bet.numero,
            state: bet.state,
            winAmount: bet.winAmount,
          },
        },
      })),
      ...notices,
    ];
    if (events.length > 0) await publisher.publishMany(events);
  }

  return {
    step,
    announce,

    /** The engine as a scheduled job: every 5 seconds, one run in the claim's transaction. */
    job(): Job {
      return {
        name: 'lottery-draws',
        cron: '*/5 * * * * *',
        run: async (tx, period) => {
          // The period's end: the tick's instant (runDue(now) in tests).
          const outcome = await step(tx, period.end);
          return () => announce(outcome);
        },
      };
    },

    /**
     * Settles these drawn draws now (a regional result just stored), in the caller's
     * transaction; call `announce` with the outcome after the commit.
     */
    settle: (tx: Db, draws: readonly DrawKey[]) => settleDraws(tx, ledger, clock(), draws),

    /**
     * Cancels a draw without a result and refunds every open bet (one key per bet), in the
     * caller's transaction; `announce` after the commit.
     */
    refund: (tx: Db, draw: DrawKey, reason = 'cancelled') =>
      refundDraw(tx, ledger, clock(), draw, reason),

    /**
     * A corrected result (`revision`, stored already): earlier wins reversed, the draw settled
     * again against it, in the caller's transaction; `announce` after the commit.
     */
    resettle: (tx: Db, draw: DrawKey, revision: number) =>
      resettleDraw(tx, ledger, clock(), draw, revision).then(drawnNews),
  };
}

export type DrawEngine = ReturnType<typeof createDrawEngine>;
