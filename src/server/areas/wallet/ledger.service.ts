import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  ensureWallet,
  insufficientBalanceState,
  listMemberWallets,
  memberTotals,
  postInOneStatement,
  reconcileWallets,
  type PostOutcome,
} from './ledger.repository.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import {
  creditKinds,
  debitKinds,
  defaultCurrency,
  mainWalletKind,
  toWireMinor,
  walletKindSchema,
  type AdjustmentBody,
  type BalanceChanged,
  type BalancePublisher,
  type EntryKind,
  type PostingKind,
  type PostingReply,
  type ReconcileReply,
} from '../../../contract/wallet.ts';
import type { Minor } from '../../../contract/money.ts';
import { AppError } from '../../platform/errors.ts';
import { createBatcher } from '../../platform/batcher.ts';
import type { Operator } from '../../platform/http/auth.ts';
import {
  idempotentReply,
  type StoredReply,
} from '../../platform/idempotency/idempotent-replies.ts';

/** The largest amount one posting may move: 10^15 minor units keeps every sum inside bigint. */
export const maxPostingAmount = 1_000_000_000_000_000n;

type WalletRef = { memberId: number; walletKind?: string };

export type PostInput = WalletRef & {
  kind: PostingKind;
  /** Signed minor units: positive for credit kinds, negative for debit kinds, either for adjustments. */
  amount: Minor;
  idempotencyKey: string;
  reference?: string | null;
  /** Who asked: 'member:12', 'operator:name', 'system:...'. */
  actor?: string;
};

export type TransferInput = {
  from: WalletRef;
  to: WalletRef;
  /** Positive minor units moved from `from` to `to`. */
  amount: Minor;
  idempotencyKey: string;
  reference?: string | null;
  actor?: string;
};

/** A wallet a posting moved, as its entry left it (for the balance event after commit). */
export type PostedWallet = {
  memberId: number;
  walletKind: string;
  balanceAfter: Minor;
  /** The wallet's version after the entry: it grows by one with each entry of the wallet. */
  walletSeq: number;
};

export type PostingResult = {
  reply: PostingReply;
  replayed: boolean;
  /** Each wallet the posting moved, in the reply's entry order. */
  wallets: PostedWallet[];
};

/**
 * One item of `postMany` (`ledger_post_many`, migration 0024): a single-entry posting with its own
 * idempotency key. Amounts are strings of signed minor units, as `ledger_post` takes them.
 */
export type ManyItem = {
  key: string;
  member_id: number;
  wallet_kind: string;
  kind: EntryKind;
  amount: string;
  reference: string | null;
  actor: string;
};

/** What `ledger_post_many` answered: new postings, replayed keys, the members it moved. */
export type PostManyOutcome = { posted: number; replayed: number; members: number[] };

export type MemberBalance = {
  sumBalance: Minor;
  currency: string;
  wallets: { kind: string; currency: string; balance: Minor }[];
};

type Leg = { memberId: number; walletKind: string; kind: EntryKind; amount: Minor };
type PostingRequest = {
  shape: 'single' | 'transfer';
  legs: Leg[];
  idempotencyKey: string;
  reference: string | null;
  actor: string;
};

const insufficient = () => new AppError(409, 'insufficient_balance');
const badRequest = () => new AppError(400, 'bad_request');

/** The PostgreSQL error code of a (possibly wrapped) driver error. */
function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Deadlock or serialization failure: the whole transaction may run again. */
const isRetryable = (error: unknown) => ['40P01', '40001'].includes(pgCode(error) ?? '');

function checkSign(kind: EntryKind, amount: Minor) {
  const size = amount < 0n ? -amount : amount;
  if (amount === 0n || size > maxPostingAmount) throw badRequest();
  if (creditKinds.includes(kind) && amount < 0n) throw badRequest();
  if (debitKinds.includes(kind) && amount > 0n) throw badRequest();
}

function checkKey(key: string) {
  if (key.length < 1 || key.length > 200) throw badRequest();
}

function walletKindOf(ref: WalletRef): string {
  const kind = ref.walletKind ?? mainWalletKind;
  if (!walletKindSchema.safeParse(kind).success) throw badRequest();
  return kind;
}

