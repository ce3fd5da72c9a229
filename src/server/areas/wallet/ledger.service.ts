import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db/client.ts';
import {
  applyToWallet,
  ensureWallet,
  findPostingByKey,
  findWallet,
  insertEntries,
  insertPosting,
  listMemberWallets,
  listPostingEntries,
  memberTotals,
  reconcileWallets,
  type PostingRow,
  type WalletRow,
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

export type PostingResult = { reply: PostingReply; replayed: boolean };

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

/** The reply of a posting, built from what is stored, so a replay gives the same one. */
async function replyOf(db: Db, posting: PostingRow): Promise<PostingReply> {
  const entries = await listPostingEntries(db, posting.id);
  return {
    postingId: String(posting.id),
    idempotencyKey: posting.idempotencyKey,
    reference: posting.reference,
    createdAt: posting.createdAt.toISOString(),
    entries: entries.map((entry) => ({
      entryId: String(entry.id),
      memberId: entry.memberId,
      walletKind: entry.walletKind,
      kind: entry.kind,
      amount: toWireMinor(entry.amount),
      balanceAfter: toWireMinor(entry.balanceAfter),
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
};

/**
 * The wallet ledger. A posting is one transaction: it claims its idempotency key, moves each
 * wallet's balance with a conditional UPDATE (never below zero; wallets locked in id order, so
 * two transfers in opposite directions cannot deadlock) and appends one journal entry per wallet.
 * Wallets are made lazily at balance 0, in their own statement before the posting.
 */
export function createLedgerService(deps: LedgerDeps) {
  const { db } = deps;
  const currency = deps.currency ?? defaultCurrency;
  const { publish } = deps;

  /** The wallet of a leg: made when the leg credits it, else it must exist. */
  async function walletOf(leg: Leg): Promise<WalletRow> {
    const found = await findWallet(db, leg.memberId, leg.walletKind, currency);
    // A committed balance that cannot afford the debit: refuse without a transaction. (One that
    // can is checked again by the posting's conditional UPDATE.)
    if (leg.amount < 0n && (!found || found.balance + leg.amount < 0n)) throw insufficient();
    if (found) return found;
    try {
      const made = await ensureWallet(db, leg.memberId, leg.walletKind, currency);
      if (!made) throw new Error('wallet not made');
      return made;
    } catch (error) {
      if (pgCode(error) === '23503') throw new AppError(404, 'not_found');
      throw error;
    }
  }

  async function runPosting(
    request: PostingRequest,
    alsoInTransaction?: (tx: Db, reply: PostingReply) => Promise<void>,
  ): Promise<PostingResult> {
    const hash = requestHash(request, currency);
    const existing = await findPostingByKey(db, request.idempotencyKey);
    if (existing) return replay(existing, hash);
    const walletRows = await Promise.all(request.legs.map(walletOf));
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await db.transaction(async (tx) => {
          const posting = await insertPosting(tx, {
            idempotencyKey: request.idempotencyKey,
            requestHash: hash,
            shape: request.shape,
            reference: request.reference,
            actor: request.actor,
          });
          if (!posting) return { posting: undefined, reply: undefined };
          // Lock order: wallet id.
          const legs = request.legs
            .map((leg, index) => ({ leg, wallet: walletRows[index] }))
            .sort((a, b) => (a.wallet?.id ?? 0) - (b.wallet?.id ?? 0));
          const entries = [];
          for (const { leg, wallet } of legs) {
            if (!wallet) throw new Error('posting without its wallet');
            const after = await applyToWallet(tx, wallet.id, leg.amount);
            if (!after) throw insufficient();
            entries.push({
              postingId: posting.id,
              walletId: wallet.id,
              walletSeq: after.version,
              kind: leg.kind,
              amount: leg.amount,
              balanceAfter: after.balance,
            });
          }
          await insertEntries(tx, entries);
          const reply = await replyOf(tx, posting);
          if (alsoInTransaction) await alsoInTransaction(tx, reply);
          return { posting, reply };
        });
        if (!result.reply) {
          // A concurrent request with this key committed first.
          const winner = await findPostingByKey(db, request.idempotencyKey);
          if (!winner) throw new Error('idempotency key vanished');
          return replay(winner, hash);
        }
        announce(request.legs);
        return { reply: result.reply, replayed: false };
      } catch (error) {
        if (attempt < 5 && isRetryable(error)) continue;
        throw error;
      }
    }
  }

  async function replay(posting: PostingRow, hash: string): Promise<PostingResult> {
    if (posting.requestHash !== hash) throw new AppError(409, 'idempotency_key_reused');
    return { reply: await replyOf(db, posting), replayed: true };
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
  function announce(legs: Leg[]) {
    if (!publish) return;
    for (const memberId of new Set(legs.map((leg) => leg.memberId))) {
      announcer.add(memberId).catch((error: unknown) => deps.onPublishError?.(error));
    }
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
