import { randomBytes } from 'node:crypto';
import type {
  BuiltinFreeRounds,
  BuiltinPlayBody,
  BuiltinRoundView,
  BuiltinSeeds,
  BuiltinState,
} from '../../../contract/builtin-games.ts';
import { isCrashBetValid } from '../../../contract/builtin-games/crash.ts';
import { isDiceBetValid } from '../../../contract/builtin-games/dice.ts';
import {
  type BuiltinGameId,
  type BuiltinRoundInput,
  builtinGameOfCode,
  payoutOf,
  playRound,
} from '../../../contract/builtin-games/verify.ts';
import { type Language, languages } from '../../../contract/constants.ts';
import { type FreeRoundGrant, playerSessionHours } from '../../../contract/seamless.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken } from '../../platform/hash-token.ts';
import * as repo from './builtin-games.repository.ts';
import {
  type Keys,
  activeColumns,
  activeSeedOf,
  newCommitment,
  nextColumns,
  renewedSeeds,
} from './builtin-seeds.ts';
import { type SeamlessWallet, SeamlessRefusal, SeamlessUnavailable } from './seamless-client.ts';

const newClientSeed = () => randomBytes(8).toString('hex');
const historySize = 20;
/** Rollbacks sent again per run of the job. */
const rollbacksPerRun = 50;

/** How long after its `attempts`-th send a rollback is sent again: 10 s doubling, at most 1 h. */
export const rollbackBackoffMs = (attempts: number) =>
  Math.min(3_600_000, 10_000 * 2 ** Math.min(20, Math.max(0, attempts - 1)));

/** Seed rows the start-up pass renews per transaction. */
const renewBatch = 500;

function seedsView(row: repo.SeedsRow): BuiltinSeeds {
  return {
    serverSeedHash: row.serverSeedHash,
    nextServerSeedHash: row.nextServerSeedHash ?? '',
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    previous:
      row.previousServerSeed && row.previousServerSeedHash && row.previousClientSeed !== null
        ? {
            serverSeed: row.previousServerSeed,
            serverSeedHash: row.previousServerSeedHash,
            clientSeed: row.previousClientSeed,
            nonce: row.previousNonce ?? 0,
          }
        : null,
  };
}

function roundView(row: repo.RoundRow): BuiltinRoundView {
  return {
    roundId: row.roundId,
    game: row.game as BuiltinGameId,
    stake: String(row.stake),
    win: String(row.win),
    bet: (row.bet as Record<string, unknown> | null) ?? null,
    result: row.result as Record<string, unknown>,
    serverSeedHash: row.serverSeedHash,
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    playedAt: row.createdAt.toISOString(),
    ...(row.freeGrantId === null ? {} : { free: true }),
  };
}

/** What the page shows of the grants: the rounds left in all, the stake of the next one. */
const freeRoundsView = (grants: readonly FreeRoundGrant[]): BuiltinFreeRounds => ({
  roundsLeft: grants.reduce((sum, grant) => sum + grant.roundsLeft, 0),
  stake: grants[0]?.stake ?? '0',
});

const sessionGone = (error: SeamlessRefusal) =>
  error.code === 'session_expired' || error.code === 'seamless_token_invalid';

/** What a wallet refusal means to the player. */
function refusalError(error: SeamlessRefusal): AppError {
  if (error.code === 'insufficient_balance') return new AppError(409, 'insufficient_balance');
  if (error.code === 'session_expired' || error.code === 'seamless_token_invalid') {
    return new AppError(401, 'session_expired');
  }
  if (error.code === 'free_rounds_none') return new AppError(409, 'free_rounds_none');
  // Play stopped by the wallet: the player reads why, not a fault of the game.
  if (error.code === 'system_maintenance') return new AppError(503, 'system_maintenance');
  if (error.code === 'seamless_player_blocked') return new AppError(403, 'account_disabled');
  return new AppError(503, 'system_error');
}

export type BuiltinGamesService = ReturnType<typeof createBuiltinGamesService>;