/** What makes two requests with one key the same request. */
function requestHash(request: PostingRequest, currency: string): string {
  const canonical = JSON.stringify({
    shape: request.shape,
    currency,
    reference: request.reference,
    actor: request.actor,
    legs: request.legs.map((leg) => [
      leg.memberId,
      leg.walletKind,
      leg.kind,
      leg.amount.toString(),
    ]),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** The reply of a posting, from what `ledger_post` answered (a replay answers the same). */
function resultOf(
  request: PostingRequest,
  posted: Extract<PostOutcome, { postingId: string }>,
): PostingResult {
  return {
    reply: {
      postingId: posted.postingId,
      idempotencyKey: request.idempotencyKey,
      reference: request.reference,
      createdAt: posted.createdAt,
      entries: posted.entries.map((entry) => ({
        entryId: entry.entryId,
        memberId: entry.memberId,
        walletKind: entry.walletKind,
        kind: entry.kind,
        amount: entry.amount,
        balanceAfter: entry.balanceAfter,
      })),
    },
    replayed: posted.outcome === 'replayed',
    wallets: posted.entries.map((entry) => ({
      memberId: entry.memberId,
      walletKind: entry.walletKind,
      balanceAfter: BigInt(entry.balanceAfter),
      walletSeq: Number(entry.walletSeq),
    })),
  };
}

export type LedgerDeps = {
  db: Db;
  /** Called after commit, once per member a posting touched. Never awaited by the posting. */
  publish?: BalancePublisher;
  currency?: string;
  /** Where a failing publisher's error goes (the posting has committed regardless). */
  onPublishError?: (error: unknown) => void;
  /** Called at once after commit with the members a posting touched (the node's balance cache). */
  balancesChanged?: (memberIds: readonly number[]) => void;
};

/**
 * The wallet ledger. Every posting (deposit, withdrawal, transfer, adjustment, bet, payout, ...)
 * is one statement, so one round trip: the `ledger_post` function (the `*_ledger_post.sql`
 * migration) claims its idempotency key, moves each wallet's balance with a conditional UPDATE
 * (never below zero; wallets locked in (member, kind) order, so two transfers in opposite
 * directions cannot deadlock), appends one journal entry per wallet and answers the entries; a
 * taken key answers its stored posting. A credit makes its wallet at balance 0 when it has
 * none. A caller's own statements (`alsoInTransaction`: its row, its audit, its stored HTTP
 * reply) share the posting's transaction, after it.
 */
export function createLedgerService(deps: LedgerDeps) {
  const { db } = deps;
  const currency = deps.currency ?? defaultCurrency;
  const { publish } = deps;
  const playListeners = new Set<(memberIds: readonly number[]) => void>();
  /** After a commit: the node's balance cache and the balance events (`posted`, `played`). */
  const afterPosting = (memberIds: readonly number[]) => {
    deps.balancesChanged?.(memberIds);
    announce(memberIds);
  };

  /** The posting's one statement (`ledger_post`), on `conn`: the pool or a transaction. */
  async function postOn(conn: Db, request: PostingRequest, hash: string): Promise<PostingResult> {
    let outcome: PostOutcome;
    try {
      outcome = await postInOneStatement(conn, {
        idempotencyKey: request.idempotencyKey,
        requestHash: hash,
        shape: request.shape,
        reference: request.reference,
        actor: request.actor,
        currency,
        legs: request.legs.map((leg) => ({
          member_id: leg.memberId,
          wallet_kind: leg.walletKind,
          kind: leg.kind,
          amount: leg.amount.toString(),
        })),
      });
    } catch (error) {
      const code = pgCode(error);
      if (code === insufficientBalanceState) throw insufficient();
      // A credit's wallet made for a member who does not exist.
      if (code === '23503') throw new AppError(404, 'not_found');
      throw error;
    }
    if (outcome.outcome === 'key_reused') throw new AppError(409, 'idempotency_key_reused');
    return resultOf(request, outcome);
  }

  /**
   * One round trip: the posting's statement on its own (it is its own transaction). With
   * `alsoInTransaction`, that statement and then the caller's, in one transaction (not run on
   * a replay). A deadlock or serialization failure runs it all again.
   */
  async function runPosting(
    request: PostingRequest,
    alsoInTransaction?: (tx: Db, reply: PostingReply) => Promise<void>,
  ): Promise<PostingResult> {
    const hash = requestHash(request, currency);
    for (let attempt = 1; ; attempt++) {
      try {
        const result = alsoInTransaction
          ? await db.transaction(async (tx) => {
              const posted = await postOn(tx, request, hash);
              if (!posted.replayed) await alsoInTransaction(tx, posted.reply);
              return posted;
            })
          : await postOn(db, request, hash);
        if (!result.replayed) {
          const memberIds = request.legs.map((leg) => leg.memberId);
          deps.balancesChanged?.(memberIds);
          announce(memberIds);
        }
        return result;
      } catch (error) {
        if (attempt < 5 && isRetryable(error)) continue;
        throw error;
      }
    }
  }

  /**
   * After commit: the touched members' totals to the publisher. The members of every posting
   * that commits during one turn of the event loop (a settlement, a burst) are read in ONE
   * statement and announced together (one event per member: its latest total).
   */
  const announcer = createBatcher(async (memberIds: number[]) => {
    const members = [...new Set(memberIds)];
    const totals = await memberTotals(db, members);
    for (const memberId of members) {
      const { balance, seq } = totals.get(memberId) ?? { balance: 0n, seq: 0 };
      const event: BalanceChanged = { memberId, balance, currency, seq };
      // Called now, not awaited one by one: the publisher numbers this burst in one statement.
      (async () => publish?.(event))().catch((error: unknown) => deps.onPublishError?.(error));
    }
    return memberIds;
  });
  function announce(memberIds: readonly number[]) {
    if (!publish) return;
    for (const memberId of new Set(memberIds)) {
      announcer.add(memberId).catch((error: unknown) => deps.onPublishError?.(error));
    }
  }

  function postManySql(items: SQL): SQL {
    return sql`ledger_post_many(${currency}::text, ${items})`;
  }

  function postManyError(error: unknown): unknown {
    const code = pgCode(error);
    if (code === insufficientBalanceState) return insufficient();
    if (code === 'LDG02') return new AppError(409, 'idempotency_key_reused');
    return error;
  }

  function single(input: PostInput): PostingRequest {
    checkKey(input.idempotencyKey);
    checkSign(input.kind, input.amount);
    return {
      shape: 'single',
      legs: [
        {
          memberId: input.memberId,
          walletKind: walletKindOf(input),
          kind: input.kind,
          amount: input.amount,
        },
      ],
      idempotencyKey: input.idempotencyKey,
      reference: input.reference ?? null,
      actor: input.actor ?? `member:${input.memberId}`,
    };
  }

  return {
    currency,

    /**
     * Many single-entry postings (a settlement's wins, a cancelled draw's refunds) in ONE
     * statement, on `conn` (the caller's transaction): each item claims its own key (a taken key
     * is skipped), wallets are locked in (member, kind) order, each wallet's chain continues,
     * never below zero (409 insufficient_balance, nothing written). Call `posted(members)` after
     * the caller's commit.
     */
    async postMany(conn: Db, items: readonly ManyItem[]): Promise<PostManyOutcome> {
      if (items.length === 0) return { posted: 0, replayed: 0, members: [] };
      try {
        const result = (await conn.execute(
          sql`SELECT ${postManySql(sql`${JSON.stringify(items)}::json`)} AS outcome`,
        )) as unknown as { rows: { outcome: PostManyOutcome }[] };
        return result.rows[0]!.outcome;
      } catch (error) {
        throw postManyError(error);
      }
    },

    /**
     * `ledger_post_many` as an SQL expression over `items` (a json array of `ManyItem`), for a
     * caller's own statement that builds its items in SQL (a settlement: its bets judged, updated
     * and paid in one round trip). Answers json `PostManyOutcome`. Map a thrown error with
     * `postManyError`.
     */
    postManySql,

    /** The error of a statement that called `postManySql`: 409s for the ledger's refusals. */
    postManyError,

    /**
     * After a posting another area's one statement made through `ledger_post` (the seamless
     * wallet's bet and win) has committed: the same as after `post` (the node's balance cache,
     * the balance events).
     */
    posted: afterPosting,

    /**
     * `posted` for play: a bet, win or rollback of a game, a lottery slip or draw settlement has
     * committed. Also tells the play listeners (`onPlayed`).
     */
    played(memberIds: readonly number[]) {
      afterPosting(memberIds);
      for (const listener of playListeners) listener(memberIds);
    },

    /**
     * An extension point for higher areas (the agent live view): `listener` hears the members
     * of every committed play posting (`played`), after its commit. It must not throw.
     */
    onPlayed(listener: (memberIds: readonly number[]) => void) {
      playListeners.add(listener);
    },

    /**
     * One entry on one wallet (deposit, withdrawal, bet, payout, adjustment, ...).
     * `alsoInTransaction` runs inside the posting's transaction (not on a replay), so a caller's
     * own row (e.g. a deposit order turning paid) commits or rolls back with the money.
     */
    async post(
      input: PostInput,
      alsoInTransaction?: (tx: Db, reply: PostingReply) => Promise<void>,
    ): Promise<PostingResult> {
      return runPosting(single(input), alsoInTransaction);
    },

    /**
     * Two entries in one transaction: transfer_out from `from`, transfer_in to `to`.
     * `alsoInTransaction` as in `post` (e.g. the transfer's audit record).
     */
    async transfer(
      input: TransferInput,
      alsoInTransaction?: (tx: Db, reply: PostingReply) => Promise<void>,
    ): Promise<PostingResult> {
      checkKey(input.idempotencyKey);
      if (input.amount <= 0n || input.amount > maxPostingAmount) throw badRequest();
      const from = { memberId: input.from.memberId, walletKind: walletKindOf(input.from) };
      const to = { memberId: input.to.memberId, walletKind: walletKindOf(input.to) };
      if (from.memberId === to.memberId && from.walletKind === to.walletKind) throw badRequest();
      return runPosting(
        {
          shape: 'transfer',
          legs: [
            { ...from, kind: 'transfer_out', amount: -input.amount },
            { ...to, kind: 'transfer_in', amount: input.amount },
          ],
          idempotencyKey: input.idempotencyKey,
          reference: input.reference ?? null,
          actor: input.actor ?? `member:${input.from.memberId}`,
        },
        alsoInTransaction,
      );
    },

    /**
     * The member's wallets (the main one first, made when missing) and their sum; in `tx`, what
     * a posting's transaction sees (for a reply stored with the posting).
     */
    async balance(memberId: number, tx: Db = db): Promise<MemberBalance> {
      let rows = await listMemberWallets(tx, memberId);
      if (!rows.some((row) => row.kind === mainWalletKind && row.currency === currency)) {
        await ensureWallet(tx, memberId, mainWalletKind, currency);
        rows = await listMemberWallets(tx, memberId);
      }
      const mine = rows
        .filter((row) => row.currency === currency)
        .sort((a, b) => Number(b.kind === mainWalletKind) - Number(a.kind === mainWalletKind));
      return {
        sumBalance: mine.reduce((sum, row) => sum + row.balance, 0n),
        currency,
        wallets: mine.map((row) => ({
          kind: row.kind,
          currency: row.currency,
          balance: row.balance,
        })),
      };
    },

    /** Every wallet's entries against its balance; `differences` is empty when all is well. */
    async reconcile(): Promise<ReconcileReply> {
      const report = await reconcileWallets(db);
      return {
        wallets: report.wallets,
        entries: report.entries,
        totalBalance: toWireMinor(report.totalBalance),
        totalEntries: toWireMinor(report.totalEntries),
        unbalancedTransfers: report.unbalancedTransfers,
        differences: report.differences.map((row) => ({
          walletId: row.wallet_id,
          memberId: Number(row.member_id),
          walletKind: row.kind,
          balance: row.balance,
          entriesSum: row.entries_sum,
          brokenEntries: Number(row.broken),
        })),
      };
    },

    /**
     * An operator's credit or debit with a reason; audited, and its reply stored, in the
     * posting's transaction.
     */
    async adjust(operator: Operator, body: AdjustmentBody): Promise<StoredReply> {
      const amount = BigInt(body.amount);
      const request = single({
        memberId: body.memberId,
        walletKind: body.walletKind,
        kind: 'adjustment',
        amount,
        idempotencyKey: `ops:${operator.username}:${body.idempotencyKey}`,
        reference: body.reason,
        actor: `operator:${operator.username}`,
      });
      const { idempotencyKey, ...asked } = body;
      const call = {
        scope: `operator:${operator.username}`,
        key: idempotencyKey,
        operation: 'ledger.adjustment',
        request: asked,
      };
      return idempotentReply<PostingReply>(db, call, async (record) => {
        const result = await runPosting(request, async (tx, reply) => {
          const entry = reply.entries[0];
          const after = BigInt(entry?.balanceAfter ?? '0');
          await insertAudit(tx, {
            actor: `operator:${operator.username}`,
            action: 'ledger.adjustment',
            target: `wallet:${body.memberId}:${body.walletKind}`,
            before: { balance: toWireMinor(after - amount) },
            after: {
              balance: toWireMinor(after),
              amount: body.amount,
              reason: body.reason,
              postingId: reply.postingId,
            },
          });
          await record(tx, reply);
        });
        return result.reply;
      });
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
