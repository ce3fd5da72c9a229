import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../platform/db/client.ts';
import type { Clock } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/errors.ts';
import { hashToken } from '../../../platform/hash-token.ts';
import { lockKey } from '../../../platform/db/advisory-lock.ts';
import type { SecretBox } from '../../../platform/keys/secret-box.ts';
import type { ErrorCode } from '../../../../contract/envelope.ts';
import type { Language } from '../../../../contract/constants.ts';
import type { LedgerService } from '../../wallet/wallet.port.ts';
import {
  playerSessionHours,
  signatureWindowSeconds,
  type AuthenticateReply,
  type BalanceBody,
  type BetBody,
  type EndRoundBody,
  type RollbackBody,
  type SeamlessBalance,
  type TransactionReply,
  type WinBody,
} from '../../../../contract/seamless.ts';
import {
  addToRollup,
  addWin,
  findBet,
  findProvider,
  findSessionByToken,
  findTombstone,
  findTransaction,
  insertBet,
  insertTombstone,
  insertTransaction,
  latestBetOfRound,
  rollBackBet,
  settleRound,
  consumeLaunchToken,
  type BetRow,
  type GameSessionRow,
  type ProviderRow,
} from './seamless.repository.ts';
import { findMemberById } from '../../../platform/members/members.queries.ts';
import { sql } from 'drizzle-orm';
import { gameBets } from './seamless.schema.ts';

/** Advisory lock space of (provider, bet transaction id): a bet and its early rollback. */
const BET_SPACE = 7401;
const windowMs = 5 * 60 * 1000;

/**
 * A refusal of the seamless API: its status and code, and the player's balance at the time
 * (null when the caller is not authenticated or the player unknown).
 */
export class SeamlessRefusal extends AppError {
  readonly balance: bigint | null;
  constructor(status: number, code: ErrorCode, balance: bigint | null) {
    super(status, code);
    this.balance = balance;
  }
}

export type SeamlessDeps = {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post' | 'currency' | 'balance'>;
  box: SecretBox;
  /** The winner board: called in a win's transaction (the catalog's port). */
  recordWin?: (tx: Db, win: { memberId: number; nodeId: number; amount: bigint }) => Promise<void>;
};

type Player = { memberId: number; session: GameSessionRow };

const windowOf = (now: Date) => new Date(Math.floor(now.getTime() / windowMs) * windowMs);