/**
 * The built-in provider: its sessions, seeds and rounds are its own; every stake and win is a
 * signed seamless call. No transaction stays open across a wallet call (the wallet may be this
 * very server on one PGlite connection).
 */
export function createBuiltinGamesService(deps: {
  db: Db;
  clock: Clock;
  wallet: SeamlessWallet;
  /** The outcome keys the server seeds are derived under (never stored). */
  keys: Keys;
}) {
  const { db, clock, wallet, keys } = deps;

  async function ensureSeeds(playerId: string): Promise<repo.SeedsRow> {
    const existing = await repo.readSeeds(db, playerId);
    if (existing) return existing;
    await repo.insertSeedsIfMissing(db, {
      playerId,
      ...activeColumns(newCommitment(keys, playerId)),
      clientSeed: newClientSeed(),
      nonce: 0,
      ...nextColumns(newCommitment(keys, playerId)),
    });
    return (await repo.readSeeds(db, playerId))!;
  }

  /** The server seed in use, made again from its key; 503 when it cannot be kept as shown. */
  function activeSeed(row: repo.SeedsRow): string {
    const seed = activeSeedOf(keys, row);
    if (seed === null) throw new AppError(503, 'system_error');
    return seed;
  }

  async function settleWin(session: repo.SessionRow, round: repo.RoundRow): Promise<string | null> {
    try {
      const reply = await wallet.win({
        sessionToken: session.walletSession,
        playerId: session.playerId,
        transactionId: `${round.roundId}:win`,
        roundId: round.roundId,
        betTransactionId: `${round.roundId}:bet`,
        gameCode: round.gameCode,
        amount: String(round.win),
        currency: session.currency,
      });
      await repo.updateRound(db, round.roundId, { status: 'settled', settledAt: clock() });
      return reply.balance;
    } catch (error) {
      // The win is idempotent per transaction id: it is sent again on the next call.
      if (error instanceof SeamlessUnavailable) return null;
      throw error;
    }
  }

  /**
   * A free round's one call (the same transaction id each time): the round taken off the grant
   * and its win paid at once. Null when the wallet did not answer (it is sent again); a refusal
   * (no round left, another spin took it) marks the round refused.
   */
  async function settleFree(session: repo.SessionRow, round: repo.RoundRow) {
    try {
      const reply = await wallet.freeRound({
        sessionToken: session.walletSession,
        playerId: session.playerId,
        transactionId: `${round.roundId}:free`,
        roundId: round.roundId,
        gameCode: round.gameCode,
        grantId: round.freeGrantId!,
        stake: String(round.stake),
        amount: String(round.win),
        currency: session.currency,
      });
      await repo.updateRound(db, round.roundId, { status: 'settled', settledAt: clock() });
      return reply;
    } catch (error) {
      if (error instanceof SeamlessUnavailable) return null;
      if (error instanceof SeamlessRefusal) {
        await repo.updateRound(db, round.roundId, { status: 'refused' });
      }
      throw error;
    }
  }

  /** Wins the wallet has not confirmed yet (it was down): sent again, same transaction ids. */
  async function retryPendingWins(session: repo.SessionRow) {
    for (const round of await repo.winPendingRounds(db, session.playerId)) {
      if (round.freeGrantId !== null) await settleFree(session, round).catch(() => null);
      else await settleWin(session, round).catch(() => null);
    }
  }

  /**
   * The player's free rounds in the session's game and the balance, in one call. A wallet
   * without the call (an outside one) has none: its balance call answers.
   */
  async function walletView(
    session: repo.SessionRow,
  ): Promise<{ balance: string; grants: FreeRoundGrant[] }> {
    try {
      const reply = await wallet.freeRounds({
        sessionToken: session.walletSession,
        playerId: session.playerId,
      });
      return { balance: reply.balance ?? '0', grants: reply.grants };
    } catch (error) {
      if (error instanceof SeamlessRefusal && !sessionGone(error)) {
        return { balance: await walletBalance(session), grants: [] };
      }
      if (error instanceof SeamlessRefusal) throw refusalError(error);
      throw new AppError(503, 'system_error');
    }
  }

  /**
   * Sends a round's rollback (always the same transaction id): null once the wallet has
   * acknowledged it (the round marked rolled back), else what went wrong.
   */
  async function sendRollback(pending: {
    roundId: string;
    playerId: string;
    walletSession: string;
  }): Promise<string | null> {
    try {
      await wallet.rollback({
        sessionToken: pending.walletSession,
        playerId: pending.playerId,
        roundId: pending.roundId,
        transactionId: `${pending.roundId}:rollback`,
        betTransactionId: `${pending.roundId}:bet`,
      });
    } catch (error) {
      if (error instanceof SeamlessRefusal) return `refused: ${error.code}`;
      return error instanceof Error ? error.message || error.name : String(error);
    }
    await repo.updateRound(db, pending.roundId, { status: 'rolled_back' });
    return null;
  }

  /** Sends a claimed rollback again: acknowledged, it is done; else its error is noted. */
  async function retryRollback(row: repo.PendingRollbackRow) {
    const failure = await sendRollback(row);
    if (failure === null) await repo.deletePendingRollback(db, row.roundId);
    else await repo.notePendingRollbackError(db, row.roundId, failure);
  }

  async function stateOf(
    session: repo.SessionRow,
    balance: string,
    grants: readonly FreeRoundGrant[],
  ): Promise<BuiltinState> {
    const seeds = await ensureSeeds(session.playerId);
    const history = await repo.latestRounds(db, session.playerId, historySize);
    return {
      playerId: session.playerId,
      nickname: session.nickname,
      currency: session.currency,
      language: (languages as readonly string[]).includes(session.language)
        ? (session.language as Language)
        : 'hi',
      game: session.game as BuiltinGameId,
      balance,
      seeds: seedsView(seeds),
      history: history.map(roundView),
      freeRounds: freeRoundsView(grants),
    };
  }

  async function walletBalance(session: repo.SessionRow): Promise<string> {
    try {
      const reply = await wallet.balance({
        sessionToken: session.walletSession,
        playerId: session.playerId,
      });
      return reply.balance ?? '0';
    } catch (error) {
      if (error instanceof SeamlessRefusal) throw refusalError(error);
      throw new AppError(503, 'system_error');
    }
  }

  const rollbacksInFlight = new Set<Promise<void>>();

  return {
    /**
     * The job's work (`builtin-games-rollbacks`): claims the rollbacks due at `now` in the job's
     * transaction (each one's next attempt moved on by the backoff), then sends them once that
     * transaction is done: a wallet call never runs inside a transaction (the wallet may be
     * this server on one PGlite connection, whose queries wait for the transaction's end).
     * Answers how many were claimed.
     */
    async retryRollbacks(tx: Db, now: Date): Promise<number> {
      const claimed = await repo.claimDueRollbacks(tx, now, rollbacksPerRun, rollbackBackoffMs);
      if (claimed.length > 0) {
        const sending = (async () => {
          for (const row of claimed) await retryRollback(row);
        })()
          .catch(() => undefined)
          .finally(() => rollbacksInFlight.delete(sending));
        rollbacksInFlight.add(sending);
      }
      return claimed.length;
    },

    /** Resolves when the rollbacks being sent again have been answered (or failed). */
    async rollbacksSettled(): Promise<void> {
      await Promise.all([...rollbacksInFlight]);
    },

    /** The launch token, exchanged with the wallet for its player session, then ours. */
    async openSession(launchToken: string) {
      let player;
      try {
        player = await wallet.authenticate(launchToken);
      } catch (error) {
        if (error instanceof SeamlessRefusal) throw new AppError(401, 'seamless_token_invalid');
        throw new AppError(503, 'system_error');
      }
      const game = builtinGameOfCode(player.gameCode);
      if (!game) throw new AppError(404, 'game_not_found');
      const token = randomBytes(32).toString('base64url');
      const session = {
        tokenHash: hashToken(token),
        playerId: player.playerId,
        nickname: player.nickname,
        walletSession: player.sessionToken,
        currency: player.currency,
        language: player.language,
        game,
        gameCode: player.gameCode,
        expiresAt: new Date(clock().getTime() + playerSessionHours * 3_600_000),
      };
      await repo.insertSession(db, session);
      const row = { ...session, createdAt: clock() };
      const { grants } = await walletView(row);
      return { sessionToken: token, ...(await stateOf(row, player.balance ?? '0', grants)) };
    },

    /** The provider session of a bearer token, else 401 session_expired. */
    async sessionOf(token: string): Promise<repo.SessionRow> {
      const row = await repo.findLiveSession(db, hashToken(token), clock());
      if (!row) throw new AppError(401, 'session_expired');
      return row;
    },

    async state(session: repo.SessionRow): Promise<BuiltinState> {
      await retryPendingWins(session);
      const view = await walletView(session);
      return stateOf(session, view.balance, view.grants);
    },

    /**
     * One round: the outcome is fixed from the seeds and the nonce first (in our transaction),
     * then the stake is taken (bet), then the win is paid (win; 0 settles a loss). A bet the
     * wallet may or may not have taken (no answer) is rolled back. While the player has free
     * rounds in the game (points mall), the round is one of them: its stake is the grant's (the
     * one chosen is not used) and one `freeRound` call takes the round off the grant and pays
     * the win, with no bet; unanswered, it is sent again like a pending win.
     */
    async play(session: repo.SessionRow, body: BuiltinPlayBody) {
      if (body.game !== session.game) throw new AppError(400, 'bad_request');
      const input: BuiltinRoundInput =
        body.game === 'slot'
          ? { game: 'slot' }
          : ({ game: body.game, bet: body.bet } as BuiltinRoundInput);
      if (input.game === 'dice' && !isDiceBetValid(input.bet))
        throw new AppError(400, 'bad_request');
      if (input.game === 'crash' && !isCrashBetValid(input.bet))
        throw new AppError(400, 'bad_request');
      await retryPendingWins(session);
      await ensureSeeds(session.playerId);
      const { grants } = await walletView(session);
      const grant = grants[0];
      const stake = Number(grant ? grant.stake : body.stake);
      const roundId = `r${randomBytes(12).toString('hex')}`;

      const round = await db.transaction(async (tx) => {
        const seeds = (await repo.lockSeeds(tx, session.playerId))!;
        const played = playRound(
          { serverSeed: activeSeed(seeds), clientSeed: seeds.clientSeed, nonce: seeds.nonce },
          input,
        );
        const row = {
          roundId,
          playerId: session.playerId,
          game: input.game,
          gameCode: session.gameCode,
          stake,
          win: payoutOf(stake, played.result.multiplier10k),
          bet: played.bet ?? null,
          result: played.result,
          serverSeedHash: seeds.serverSeedHash,
          clientSeed: seeds.clientSeed,
          nonce: seeds.nonce,
          // A free round's one call is safe to send again: pending from the start, so even a
          // crash before its answer leaves it to the retry of pending wins.
          status: grant ? 'win_pending' : 'pending',
          freeGrantId: grant?.grantId ?? null,
          createdAt: clock(),
          settledAt: null,
        };
        await repo.updateSeeds(tx, session.playerId, { nonce: seeds.nonce + 1 });
        await repo.insertRound(tx, row);
        return { id: 0, ...row } satisfies repo.RoundRow;
      });

      if (grant) {
        let reply;
        try {
          reply = await settleFree(session, round);
        } catch (error) {
          if (error instanceof SeamlessRefusal) throw refusalError(error);
          throw error;
        }
        if (!reply) throw new AppError(503, 'system_error');
        const others = grants.slice(1);
        const left = reply.roundsLeft > 0 ? [{ ...grant, roundsLeft: reply.roundsLeft }] : [];
        return {
          round: roundView({ ...round, status: 'settled' }),
          balance: reply.balance ?? (await walletBalance(session).catch(() => '0')),
          seeds: seedsView(await ensureSeeds(session.playerId)),
          freeRounds: freeRoundsView([...left, ...others]),
        };
      }

      const betIds = {
        sessionToken: session.walletSession,
        playerId: session.playerId,
        roundId,
      };
      try {
        await wallet.bet({
          ...betIds,
          transactionId: `${roundId}:bet`,
          gameCode: session.gameCode,
          amount: body.stake,
          currency: session.currency,
        });
      } catch (error) {
        if (error instanceof SeamlessRefusal) {
          await repo.updateRound(db, roundId, { status: 'refused' });
          throw refusalError(error);
        }
        // No answer: the bet may have landed. A rollback refunds it, or leaves a tombstone; one
        // the wallet does not acknowledge is kept and sent again by the job until it is.
        const pending = {
          roundId,
          playerId: session.playerId,
          walletSession: session.walletSession,
        };
        const failure = await sendRollback(pending);
        if (failure !== null) {
          await repo.updateRound(db, roundId, { status: 'rollback_pending' });
          await repo.insertPendingRollback(db, {
            ...pending,
            attempts: 1,
            nextAttemptAt: new Date(clock().getTime() + rollbackBackoffMs(1)),
            lastError: failure.slice(0, 500),
          });
        }
        throw new AppError(503, 'system_error');
      }

      await repo.updateRound(db, roundId, { status: 'win_pending' });
      const balance = await settleWin(session, round);
      const seeds = await ensureSeeds(session.playerId);
      return {
        round: roundView(round),
        balance: balance ?? (await walletBalance(session).catch(() => '0')),
        seeds: seedsView(seeds),
        freeRounds: freeRoundsView([]),
      };
    },

    /**
     * Reveals the server seed in use; the next one, whose hash the player saw before choosing
     * this client seed (the one given or a new one), comes into use (nonce 0) and a new next one
     * is committed. With `nextServerSeedHash` (the one the player saw), a rotation meanwhile is
     * refused: 409 builtin_seeds_changed.
     */
    async rotateSeeds(
      session: repo.SessionRow,
      clientSeed: string | undefined,
      nextServerSeedHash?: string,
    ): Promise<BuiltinSeeds> {
      await ensureSeeds(session.playerId);
      return db.transaction(async (tx) => {
        const seeds = (await repo.lockSeeds(tx, session.playerId))!;
        if (nextServerSeedHash !== undefined && nextServerSeedHash !== seeds.nextServerSeedHash) {
          throw new AppError(409, 'builtin_seeds_changed');
        }
        const revealed = activeSeed(seeds);
        const coming =
          seeds.nextServerSeedKeyId && seeds.nextServerSeedSalt && seeds.nextServerSeedHash
            ? {
                keyId: seeds.nextServerSeedKeyId,
                salt: seeds.nextServerSeedSalt,
                hash: seeds.nextServerSeedHash,
              }
            : newCommitment(keys, session.playerId);
        const next = {
          ...activeColumns(coming),
          clientSeed: clientSeed ?? newClientSeed(),
          nonce: 0,
          ...nextColumns(newCommitment(keys, session.playerId)),
          previousServerSeed: revealed,
          previousServerSeedHash: seeds.serverSeedHash,
          previousClientSeed: seeds.clientSeed,
          previousNonce: seeds.nonce,
          updatedAt: clock(),
        };
        await repo.updateSeeds(tx, session.playerId, next);
        return seedsView({ playerId: session.playerId, ...next });
      });
    },

    /**
     * The start-up pass: every seed row not current under the first outcome key (a seed in use
     * stored in clear by an earlier version, or under an older key) renewed, a batch per
     * transaction (builtin-seeds.ts, `renewedSeeds`). Answers how many rows changed.
     */
    async renewSeeds(on: Db = db): Promise<number> {
      let changed = 0;
      for (;;) {
        const batch = await on.transaction(async (tx) => {
          const rows = await repo.lockStaleSeeds(tx, keys.currentKeyId, renewBatch);
          const renewed = rows.map((row) => ({
            ...row,
            ...renewedSeeds(keys, row),
            updatedAt: clock(),
          }));
          await repo.writeSeeds(tx, renewed);
          return rows.length;
        });
        changed += batch;
        if (batch < renewBatch) return changed;
      }
    },
  };
}
