import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/client.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { createMemberSecrets } from '../../platform/members/member-secrets.ts';
import type { MemberRow } from '../../platform/http/auth.ts';
import type { UploadedImage } from '../../platform/http/multipart-images.ts';
import { checkImages, imageRecord } from '../../platform/http/images.ts';
import {
  autoConfirmPaid,
  countBankAccounts,
  findBankAccount,
  findBankAccountsByIds,
  findWithdrawal,
  findWithdrawalByPosting,
  findWithdrawalImage,
  imageIdsOf,
  insertBankAccount,
  insertWithdrawal,
  insertWithdrawalImages,
  listBankAccounts,
  listWithdrawals,
  lockMember,
  moveWithdrawal,
  todaysWithdrawals,
  replacePaymentPasswordHash,
  setPaymentPasswordHash,
  usernamesOf,
  type BankAccountRow,
  type WithdrawalRow,
} from './withdrawal.repository.ts';
import type { Publisher } from '../../platform/realtime/publisher.ts';
import { toWireMinor } from '../../../contract/wallet.ts';
import { mainWalletKind } from '../../../contract/wallet-kind.ts';
import {
  checkPayoutAccount,
  maskVpa,
  maxBankAccounts,
  maxWithdrawalAmount,
  minWithdrawalAmount,
  payoutMethodOf,
  type BankAccount,
  type BindBankAccountBody,
  type OpsPayoutDetails,
  type ConfirmationFields,
  type ChangePaymentPasswordPayload,
  type SetPaymentPasswordPayload,
  type Withdrawal,
  type WithdrawalRequestPayload,
  type WithdrawalStatus,
  type WithdrawLimits,
} from '../../../contract/withdrawal.ts';
import type { NotificationKind } from '../../../contract/realtime.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { hashMemberPassword } from '../../platform/members/member-password.ts';
import type { LedgerService } from '../wallet/wallet.port.ts';
import { wageringHold } from '../engagement/engagement.port.ts';
import type { Operator } from '../../platform/http/auth.ts';
import {
  idempotentReply,
  type StoredReply,
} from '../../platform/idempotency/idempotent-replies.ts';

export type WithdrawalDeps = {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post' | 'currency' | 'balance'>;
  publisher: Publisher;
  /** Paid requests left unconfirmed this long count as received. */
  autoConfirmMinutes: number;
  /** Requests and their total a member may make a day (WITHDRAWAL_DAILY_COUNT, _AMOUNT). */
  daily: { count: number; amount: bigint };
  /** The operator's time zone: a day of the daily limits runs midnight to midnight in it. */
  timeZone: string;
};

const listLimit = 50;

/** Minor units as major units with two decimals ("1234.50"), for a message. */
const majorText = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

export const maskNumber = (number: string) => `****${number.slice(-4)}`;

/** Where an account pays, masked: the number's last 4 digits, or the VPA's first 2 and handle. */
const maskedOf = (row: BankAccountRow) =>
  row.kind === 'upi' ? maskVpa(row.vpa ?? '') : maskNumber(row.accountNumber ?? '');

function bankAccountOut(row: BankAccountRow): BankAccount {
  return {
    id: row.id,
    kind: row.kind,
    method: payoutMethodOf(row.kind, row.ifsc),
    bankName: row.bankName,
    accountHolder: row.accountHolder,
    maskedNumber: maskedOf(row),
    ifsc: row.ifsc,
    createdAt: row.createdAt.toISOString(),
  };
}

function withdrawalOut(row: WithdrawalRow, account: BankAccountRow, images: number): Withdrawal {
  return {
    payoutMethod: row.payoutMethod,
    paidTo: maskedOf(account),
    id: row.id,
    amount: toWireMinor(row.amount),
    status: row.status,
    bankAccount: bankAccountOut(account),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
    confirmation: row.confirmation,
    confirmedBy: row.confirmedBy,
    receivedAmount: row.receivedAmount === null ? null : toWireMinor(row.receivedAmount),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    images,
  };
}

const stateInvalid = () => new AppError(409, 'withdrawal_state_invalid');

/**
 * Withdrawals: bank accounts, the payment password, requests (the amount leaves the wallet at
 * once as a `withdrawal` entry, in the same transaction as the request row), the operator's
 * approval or rejection (a `withdrawal_reversal` entry credits it back), and the player's
 * confirmation with proof images. Every change is audited in its transaction; notifications go
 * out after commit.
 */