/** What makes two calls with one transaction id the same call (the session token aside). */
function requestHash(kind: string, body: Record<string, unknown>): string {
  const { sessionToken: _ignored, token: _hub88Token, request_uuid: _uuid, ...rest } = body;
  const sorted = Object.keys(rest)
    .sort()
    .map((key) => [key, rest[key]]);
  return createHash('sha256')
    .update(JSON.stringify([kind, sorted]))
    .digest('hex');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) {
    // Compare anyway so a wrong length takes the time of a wrong value.
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/** Our signature: hex HMAC-SHA256 over `timestamp.rawBody`. */
export const signSeamless = (secret: string, timestamp: string, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
/** The Hub88-shaped adapter's signature: base64 HMAC-SHA256 over the raw body. */
export const signHub88 = (secret: string, rawBody: string) =>
  createHmac('sha256', secret).update(rawBody).digest('base64');

/**
 * The seamless wallet: the rules of every call a game provider makes, whatever its shape.
 * Bets, wins and refunds are ledger postings (one statement each) whose own rows (the bet, the
 * stored reply, the 5-minute rollup) share the posting's transaction; the ledger sends the
 * balance event after commit.
 */
export function createSeamlessService(deps: SeamlessDeps) {
  const { db, clock, ledger, box } = deps;

  async function mainBalance(memberId: number, tx: Db = db): Promise<bigint> {
    const balance = await ledger.balance(memberId, tx);
    return balance.wallets.find((wallet) => wallet.kind === 'main')?.balance ?? 0n;
  }
  const refusal = async (status: number, code: ErrorCode, memberId: number | null) =>
    new SeamlessRefusal(status, code, memberId === null ? null : await mainBalance(memberId));

  function secretOf(provider: ProviderRow): string {
    return box.open(provider.secretSealed).plain;
  }

  async function activeProvider(code: string, ip: string, shape: ProviderRow['shape']) {
    const provider = await findProvider(db, code);
    if (!provider || provider.shape !== shape) {
      throw new SeamlessRefusal(401, 'seamless_provider_unknown', null);
    }
    if (provider.status !== 'active') {
      throw new SeamlessRefusal(403, 'seamless_provider_disabled', null);
    }
    if (provider.allowedIps.length > 0 && !provider.allowedIps.includes(ip)) {
      throw new SeamlessRefusal(403, 'seamless_signature_invalid', null);
    }
    return provider;
  }

  async function player(
    provider: ProviderRow,
    sessionToken: string,
    playerId: string,
    allowExpired: boolean,
  ): Promise<Player> {
    const session = await findSessionByToken(db, hashToken(sessionToken), provider.code);
    if (!session) throw new SeamlessRefusal(401, 'seamless_token_invalid', null);
    if (String(session.memberId) !== playerId) {
      throw new SeamlessRefusal(404, 'seamless_player_unknown', null);
    }
    const expired = !session.sessionExpiresAt || session.sessionExpiresAt <= clock();
    if (expired && !allowExpired) throw await refusal(401, 'session_expired', session.memberId);
    return { memberId: session.memberId, session };
  }

  function checkCurrency(currency: string, memberId: number) {
    if (currency !== ledger.currency) return refusal(400, 'seamless_currency_mismatch', memberId);
    return undefined;
  }

  /** A transaction id seen before: its first reply, or a refusal when the call differs. */
  async function replayOf(
    provider: ProviderRow,
    transactionId: string,
    kind: string,
    hash: string,
  ): Promise<TransactionReply | undefined> {
    const seen = await findTransaction(db, provider.code, transactionId);
    if (!seen) return undefined;
    if (seen.kind !== kind || seen.requestHash !== hash) {
      throw await refusal(409, 'seamless_transaction_conflict', seen.memberId);
    }
    return seen.reply as TransactionReply;
  }

  const reply = (transactionId: string, postingId: string | null, balance: bigint) =>
    ({
      transactionId,
      postingId,
      balance: balance.toString(),
      currency: ledger.currency,
    }) satisfies TransactionReply;

  /** A posting's failure as the provider should read it. */
  async function postingFailure(error: unknown, memberId: number): Promise<never> {
    if (error instanceof SeamlessRefusal) throw error;
    if (error instanceof AppError && error.code === 'insufficient_balance') {
      throw await refusal(409, 'insufficient_balance', memberId);
    }
    if (error instanceof AppError && error.code === 'idempotency_key_reused') {
      throw await refusal(409, 'seamless_transaction_conflict', memberId);
    }
    throw error;
  }

  const postingKey = (provider: ProviderRow, transactionId: string) =>
    `seamless:${provider.code}:${transactionId}`;

  async function storedAfterTwin(provider: ProviderRow, transactionId: string) {
    const seen = await findTransaction(db, provider.code, transactionId);
    if (!seen) throw new Error('a replayed posting without its stored reply');
    return seen.reply as TransactionReply;
  }

  /** A launch token to the provider's player session (once; Hub88: the token stays). */
  async function authenticate(
    provider: ProviderRow,
    launchToken: string,
    keepToken = false,
  ): Promise<AuthenticateReply> {
    const now = clock();
    const sessionToken = keepToken ? launchToken : randomBytes(32).toString('base64url');
    const sessionExpiresAt = new Date(now.getTime() + playerSessionHours * 3_600_000);
    const session = await consumeLaunchToken(db, {
      launchTokenHash: hashToken(launchToken),
      providerCode: provider.code,
      sessionTokenHash: hashToken(sessionToken),
      sessionExpiresAt,
      now,
    });
    if (!session) throw new SeamlessRefusal(401, 'seamless_token_invalid', null);
    const member = await findMemberById(db, session.memberId);
    return {
      playerId: String(session.memberId),
      nickname: member?.nickname || member?.username || String(session.memberId),
      sessionToken,
      gameCode: session.gameCode,
      language: session.language as Language,
      sessionExpiresAt: sessionExpiresAt.toISOString(),
      balance: (await mainBalance(session.memberId)).toString(),
      currency: ledger.currency,
    };
  }

  return {
    currency: ledger.currency,
    mainBalance,
    authenticate,
    /** The provider's player session of a token hash (any state). */
    sessionByToken: (tokenHash: string, providerCode: string) =>
      findSessionByToken(db, tokenHash, providerCode),

    /** The provider of a call of ours, once its signature and timestamp hold. */
    async verifySeamless(input: {
      providerCode: string | undefined;
      timestamp: string | undefined;
      signature: string | undefined;
      rawBody: string;
      ip: string;
    }): Promise<ProviderRow> {
      if (!input.providerCode || !input.timestamp || !input.signature) {
        throw new SeamlessRefusal(401, 'seamless_signature_invalid', null);
      }
      const provider = await activeProvider(input.providerCode, input.ip, 'seamless');
      const expected = signSeamless(secretOf(provider), input.timestamp, input.rawBody);
      if (!safeEqual(expected, input.signature.toLowerCase())) {
        throw new SeamlessRefusal(401, 'seamless_signature_invalid', null);
      }
      const seconds = Number(input.timestamp);
      const skew = Math.abs(clock().getTime() / 1000 - seconds);
      if (!/^\d{1,12}$/.test(input.timestamp) || skew > signatureWindowSeconds) {
        throw new SeamlessRefusal(401, 'seamless_timestamp_stale', null);
      }
      return provider;
    },

    /** The provider of a Hub88-shaped call, once its signature holds. */
    async verifyHub88(input: {
      providerCode: string;
      signature: string | undefined;
      rawBody: string;
      ip: string;
    }): Promise<ProviderRow> {
      const provider = await activeProvider(input.providerCode, input.ip, 'hub88');
      const expected = signHub88(secretOf(provider), input.rawBody);
      if (!input.signature || !safeEqual(expected, input.signature)) {
        throw new SeamlessRefusal(401, 'seamless_signature_invalid', null);
      }
      return provider;
    },

    /** For the Hub88 shape: a token that is either a fresh launch token or a bound session. */
    async sessionOrLaunch(
      provider: ProviderRow,
      token: string,
      user: string,
      allowExpired: boolean,
    ) {
      try {
        return await player(provider, token, user, allowExpired);
      } catch (error) {
        if (!(error instanceof SeamlessRefusal) || error.code !== 'seamless_token_invalid') {
          throw error;
        }
        const auth = await authenticate(provider, token, true);
        if (auth.playerId !== user) throw new SeamlessRefusal(404, 'seamless_player_unknown', null);
        return player(provider, token, user, allowExpired);
      }
    },

    async balance(provider: ProviderRow, body: BalanceBody): Promise<SeamlessBalance> {
      const { memberId } = await player(provider, body.sessionToken, body.playerId, true);
      return { balance: (await mainBalance(memberId)).toString(), currency: ledger.currency };
    },

    async bet(provider: ProviderRow, body: BetBody, playerOf = player): Promise<TransactionReply> {
      const hash = requestHash('bet', body);
      const replayed = await replayOf(provider, body.transactionId, 'bet', hash);
      if (replayed) return replayed;
      const { memberId, session } = await playerOf(
        provider,
        body.sessionToken,
        body.playerId,
        false,
      );
      const wrongCurrency = checkCurrency(body.currency, memberId);
      if (wrongCurrency) throw await wrongCurrency;
      if (await findTombstone(db, provider.code, body.transactionId)) {
        throw await refusal(409, 'seamless_bet_rolled_back', memberId);
      }
      const stake = BigInt(body.amount);
      const now = clock();
      try {
        const result = await ledger.post(
          {
            memberId,
            kind: 'bet',
            amount: -stake,
            idempotencyKey: postingKey(provider, body.transactionId),
            reference: `${provider.code}:${body.roundId}`,
            actor: `provider:${provider.code}`,
          },
          async (tx, posting) => {
            await lockKey(tx, BET_SPACE, `${provider.code}:${body.transactionId}`);
            if (await findTombstone(tx, provider.code, body.transactionId)) {
              throw new SeamlessRefusal(409, 'seamless_bet_rolled_back', null);
            }
            const gameOf = session;
            await insertBet(tx, {
              providerCode: provider.code,
              roundId: body.roundId,
              transactionId: body.transactionId,
              memberId,
              vassalage: gameOf.vassalage,
              gameType: gameOf.gameType,
              gameCode: body.gameCode,
              nodeId: session.nodeId,
              stake,
              validTurnover: stake,
              placedAt: now,
              postingId: posting.postingId,
            });
            await addToRollup(tx, {
              memberId,
              windowStart: windowOf(now),
              vassalage: gameOf.vassalage,
              gameType: gameOf.gameType,
              betCount: 1,
              stake,
              validTurnover: stake,
              win: 0n,
            });
            const balanceAfter = BigInt(posting.entries[0]?.balanceAfter ?? '0');
            await insertTransaction(tx, {
              providerCode: provider.code,
              transactionId: body.transactionId,
              kind: 'bet',
              requestHash: hash,
              memberId,
              reply: reply(body.transactionId, posting.postingId, balanceAfter),
              createdAt: now,
            });
          },
        );
        if (result.replayed) return storedAfterTwin(provider, body.transactionId);
        return reply(
          body.transactionId,
          result.reply.postingId,
          BigInt(result.reply.entries[0]?.balanceAfter ?? '0'),
        );
      } catch (error) {
        if (error instanceof SeamlessRefusal && error.balance === null) {
          throw await refusal(error.statusCode, error.code, memberId);
        }
        return postingFailure(error, memberId);
      }
    },

    async win(provider: ProviderRow, body: WinBody, playerOf = player): Promise<TransactionReply> {
      const hash = requestHash('win', body);
      const replayed = await replayOf(provider, body.transactionId, 'win', hash);
      if (replayed) return replayed;
      const { memberId } = await playerOf(provider, body.sessionToken, body.playerId, true);
      const wrongCurrency = checkCurrency(body.currency, memberId);
      if (wrongCurrency) throw await wrongCurrency;
      const bet = body.betTransactionId
        ? await findBet(db, provider.code, body.betTransactionId)
        : await latestBetOfRound(db, provider.code, body.roundId, memberId);
      if (!bet || bet.memberId !== memberId || bet.roundId !== body.roundId) {
        throw await refusal(404, 'seamless_bet_not_found', memberId);
      }
      if (bet.status === 'rolled_back') {
        throw await refusal(409, 'seamless_bet_rolled_back', memberId);
      }
      const amount = BigInt(body.amount);
      const now = clock();
      const ownRows = async (tx: Db, postingId: string | null, balanceAfter: bigint) => {
        const paid = await tx
          .update(gameBets)
          .set({ status: 'settled', settledAt: now })
          .where(sql`${gameBets.id} = ${bet.id} and ${gameBets.status} <> 'rolled_back'`)
          .returning({ id: gameBets.id });
        if (paid.length === 0) throw new SeamlessRefusal(409, 'seamless_bet_rolled_back', null);
        if (amount > 0n) {
          await addWin(tx, bet.id, amount, now);
          await addToRollup(tx, winDelta(bet, memberId, now, amount));
          if (bet.nodeId !== null) {
            await deps.recordWin?.(tx, { memberId, nodeId: bet.nodeId, amount });
          }
        }
        const stored = await insertTransaction(tx, {
          providerCode: provider.code,
          transactionId: body.transactionId,
          kind: 'win',
          requestHash: hash,
          memberId,
          reply: reply(body.transactionId, postingId, balanceAfter),
          createdAt: now,
        });
        return stored;
      };
      try {
        if (amount === 0n) {
          const stored = await db.transaction(async (tx) => {
            const balance = await mainBalance(memberId, tx);
            const inserted = await ownRows(tx, null, balance);
            return inserted ? reply(body.transactionId, null, balance) : undefined;
          });
          return stored ?? (await storedAfterTwin(provider, body.transactionId));
        }
        const result = await ledger.post(
          {
            memberId,
            kind: 'payout',
            amount,
            idempotencyKey: postingKey(provider, body.transactionId),
            reference: `${provider.code}:${body.roundId}`,
            actor: `provider:${provider.code}`,
          },
          async (tx, posting) => {
            await ownRows(tx, posting.postingId, BigInt(posting.entries[0]?.balanceAfter ?? '0'));
          },
        );
        if (result.replayed) return storedAfterTwin(provider, body.transactionId);
        return reply(
          body.transactionId,
          result.reply.postingId,
          BigInt(result.reply.entries[0]?.balanceAfter ?? '0'),
        );
      } catch (error) {
        if (error instanceof SeamlessRefusal && error.balance === null) {
          throw await refusal(error.statusCode, error.code, memberId);
        }
        return postingFailure(error, memberId);
      }
    },

    async rollback(
      provider: ProviderRow,
      body: RollbackBody,
      playerOf = player,
    ): Promise<TransactionReply> {
      const hash = requestHash('rollback', body);
      const replayed = await replayOf(provider, body.transactionId, 'rollback', hash);
      if (replayed) return replayed;
      const { memberId } = await playerOf(provider, body.sessionToken, body.playerId, true);
      const now = clock();
      const store = (tx: Db, postingId: string | null, balance: bigint) =>
        insertTransaction(tx, {
          providerCode: provider.code,
          transactionId: body.transactionId,
          kind: 'rollback',
          requestHash: hash,
          memberId,
          reply: reply(body.transactionId, postingId, balance),
          createdAt: now,
        });
      try {
        for (let attempt = 0; attempt < 2; attempt++) {
          const bet = await findBet(db, provider.code, body.betTransactionId);
          if (!bet) {
            // Unknown bet: a tombstone, under the bet's lock, so the late bet is refused.
            const done = await db.transaction(async (tx) => {
              await lockKey(tx, BET_SPACE, `${provider.code}:${body.betTransactionId}`);
              if (await findBet(tx, provider.code, body.betTransactionId)) return undefined;
              await insertTombstone(tx, {
                providerCode: provider.code,
                betTransactionId: body.betTransactionId,
                rollbackTransactionId: body.transactionId,
                memberId,
                createdAt: now,
              });
              const balance = await mainBalance(memberId, tx);
              return (await store(tx, null, balance))
                ? reply(body.transactionId, null, balance)
                : await storedAfterTwin(provider, body.transactionId);
            });
            if (done) return done;
            continue;
          }
          if (bet.memberId !== memberId)
            throw await refusal(404, 'seamless_bet_not_found', memberId);
          if (bet.status === 'rolled_back') {
            return await db.transaction(async (tx) => {
              const balance = await mainBalance(memberId, tx);
              return (await store(tx, null, balance))
                ? reply(body.transactionId, null, balance)
                : await storedAfterTwin(provider, body.transactionId);
            });
          }
          if (bet.win > 0n) throw await refusal(409, 'seamless_bet_settled', memberId);
          const result = await ledger.post(
            {
              memberId,
              kind: 'bet_refund',
              amount: bet.stake,
              idempotencyKey: postingKey(provider, body.transactionId),
              reference: `${provider.code}:${bet.roundId}`,
              actor: `provider:${provider.code}`,
            },
            async (tx, posting) => {
              if (!(await rollBackBet(tx, bet.id, now))) {
                throw new SeamlessRefusal(409, 'seamless_bet_settled', null);
              }
              await addToRollup(tx, {
                memberId,
                windowStart: windowOf(now),
                vassalage: bet.vassalage,
                gameType: bet.gameType,
                betCount: -1,
                stake: -bet.stake,
                validTurnover: -bet.validTurnover,
                win: 0n,
              });
              await store(tx, posting.postingId, BigInt(posting.entries[0]?.balanceAfter ?? '0'));
            },
          );
          if (result.replayed) return storedAfterTwin(provider, body.transactionId);
          return reply(
            body.transactionId,
            result.reply.postingId,
            BigInt(result.reply.entries[0]?.balanceAfter ?? '0'),
          );
        }
        throw new Error('rollback raced its bet twice');
      } catch (error) {
        if (error instanceof SeamlessRefusal && error.balance === null) {
          throw await refusal(error.statusCode, error.code, memberId);
        }
        return postingFailure(error, memberId);
      }
    },

    async endRound(provider: ProviderRow, body: EndRoundBody): Promise<TransactionReply> {
      const hash = requestHash('endRound', body);
      const replayed = await replayOf(provider, body.transactionId, 'endRound', hash);
      if (replayed) return replayed;
      const { memberId } = await player(provider, body.sessionToken, body.playerId, true);
      const now = clock();
      const done = await db.transaction(async (tx) => {
        await settleRound(tx, provider.code, body.roundId, memberId, now);
        const balance = await mainBalance(memberId, tx);
        const stored = await insertTransaction(tx, {
          providerCode: provider.code,
          transactionId: body.transactionId,
          kind: 'endRound',
          requestHash: hash,
          memberId,
          reply: reply(body.transactionId, null, balance),
          createdAt: now,
        });
        return stored ? reply(body.transactionId, null, balance) : undefined;
      });
      return done ?? storedAfterTwin(provider, body.transactionId);
    },

    /** A player check for the Hub88 shape (its token may still be a launch token). */
    player,
  };
}

function winDelta(bet: BetRow, memberId: number, now: Date, amount: bigint) {
  return {
    memberId,
    windowStart: windowOf(now),
    vassalage: bet.vassalage,
    gameType: bet.gameType,
    betCount: 0,
    stake: 0n,
    validTurnover: 0n,
    win: amount,
  };
}

export type { ProviderRow };
export type SeamlessService = ReturnType<typeof createSeamlessService>;
