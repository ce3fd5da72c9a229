import { and, eq } from 'drizzle-orm';
import type {
  CancelDrawReply,
  ResultDecisionBody,
  ResultEntry,
  ResultEntryBody,
} from '../../../contract/lottery-ops.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Operator } from '../../platform/http/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { fitsLayout } from './results-feed.ts';
import {
  lotteryDraws,
  lotteryGames,
  lotteryResultEntries,
  lotteryResults,
} from './lottery.schema.ts';

type DrawKey = { gameId: string; numero: string };

/**
 * What the operator's calls need of the draw engine (lot-engine's `createDrawEngine`): refund a
 * draw without a result, settle a draw again against a new result revision (reversing entries
 * for earlier wins), each in the caller's transaction, and announce the outcome after commit.
 */
export type ResultsEngine<Outcome extends { bets: unknown[] }> = {
  refund(tx: Db, draw: DrawKey, reason?: string): Promise<Outcome>;
  resettle(tx: Db, draw: DrawKey, revision: number): Promise<Outcome>;
  announce(outcome: Outcome): unknown;
};

type EntryRow = typeof lotteryResultEntries.$inferSelect;

function entryView(row: EntryRow, revision: number | null): ResultEntry {
  return {
    id: row.id,
    gameId: row.gameId,
    numero: row.numero,
    numbers: row.numbers,
    reason: row.reason,
    enteredBy: row.enteredBy,
    status: row.status,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    revision,
  };
}

const drawStateInvalid = () => new AppError(409, 'lottery_draw_state_invalid');

/**
 * The operator's lottery results: an entry by one operator (pending), confirmed by another
 * (a result revision: the first result of a regional draw, or a correction that re-settles the
 * draw with reversing entries) or rejected; and a draw called off with every bet refunded. Every
 * call is audited in its transaction.
 */
export function createLotteryOpsService<Outcome extends { bets: unknown[] }>(deps: {
  db: Db;
  clock: Clock;
  engine: ResultsEngine<Outcome>;
}) {
  const { db, clock, engine } = deps;

  /** The draw and its game, the draw's row locked for the caller's transaction. */
  async function lockedDraw(tx: Db, draw: DrawKey) {
    const [row] = await tx
      .select({ draw: lotteryDraws, layout: lotteryGames.layout, source: lotteryGames.source })
      .from(lotteryDraws)
      .innerJoin(lotteryGames, eq(lotteryGames.gameId, lotteryDraws.gameId))
      .where(and(eq(lotteryDraws.gameId, draw.gameId), eq(lotteryDraws.numero, draw.numero)))
      .for('update', { of: lotteryDraws });
    if (!row) throw new AppError(404, 'lottery_draw_not_found');
    return row;
  }

  return {
    /**
     * A result entered for a regional draw past its draw time (locked, or with a result already:
     * a correction, which needs a reason). Pending until another operator decides.
     */
    async enter(operator: Operator, draw: DrawKey, body: ResultEntryBody): Promise<ResultEntry> {
      return db.transaction(async (tx) => {
        const { draw: row, layout, source } = await lockedDraw(tx, draw);
        if (source === 'rng') throw drawStateInvalid();
        const firstResult = row.state === 'locked' && row.resultRevision === 0;
        const correction = ['drawn', 'settled'].includes(row.state) && row.resultRevision > 0;
        if (!(firstResult && clock() >= row.drawsAt) && !correction) throw drawStateInvalid();
        if (!fitsLayout(layout, body.numbers)) throw new AppError(400, 'lottery_result_invalid');
        if (correction && !body.reason) {
          throw new AppError(400, 'bad_request', 'bad_field', { field: 'reason' });
        }
        const [entry] = await tx
          .insert(lotteryResultEntries)
          .values({
            gameId: draw.gameId,
            numero: draw.numero,
            numbers: body.numbers,
            reason: body.reason ?? null,
            enteredBy: operator.username,
            createdAt: clock(),
          })
          .returning();
        if (!entry) throw new Error('result entry not stored');
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'lottery.result.enter',
          target: `lottery:${draw.gameId}:${draw.numero}`,
          before: { state: row.state, revision: row.resultRevision },
          after: { entryId: entry.id, numbers: body.numbers, reason: body.reason ?? null },
        });
        return entryView(entry, null);
      });
    },

    /**
     * Another operator's decision on a pending entry. Confirmed, it becomes the draw's next
     * result revision and the engine settles the draw against it (a correction first reverses
     * the earlier wins); rejected, nothing else changes.
     */
    async decide(operator: Operator, id: number, body: ResultDecisionBody): Promise<ResultEntry> {
      let outcome: Outcome | undefined;
      const reply = await db.transaction(async (tx) => {
        const [entry] = await tx
          .select()
          .from(lotteryResultEntries)
          .where(eq(lotteryResultEntries.id, id))
          .for('update');
        if (!entry) throw new AppError(404, 'lottery_entry_not_found');
        if (entry.status !== 'pending') throw new AppError(409, 'lottery_entry_decided');
        if (entry.enteredBy === operator.username) {
          throw new AppError(403, 'lottery_second_operator_required');
        }
        const draw = { gameId: entry.gameId, numero: entry.numero };
        const { draw: row } = await lockedDraw(tx, draw);
        const now = clock();
        let revision: number | null = null;
        if (body.decision === 'confirm') {
          const open = row.state === 'locked' && row.resultRevision === 0;
          const resulted = ['drawn', 'settled'].includes(row.state) && row.resultRevision > 0;
          if (!open && !resulted) throw drawStateInvalid();
          revision = row.resultRevision + 1;
          await tx.insert(lotteryResults).values({
            gameId: draw.gameId,
            numero: draw.numero,
            revision,
            numbers: entry.numbers,
            source: 'operator',
            enteredBy: entry.enteredBy,
            confirmedBy: operator.username,
            reason: entry.reason,
            createdAt: now,
          });
          outcome = await engine.resettle(tx, draw, revision);
        }
        const [decided] = await tx
          .update(lotteryResultEntries)
          .set({
            status: body.decision === 'confirm' ? 'confirmed' : 'rejected',
            decidedBy: operator.username,
            decidedAt: now,
          })
          .where(eq(lotteryResultEntries.id, id))
          .returning();
        if (!decided) throw new Error('result entry vanished');
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: `lottery.result.${body.decision}`,
          target: `lottery:${draw.gameId}:${draw.numero}`,
          before: { state: row.state, revision: row.resultRevision },
          after: { entryId: id, revision, enteredBy: entry.enteredBy },
        });
        return entryView(decided, revision);
      });
      if (outcome) engine.announce(outcome);
      return reply;
    },

    /** Calls off a draw that has no result; the engine refunds every open bet. */
    async cancel(operator: Operator, draw: DrawKey, reason: string): Promise<CancelDrawReply> {
      let outcome: Outcome | undefined;
      await db.transaction(async (tx) => {
        const { draw: row } = await lockedDraw(tx, draw);
        if (!['scheduled', 'open', 'locked'].includes(row.state) || row.resultRevision > 0) {
          throw drawStateInvalid();
        }
        outcome = await engine.refund(tx, draw, reason);
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'lottery.draw.cancel',
          target: `lottery:${draw.gameId}:${draw.numero}`,
          before: { state: row.state },
          after: { state: 'cancelled', reason, refunded: outcome.bets.length },
        });
      });
      if (outcome) engine.announce(outcome);
      return { ...draw, state: 'cancelled', refunded: outcome?.bets.length ?? 0 };
    },
  };
}

export type LotteryOpsService = ReturnType<typeof createLotteryOpsService>;
