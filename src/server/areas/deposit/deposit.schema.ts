import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Language } from '../../../contract/constants.ts';
import type { ChannelKind, DepositStatus, StoredBankAccount } from '../../../contract/deposit.ts';
import { members } from '../../platform/members/members.schema.ts';

/** Payment channels from configuration (seeded; operators edit the rows). Limits in minor units. */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    kind: text('kind').$type<ChannelKind>().notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    /** The channel's name per language (hi, en, bn); `name` where a language has none. */
    names: jsonb('names').$type<Partial<Record<Language, string>>>(),
    /** Manual channels: the account players transfer to. */
    bankAccount: jsonb('bank_account').$type<StoredBankAccount>(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [
    check(
      'payment_channels_limits',
      sql`${table.minAmount} > 0 and ${table.maxAmount} >= ${table.minAmount}`,
    ),
  ],
);

/**
 * A player's deposit. `pending` until the gateway's webhook or an operator settles it as `paid`
 * (credited through the ledger with the key `deposit:<id>`) or `failed`; the player may cancel a
 * pending one. A settled order never changes again.
 */
export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: uuid('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => paymentChannels.id),
    kind: text('kind').$type<ChannelKind>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<DepositStatus>().notNull().default('pending'),
    /** The app's key for the submit: one order per member and key. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Online: the gateway's payment id. */
    providerReference: text('provider_reference').unique(),
    redirectUrl: text('redirect_url'),
    /** Manual: the player's bank transfer reference; UPI: the payment's UTR (once ever). */
    transferReference: text('transfer_reference'),
    /** Why it failed (gateway result, operator's reason). */
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deposit_orders_member_key_idx').on(table.memberId, table.idempotencyKey),
    index('deposit_orders_member_idx').on(table.memberId, table.createdAt),
    index('deposit_orders_status_idx').on(table.status, table.kind),
    // A UPI payment's UTR settles one order only, whoever gives it and whatever became of it.
    uniqueIndex('deposit_orders_upi_utr_idx')
      .on(table.transferReference)
      .where(sql`${table.kind} = 'upi'`),
    check('deposit_orders_amount_positive', sql`${table.amount} > 0`),
  ],
);

/**
 * The sandbox payment gateway's own payments (development and demo only): what a real
 * gateway keeps on its side. Kept in the database so any server node can show the page.
 */
export const sandboxGatewayPayments = pgTable('sandbox_gateway_payments', {
  id: uuid('id').primaryKey(),
  merchantReference: text('merchant_reference').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  returnUrl: text('return_url').notNull(),
  notifyUrl: text('notify_url').notNull(),
  /** 'open' until the payer approves or declines. */
  status: text('status').$type<'open' | 'paid' | 'failed'>().notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