export function createWithdrawalService(deps: WithdrawalDeps) {
  const { db, clock } = deps;
  const secrets = createMemberSecrets({ db, clock });

  async function describe(rows: WithdrawalRow[]): Promise<Withdrawal[]> {
    const accounts = new Map(
      (await findBankAccountsByIds(db, [...new Set(rows.map((r) => r.bankAccountId))])).map((a) => [
        a.id,
        a,
      ]),
    );
    const images = await imageIdsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => {
      const account = accounts.get(row.bankAccountId);
      if (!account) throw new Error('withdrawal without its bank account');
      return withdrawalOut(row, account, images.get(row.id)?.length ?? 0);
    });
  }

  async function one(row: WithdrawalRow): Promise<Withdrawal> {
    const [out] = await describe([row]);
    if (!out) throw new Error('withdrawal not described');
    return out;
  }

  /**
   * Paid requests past their confirmation time become received ('auto'), audited, in `tx` (the
   * scheduler's job transaction) or a transaction of its own.
   */
  async function autoConfirm(memberId?: number, tx?: Db): Promise<number> {
    const now = clock();
    const paidBefore = new Date(now.getTime() - deps.autoConfirmMinutes * 60_000);
    const work = async (tx: Db) => {
      const done = await autoConfirmPaid(tx, paidBefore, now, memberId);
      for (const row of done) {
        await insertAudit(tx, {
          actor: 'system:withdrawal-auto-confirm',
          action: 'withdraw.confirm',
          target: `withdrawal:${row.id}`,
          before: { status: 'paid' },
          after: { status: 'confirmed', confirmation: 'received', confirmedBy: 'auto' },
        });
      }
      return done.length;
    };
    return tx ? work(tx) : db.transaction(work);
  }

  async function notify(row: WithdrawalRow, kind: NotificationKind) {
    await deps.publisher.publish(row.memberId, {
      name: 'notification',
      payload: {
        id: randomUUID(),
        kind,
        title: null,
        params: {
          withdrawalId: row.id,
          amount: toWireMinor(row.amount),
          ...(row.rejectReason ? { reason: row.rejectReason } : {}),
        },
        createdAt: clock().toISOString(),
      },
    });
  }

  /** The limits per request and per day, and what is left of today's (as `db` sees it). */
  async function limitsOf(conn: Db, memberId: number): Promise<WithdrawLimits> {
    const today = await todaysWithdrawals(conn, memberId, clock(), deps.timeZone);
    const leftAmount = deps.daily.amount - today.amount;
    return {
      minAmount: toWireMinor(minWithdrawalAmount),
      maxAmount: toWireMinor(maxWithdrawalAmount),
      dailyCount: deps.daily.count,
      dailyAmount: toWireMinor(deps.daily.amount),
      remainingCount: Math.max(0, deps.daily.count - today.count),
      remainingAmount: toWireMinor(leftAmount > 0n ? leftAmount : 0n),
      resetsAt: today.dayEnd.toISOString(),
    };
  }

  /** The payment password, counted per member with every other payment that asks it. */
  const checkPaymentPassword = (member: MemberRow, secret: string) =>
    secrets.verifyPaymentPassword(member, secret, { action: 'withdraw.paymentPassword.wrong' });

  return {
    autoConfirm,

    async info(member: MemberRow) {
      await autoConfirm(member.id);
      const [accounts, rows, limits, balance, hold] = await Promise.all([
        listBankAccounts(db, member.id),
        listWithdrawals(db, { memberId: member.id }, listLimit),
        limitsOf(db, member.id),
        deps.ledger.balance(member.id),
        wageringHold(db, member.id),
      ]);
      // Withdrawals debit the main wallet: what it holds beyond the bonus hold may go now.
      const main = balance.wallets.find((w) => w.kind === mainWalletKind)?.balance ?? 0n;
      const withdrawable = main > hold.held ? main - hold.held : 0n;
      return {
        paymentPasswordSet: member.paymentPasswordHash !== null,
        bankAccounts: accounts.map(bankAccountOut),
        withdrawals: await describe(rows),
        minAmount: toWireMinor(minWithdrawalAmount),
        maxAmount: toWireMinor(maxWithdrawalAmount),
        limits,
        withdrawable: toWireMinor(withdrawable),
        held: toWireMinor(hold.held),
        turnoverNeeded: toWireMinor(hold.turnoverNeeded),
      };
    },

    async list(memberId: number) {
      await autoConfirm(memberId);
      return { withdrawals: await describe(await listWithdrawals(db, { memberId }, listLimit)) };
    },

    /** A bank account (IMPS in INR) or a UPI VPA; each format refused with its own error. */
    async bindBankAccount(member: MemberRow, body: BindBankAccountBody) {
      const checked = checkPayoutAccount(body, deps.ledger.currency);
      if ('problem' in checked) throw new AppError(400, checked.problem.code);
      const { account } = checked;
      return db.transaction(async (tx) => {
        await lockMember(tx, member.id);
        if ((await countBankAccounts(tx, member.id)) >= maxBankAccounts) {
          throw new AppError(409, 'bank_account_limit');
        }
        const row = await insertBankAccount(
          tx,
          account.kind === 'upi'
            ? {
                memberId: member.id,
                kind: 'upi',
                accountHolder: account.accountHolder,
                vpa: account.vpa,
              }
            : { memberId: member.id, ...account },
        );
        if (!row) throw new AppError(409, 'bank_account_exists');
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'withdraw.bankAccount.bind',
          target: `bankAccount:${row.id}`,
          before: null,
          after: {
            kind: row.kind,
            bankName: row.bankName,
            accountHolder: row.accountHolder,
            accountNumber: row.kind === 'upi' ? null : maskedOf(row),
            ifsc: row.ifsc,
            vpa: row.kind === 'upi' ? maskedOf(row) : null,
          },
        });
        return bankAccountOut(row);
      });
    },

    async setPaymentPassword(member: MemberRow, payload: SetPaymentPasswordPayload) {
      if (member.paymentPasswordHash) throw new AppError(409, 'payment_password_already_set');
      await secrets.verifyPassword(member, payload.password, {
        action: 'withdraw.paymentPassword.set_failed',
      });
      const hash = await hashMemberPassword(payload.paymentPassword);
      await db.transaction(async (tx) => {
        if (!(await setPaymentPasswordHash(tx, member.id, hash))) {
          throw new AppError(409, 'payment_password_already_set');
        }
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'withdraw.paymentPassword.set',
          target: `member:${member.id}`,
          before: { paymentPasswordSet: false },
          after: { paymentPasswordSet: true },
        });
      });
      return { paymentPasswordSet: true };
    },

    /**
     * A new payment password in place of the one set: the current one (counted with every other
     * payment that asks it, so guesses here lock payments too) and the login password first.
     */
    async changePaymentPassword(member: MemberRow, payload: ChangePaymentPasswordPayload) {
      await checkPaymentPassword(member, payload.currentPaymentPassword);
      await secrets.verifyPassword(member, payload.password, {
        action: 'withdraw.paymentPassword.change_failed',
      });
      if (payload.paymentPassword === payload.currentPaymentPassword) {
        throw new AppError(400, 'payment_password_same');
      }
      const current = member.paymentPasswordHash as string;
      const hash = await hashMemberPassword(payload.paymentPassword);
      await db.transaction(async (tx) => {
        // A change made meanwhile (another tab) wins; this one is asked again.
        if (!(await replacePaymentPasswordHash(tx, member.id, current, hash))) {
          throw new AppError(409, 'payment_password_changed');
        }
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'withdraw.paymentPassword.changed',
          target: `member:${member.id}`,
          before: { paymentPasswordSet: true },
          after: { paymentPasswordSet: true },
        });
      });
      return { paymentPasswordSet: true };
    },

    /**
     * The amount leaves the wallet now. The reply is stored with the posting: a replay of the
     * key (with the payment password, checked first) answers it as it was, whatever the
     * request's status is now.
     */
    async request(member: MemberRow, payload: WithdrawalRequestPayload): Promise<StoredReply> {
      const amount = BigInt(payload.amount);
      if (amount < minWithdrawalAmount || amount > maxWithdrawalAmount) {
        throw new AppError(400, 'withdrawal_amount_invalid');
      }
      await checkPaymentPassword(member, payload.paymentPassword);
      const call = {
        scope: `member:${member.id}`,
        key: payload.idempotencyKey,
        operation: 'withdraw.request',
        request: { bankAccountId: payload.bankAccountId, amount: payload.amount },
      };
      return idempotentReply<Withdrawal>(db, call, async (record) => {
        const account = await findBankAccount(db, member.id, payload.bankAccountId);
        if (!account) throw new AppError(404, 'not_found');
        const { reply, replayed } = await deps.ledger.post(
          {
            memberId: member.id,
            kind: 'withdrawal',
            amount: -amount,
            idempotencyKey: `withdraw:${member.id}:${payload.idempotencyKey}`,
            reference: `bankAccount:${account.id}`,
            actor: `member:${member.id}`,
          },
          async (tx, posting) => {
            const after = BigInt(posting.entries[0]?.balanceAfter ?? '0');
            // A bonus whose wagering is unmet holds its amount: refuse (and roll back) the rest.
            const hold = await wageringHold(tx, member.id);
            if (after < hold.held) {
              const withdrawable = after + amount - hold.held;
              throw new AppError(409, 'bonus_wagering_unmet', 'bonus_wagering_unmet', {
                needed: majorText(hold.turnoverNeeded),
                withdrawable: majorText(withdrawable > 0n ? withdrawable : 0n),
              });
            }
            // The day's limits. The debit above locked the member's wallet row, so the member's
            // requests run one after the other here: each sees the ones committed before it.
            const limits = await limitsOf(tx, member.id);
            if (limits.remainingCount <= 0) {
              throw new AppError(409, 'withdrawal_daily_count', 'withdrawal_daily_count', {
                count: String(limits.dailyCount),
              });
            }
            if (amount > BigInt(limits.remainingAmount)) {
              throw new AppError(409, 'withdrawal_daily_amount', 'withdrawal_daily_amount', {
                left: majorText(BigInt(limits.remainingAmount)),
                limit: majorText(deps.daily.amount),
              });
            }
            const row = await insertWithdrawal(tx, {
              memberId: member.id,
              bankAccountId: account.id,
              payoutMethod: payoutMethodOf(account.kind, account.ifsc),
              amount,
              status: 'requested',
              requestPostingId: Number(posting.postingId),
              createdAt: clock(),
            });
            await insertAudit(tx, {
              actor: `member:${member.id}`,
              action: 'withdraw.request',
              target: `withdrawal:${row.id}`,
              before: { balance: toWireMinor(after + amount) },
              after: {
                balance: toWireMinor(after),
                amount: toWireMinor(amount),
                bankAccountId: account.id,
                payoutMethod: row.payoutMethod,
                postingId: posting.postingId,
              },
            });
            await record(tx, withdrawalOut(row, account, 0));
          },
        );
        const row = await findWithdrawalByPosting(db, Number(reply.postingId));
        if (!row)
          throw new Error(replayed ? 'replayed posting without its withdrawal' : 'lost row');
        return one(row);
      });
    },

    /** The player's confirmation of a paid request; the images are checked here, by content. */
    async confirm(
      member: MemberRow,
      id: number,
      fields: ConfirmationFields,
      images: UploadedImage[],
    ): Promise<Withdrawal> {
      const checked = checkImages(images.map((image) => image.data));
      if (fields.outcome === 'notReceived' && checked.length === 0) {
        throw new AppError(400, 'proof_image_required');
      }
      const existing = await findWithdrawal(db, id);
      if (!existing || existing.memberId !== member.id) throw new AppError(404, 'not_found');
      let received: bigint | null = null;
      if (fields.outcome === 'partlyReceived') {
        received = fields.receivedAmount === undefined ? null : BigInt(fields.receivedAmount);
        if (received === null || received <= 0n || received >= existing.amount) {
          throw new AppError(400, 'withdrawal_amount_invalid');
        }
      } else if (fields.receivedAmount !== undefined) {
        throw new AppError(400, 'bad_request');
      }
      // A paid request already past its time counts as received: the player's answer is late.
      await autoConfirm(member.id);
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const moved = await moveWithdrawal(
          tx,
          id,
          'paid',
          {
            status: 'confirmed',
            confirmation: fields.outcome,
            confirmedBy: 'member',
            confirmedAt: now,
            receivedAmount: fields.outcome === 'received' ? existing.amount : (received ?? 0n),
          },
          member.id,
        );
        if (!moved) throw stateInvalid();
        await insertWithdrawalImages(
          tx,
          checked.map((image) => ({ withdrawalId: id, ...imageRecord(image) })),
        );
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'withdraw.confirm',
          target: `withdrawal:${id}`,
          before: { status: 'paid' },
          after: {
            status: 'confirmed',
            confirmation: fields.outcome,
            receivedAmount:
              moved.receivedAmount === null ? null : toWireMinor(moved.receivedAmount),
            images: checked.length,
          },
        });
        return moved;
      });
      return one(row);
    },

    async opsList(filter: { status?: WithdrawalStatus; memberId?: number }) {
      await autoConfirm(filter.memberId);
      const rows = await listWithdrawals(db, filter, 200);
      const [described, names, images] = await Promise.all([
        describe(rows),
        usernamesOf(db, [...new Set(rows.map((r) => r.memberId))]),
        imageIdsOf(
          db,
          rows.map((r) => r.id),
        ),
      ]);
      return {
        withdrawals: described.map((out, i) => {
          const row = rows[i];
          if (!row) throw new Error('row lost');
          return {
            ...out,
            memberId: row.memberId,
            username: names.get(row.memberId) ?? '',
            imageIds: images.get(row.id) ?? [],
          };
        }),
      };
    },

    /**
     * The operator's view of where a withdrawal is to be paid: the account in full. Every read
     * writes an audit row (who looked at whose account), in the same transaction as the read.
     */
    async payoutDetails(operator: Operator, id: number): Promise<OpsPayoutDetails> {
      return db.transaction(async (tx) => {
        const row = await findWithdrawal(tx, id);
        if (!row) throw new AppError(404, 'not_found');
        const [account] = await findBankAccountsByIds(tx, [row.bankAccountId]);
        if (!account) throw new Error('withdrawal without its bank account');
        const names = await usernamesOf(tx, [row.memberId]);
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'withdraw.payout.view',
          target: `withdrawal:${row.id}`,
          before: null,
          after: {
            memberId: row.memberId,
            bankAccountId: account.id,
            payoutMethod: row.payoutMethod,
            status: row.status,
          },
        });
        return {
          withdrawalId: row.id,
          memberId: row.memberId,
          username: names.get(row.memberId) ?? '',
          amount: toWireMinor(row.amount),
          currency: deps.ledger.currency,
          status: row.status,
          payoutMethod: row.payoutMethod,
          bankName: account.bankName,
          accountHolder: account.accountHolder,
          accountNumber: account.accountNumber,
          ifsc: account.ifsc,
          vpa: account.vpa,
        };
      });
    },

    /** The money was sent: requested -> paid; the player is notified after commit. */
    async approve(operator: Operator, id: number): Promise<Withdrawal> {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const moved = await moveWithdrawal(tx, id, 'requested', {
          status: 'paid',
          decidedAt: now,
          decidedBy: `operator:${operator.username}`,
        });
        if (!moved) {
          if (!(await findWithdrawal(tx, id))) throw new AppError(404, 'not_found');
          throw stateInvalid();
        }
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'withdraw.approve',
          target: `withdrawal:${id}`,
          before: { status: 'requested' },
          after: {
            status: 'paid',
            amount: toWireMinor(moved.amount),
            payoutMethod: moved.payoutMethod,
          },
        });
        return moved;
      });
      await notify(row, 'withdrawApproved');
      return one(row);
    },

    /** Refused: the amount is credited back (a reversing entry); the player is notified. */
    async reject(operator: Operator, id: number, reason: string): Promise<Withdrawal> {
      const existing = await findWithdrawal(db, id);
      if (!existing) throw new AppError(404, 'not_found');
      if (existing.status !== 'requested') throw stateInvalid();
      const now = clock();
      const { replayed } = await deps.ledger.post(
        {
          memberId: existing.memberId,
          kind: 'withdrawal_reversal',
          amount: existing.amount,
          idempotencyKey: `withdraw-reversal:${id}`,
          reference: `withdrawal:${id}`,
          actor: 'system:withdrawal',
        },
        async (tx, posting) => {
          const moved = await moveWithdrawal(tx, id, 'requested', {
            status: 'rejected',
            decidedAt: now,
            decidedBy: `operator:${operator.username}`,
            rejectReason: reason,
            reversalPostingId: Number(posting.postingId),
          });
          // Approved meanwhile: the reversal rolls back with this error.
          if (!moved) throw stateInvalid();
          await insertAudit(tx, {
            actor: `operator:${operator.username}`,
            action: 'withdraw.reject',
            target: `withdrawal:${id}`,
            before: { status: 'requested' },
            after: {
              status: 'rejected',
              reason,
              reversed: toWireMinor(existing.amount),
              balance: posting.entries[0]?.balanceAfter ?? null,
              postingId: posting.postingId,
            },
          });
        },
      );
      const row = await findWithdrawal(db, id);
      if (!row) throw new Error('withdrawal vanished');
      // A concurrent rejection of the same request replays the posting: one notification.
      if (!replayed) await notify(row, 'withdrawRejected');
      return one(row);
    },

    async image(id: number, imageId: number) {
      const row = await findWithdrawalImage(db, id, imageId);
      if (!row) throw new AppError(404, 'not_found');
      return { contentType: row.contentType, data: row.data };
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
