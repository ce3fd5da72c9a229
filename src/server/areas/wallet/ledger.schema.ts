import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { EntryKind } from '../../../contract/wallet.ts';
import { members } from '../../platform/members/members.schema.ts';

/**
 * One wallet per member, kind ('main' or a vendor code) and currency. `balance` changes only in
 * the transaction that appends its journal entry, and never below zero (the check is the last
 * guard; the posting's conditional UPDATE is the first). `version` counts the wallet's entries.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wallets_member_kind_currency_idx').on(table.memberId, table.kind, table.currency),
    check('wallets_balance_not_negative', sql`${table.balance} >= 0`),
  ],
);

/**
 * One request that moved money: its idempotency key (unique) and the hash of the request, so
 * the same key with another body is refused. Append-only, like its entries.
 */
export const ledgerPostings = pgTable('ledger_postings', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  requestHash: text('request_hash').notNull(),
  /** 'single' (one entry) or 'transfer' (two entries that cancel out). */
  shape: text('shape').$type<'single' | 'transfer'>().notNull(),
  reference: text('reference'),
  /** Who asked: 'member:12', 'operator:name', 'system:seed'. */
  actor: text('actor').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The journal: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE; corrections are new
 * reversing entries). `walletSeq` is the wallet's version after this entry, so the entries of a
 * wallet form a chain: balanceAfter = previous balanceAfter + amount.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postingId: bigint('posting_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerPostings.id),
    walletId: bigint('wallet_id', { mode: 'number' })
      .notNull()
      .references(() => wallets.id),
    walletSeq: bigint('wallet_seq', { mode: 'number' }).notNull(),
    kind: text('kind').$type<EntryKind>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_entries_wallet_seq_idx').on(table.walletId, table.walletSeq),
    index('ledger_entries_posting_idx').on(table.postingId),
    // A member's (or an agent's whole team's) entries in a date range: the agent center reports.
    index('ledger_entries_wallet_created_idx').on(table.walletId, table.createdAt),
    check('ledger_entries_amount_not_zero', sql`${table.amount} <> 0`),
    check('ledger_entries_balance_after_not_negative', sql`${table.balanceAfter} >= 0`),
  ],
);
