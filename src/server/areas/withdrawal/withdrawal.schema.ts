import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  ConfirmationOutcome,
  PayoutAccountKind,
  PayoutMethod,
  WithdrawalStatus,
} from '../../../contract/withdrawal.ts';
import { ledgerPostings } from '../wallet/wallet.port.ts';
import { members } from '../../platform/members/members.schema.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A member's payout accounts for withdrawals: bank accounts (one row per account number) and
 * UPI VPAs (kind `upi`, one row per VPA; no bank name nor number).
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').$type<PayoutAccountKind>().notNull().default('bank'),
    bankName: text('bank_name'),
    accountHolder: text('account_holder').notNull(),
    accountNumber: text('account_number'),
    /** Indian Financial System Code of the branch (accounts paid in INR); null elsewhere. */
    ifsc: text('ifsc'),
    /** The UPI virtual payment address (kind `upi`), lower-cased. */
    vpa: text('vpa'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bank_accounts_member_number_idx').on(table.memberId, table.accountNumber),
    uniqueIndex('bank_accounts_member_vpa_idx').on(table.memberId, table.vpa),
    check(
      'bank_accounts_kind_fields',
      sql`(${table.kind} = 'bank' AND ${table.bankName} IS NOT NULL AND ${table.accountNumber} IS NOT NULL AND ${table.vpa} IS NULL) OR (${table.kind} = 'upi' AND ${table.vpa} IS NOT NULL AND ${table.accountNumber} IS NULL)`,
    ),
  ],
);

/**
 * One withdrawal request. Its amount left the wallet when it was made (the `withdrawal` entry of
 * `requestPostingId`); a rejection credits it back (`reversalPostingId`). The status only moves
 * forward: requested -> paid -> confirmed, or requested -> rejected, each by a conditional UPDATE.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    bankAccountId: bigint('bank_account_id', { mode: 'number' })
      .notNull()
      .references(() => bankAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** How it is paid out (imps, upi, bank), recorded with the request from its account. */
    payoutMethod: text('payout_method').$type<PayoutMethod>().notNull(),
    status: text('status').$type<WithdrawalStatus>().notNull(),
    requestPostingId: bigint('request_posting_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => ledgerPostings.id),
    reversalPostingId: bigint('reversal_posting_id', { mode: 'number' }).references(
      () => ledgerPostings.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    rejectReason: text('reject_reason'),
    confirmation: text('confirmation').$type<ConfirmationOutcome>(),
    confirmedBy: text('confirmed_by').$type<'member' | 'auto'>(),
    receivedAmount: bigint('received_amount', { mode: 'bigint' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    index('withdrawals_member_idx').on(table.memberId, table.id),
    index('withdrawals_status_idx').on(table.status, table.decidedAt),
    check('withdrawals_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** Proof images of a confirmation (PNG or JPEG by content, at most 5 MB, at most 3). */
export const withdrawalImages = pgTable(
  'withdrawal_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawals.id),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('withdrawal_images_withdrawal_idx').on(table.withdrawalId)],
);
