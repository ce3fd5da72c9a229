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
  type FreeRoundBody,
  type FreeRoundReply,
  type FreeRoundsBody,
  type FreeRoundsReply,
  type RollbackBody,
  type SeamlessBalance,
  type TransactionReply,
  type WinBody,
} from '../../../../contract/seamless.ts';
import {
  addToRollup,
  betInOneStatement,
  findBet,
  findProvider,
  findSessionByToken,
  findTransaction,
  freeRoundInOneStatement,
  freeRoundsOf,
  insertTombstone,
  insertTransaction,
  rollBackBet,
  settleRound,
  consumeLaunchToken,
  winInOneStatement,
  type GameSessionRow,
  type OneTripOutcome,
  type ProviderRow,
} from './seamless.repository.ts';
import { findMemberById } from '../../../platform/members/members.queries.ts';

/** A rollback found its bet no longer open when it came to mark it: it reads the bet again. */
class BetMoved extends Error {}

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
  ledger: Pick<LedgerService, 'post' | 'played' | 'currency' | 'balance'>;
  box: SecretBox;
  /**
   * Whether the site is in maintenance (the system port's cached read): bets, launch token
   * exchanges and free rounds are refused, settlement goes on.
   */
  inMaintenance: () => Promise<boolean>;
  /** Whether a win goes on the catalog's winner board (written in the win's statement). */
  winBoard?: boolean;
  /** How long a provider's row (and opened secret) is kept between calls. Default 5 s. */
  providerCacheMs?: number;
};

type Player = { memberId: number; session: GameSessionRow };

/** The HTTP status of each refusal the one-statement bet and win answer. */
const refusalStatus: Record<string, number> = {
  seamless_token_invalid: 401,
  seamless_player_unknown: 404,
  session_expired: 401,
  seamless_currency_mismatch: 400,
  seamless_transaction_conflict: 409,
  seamless_bet_rolled_back: 409,
  seamless_bet_not_found: 404,
  seamless_bet_settled: 409,
  seamless_player_blocked: 403,
  seamless_game_not_served: 403,
  system_maintenance: 503,
  free_rounds_none: 409,
};

/** The PostgreSQL error code of a (possibly wrapped) driver error. */
function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

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

  /**
   * Providers by code, with their opened secret, kept `providerCacheMs` (a change through the
   * operator API is forgotten at once on this node; another node sees it within that time),
   * so a signed call costs no query of its own.
   */
  const cacheMs = deps.providerCacheMs ?? 5_000;
  const providers = new Map<string, { row: ProviderRow | undefined; until: number }>();
  const secrets = new WeakMap<ProviderRow, string>();
  async function cachedProvider(code: string): Promise<ProviderRow | undefined> {
    const at = Date.now();
    const cached = providers.get(code);
    if (cached && cached.until > at) return cached.row;
    const row = await findProvider(db, code);
    if (providers.size > 1_000) providers.clear();
    providers.set(code, { row, until: at + cacheMs });
    return row;
  }

  function secretOf(provider: ProviderRow): string {
    let secret = secrets.get(provider);
    if (secret === undefined) {
      secret = box.open(provider.secretSealed).plain;
      secrets.set(provider, secret);
    }
    return secret;
  }

  async function activeProvider(code: string, ip: string, shape: ProviderRow['shape']) {
    const provider = await cachedProvider(code);
    if (!provider || provider.shape !== shape) {
      throw new SeamlessRefusal(401, 'seamless_provider_unknown', null);
    }
    if (provider.status !== 'active') {
      throw new SeamlessRefusal(403, 'seamless_provider_disabled', null);
    }
    if (provider.allowedIps.length > 0 && !provider.allowedIps.includes(ip)) {
      throw new SeamlessRefusal(403, 'seamless_ip_not_allowed', null);
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

  /** A member who may not play now (disabled, later self-excluded): refused, with the balance. */
  async function refuseBlocked(memberId: number, tx: Db = db): Promise<void> {
    const member = await findMemberById(tx, memberId);
    if (member?.status !== 'active') {
      throw new SeamlessRefusal(403, 'seamless_player_blocked', await mainBalance(memberId, tx));
    }
  }

  /**
   * A launch token to the provider's player session (once; Hub88: the token stays). A new
   * session is play: refused in maintenance and for a member who may not play (the token is
   * then left as it was).
   */
  async function authenticate(
    provider: ProviderRow,
    launchToken: string,
    keepToken = false,
  ): Promise<AuthenticateReply> {
    if (await deps.inMaintenance()) throw new SeamlessRefusal(503, 'system_maintenance', null);
    const now = clock();
    const sessionToken = keepToken ? launchToken : randomBytes(32).toString('base64url');
    const sessionExpiresAt = new Date(now.getTime() + playerSessionHours * 3_600_000);
    const { session, member } = await db.transaction(async (tx) => {
      const session = await consumeLaunchToken(tx, {
        launchTokenHash: hashToken(launchToken),
        providerCode: provider.code,
        sessionTokenHash: hashToken(sessionToken),
        sessionExpiresAt,
        now,
      });
      if (!session) throw new SeamlessRefusal(401, 'seamless_token_invalid', null);
      await refuseBlocked(session.memberId, tx);
      return { session, member: await findMemberById(tx, session.memberId) };
    });
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

  /**
   * The one-statement bet or win: its answer as a reply or a refusal; the balance events go out
   * after a posting. A deadlock or serialization failure runs it again; a debit the wallet
   * cannot afford, or a win whose bet was rolled back meanwhile, is refused with the balance.
   */
  async function oneTrip(
    run: () => Promise<OneTripOutcome>,
    playerId: string,
  ): Promise<TransactionReply> {
    let outcome: OneTripOutcome;
    for (let attempt = 1; ; attempt++) {
      try {
        outcome = await run();
        break;
      } catch (error) {
        const code = pgCode(error);
        if (attempt < 5 && (code === '40P01' || code === '40001')) continue;
        // Raised after the player was checked: the player id is the member's.
        if (code === 'LDG01') throw await refusal(409, 'insufficient_balance', Number(playerId));
        if (code === 'SMLS1') {
          throw await refusal(409, 'seamless_bet_rolled_back', Number(playerId));
        }
        if (code === 'SMLS2') throw await refusal(409, 'seamless_bet_settled', Number(playerId));
        if (code === 'SMLS3') {
          throw await refusal(409, 'seamless_transaction_conflict', Number(playerId));
        }
        throw error;
      }
    }
    if (outcome.outcome === 'refused') {
      throw new SeamlessRefusal(
        refusalStatus[outcome.code] ?? 409,
        outcome.code as ErrorCode,
        outcome.balance === null ? null : BigInt(outcome.balance),
      );
    }
    if (outcome.outcome === 'posted' && outcome.memberId !== null) {
      ledger.played([outcome.memberId]);
    }
    return outcome.reply as TransactionReply;
  }

  /**
   * For a token that may still be a launch token (the Hub88 shape): a refusal of the token
   * binds it (`bind`), then the call runs once again.
   */
  async function withLaunch<T>(
    call: () => Promise<T>,
    bind: (() => Promise<unknown>) | undefined,
  ): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!bind || !(error instanceof SeamlessRefusal) || error.code !== 'seamless_token_invalid') {
        throw error;
      }
      await bind();
      return call();
    }
  }

  const callBase = (
    provider: ProviderRow,
    kind: 'bet' | 'win' | 'freeRound',
    body: BetBody | WinBody | FreeRoundBody,
  ) => {
    const now = clock();
    return {
      provider: provider.code,
      transactionId: body.transactionId,
      hash: requestHash(kind, body),
      sessionHash: hashToken(body.sessionToken),
      playerId: body.playerId,
      currency: body.currency,
      ledgerCurrency: ledger.currency,
      amount: body.amount,
      roundId: body.roundId,
      now: now.toISOString(),
      window: windowOf(now).toISOString(),
    };
  };

  return {
    currency: ledger.currency,
    /** Forgets a provider's cached row (its row changed). */
    forgetProvider(code: string) {
      providers.delete(code);
    },
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

    /**
     * A stake: one statement (`seamless_bet`). `bind`: for a token that may still be a launch
     * token (the Hub88 shape), called on a refused token before the call runs again.
     */
    async bet(
      provider: ProviderRow,
      body: BetBody,
      bind?: () => Promise<unknown>,
    ): Promise<TransactionReply> {
      const call = {
        ...callBase(provider, 'bet', body),
        gameCode: body.gameCode,
        maintenance: await deps.inMaintenance(),
      };
      return withLaunch(() => oneTrip(() => betInOneStatement(db, call), body.playerId), bind);
    },

    /** A win (0 settles a lost bet): one statement (`seamless_win`); `bind` as for a bet. */
    async win(
      provider: ProviderRow,
      body: WinBody,
      bind?: () => Promise<unknown>,
    ): Promise<TransactionReply> {
      const call = {
        ...callBase(provider, 'win', body),
        betTransactionId: body.betTransactionId ?? null,
        // On the board under the player's masked username (mask_name in the same statement).
        onBoard: Boolean(deps.winBoard),
      };
      return withLaunch(() => oneTrip(() => winInOneStatement(db, call), body.playerId), bind);
    },

    /**
     * The player's free rounds in the session's game (grants of the points mall); refused, as
     * the rounds themselves, in maintenance and for a member who may not play.
     */
    async freeRounds(provider: ProviderRow, body: FreeRoundsBody): Promise<FreeRoundsReply> {
      const { memberId, session } = await player(provider, body.sessionToken, body.playerId, true);
      if (await deps.inMaintenance()) throw await refusal(503, 'system_maintenance', memberId);
      await refuseBlocked(memberId);
      const [grants, balance] = await Promise.all([
        freeRoundsOf(db, memberId, session.gameCode),
        mainBalance(memberId),
      ]);
      return { balance: balance.toString(), currency: ledger.currency, grants };
    },

    /**
     * One free round of a grant: one statement (`seamless_free_round`) takes the round off the
     * grant and credits its win (a `bonus` entry keyed by the grant and the round's number).
     */
    async freeRound(provider: ProviderRow, body: FreeRoundBody): Promise<FreeRoundReply> {
      const call = {
        ...callBase(provider, 'freeRound', body),
        gameCode: body.gameCode,
        grantId: body.grantId,
        stake: body.stake,
        onBoard: Boolean(deps.winBoard),
        maintenance: await deps.inMaintenance(),
      };
      const answer = await oneTrip(() => freeRoundInOneStatement(db, call), body.playerId);
      return answer as FreeRoundReply;
    },

    /** A refund of a bet (or a tombstone for an unknown one); `bind` as for a bet. */
    async rollback(
      provider: ProviderRow,
      body: RollbackBody,
      bind?: () => Promise<unknown>,
    ): Promise<TransactionReply> {
      const hash = requestHash('rollback', body);
      const replayed = await replayOf(provider, body.transactionId, 'rollback', hash);
      if (replayed) return replayed;
      const { memberId } = await withLaunch(
        () => player(provider, body.sessionToken, body.playerId, true),
        bind,
      );
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
        // A bet that comes, or changes, while the rollback runs: read it again (at most twice).
        for (let attempt = 0; attempt < 3; attempt++) {
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
          // Settled (won, lost or ended with its round) is final: no refund.
          if (bet.status !== 'open') throw await refusal(409, 'seamless_bet_settled', memberId);
          const result = await ledger
            .post(
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
                  // Settled or rolled back since it was read: the refund goes; read it again.
                  throw new BetMoved();
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
            )
            .catch((error: unknown) => {
              if (error instanceof BetMoved) return undefined;
              throw error;
            });
          if (!result) continue;
          if (result.replayed) return storedAfterTwin(provider, body.transactionId);
          return reply(
            body.transactionId,
            result.reply.postingId,
            BigInt(result.reply.entries[0]?.balanceAfter ?? '0'),
          );
        }
        throw new Error('rollback raced its bet three times');
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

export type { ProviderRow };
export type SeamlessService = ReturnType<typeof createSeamlessService>;
