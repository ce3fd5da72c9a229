import { z } from 'zod';
import { dbIdSchema } from './primitives.ts';
import type { Minor } from './money.ts';
import { mainWalletKind } from './wallet-kind.ts';

/**
 * The wallet area (spec sections 6, 7): balances and the ledger behind them. Money on the wire is
 * a string of integer minor units ("123450" is P 1,234.50): JSON numbers cannot carry a bigint,
 * and a string never rounds.
 */
export const walletPaths = {
  balance: '/wps/v2/wallets/balance',
} as const;

/** Operator calls on the ledger (HTTP Basic, audited). */
export const walletOpsPaths = {
  /** Proves that every wallet's entries sum to its balance; lists the differences. */
  reconcile: '/ops/ledger/reconcile',
  /** A credit (positive) or debit (negative) adjustment with a reason. */
  adjustment: '/ops/ledger/adjustments',
} as const;

/**
 * The ledger's currency when none is given (ISO 4217): the demo site's. The server gives the
 * ledger the site's own (system_settings.currency_code).
 */
export const defaultCurrency = 'INR';

// 'main' or a game vendor's code (its vassalage), one wallet each per member and currency.
export { mainWalletKind } from './wallet-kind.ts';
export const walletKindSchema = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);
export type WalletKind = string;

/**
 * Kinds of journal entries. The sign each kind allows: credits add, debits take away,
 * adjustments go either way (never zero).
 */
export const entryKinds = [
  'deposit',
  'withdrawal',
  'withdrawal_reversal',
  'transfer_in',
  'transfer_out',
  'adjustment',
  'bet',
  'payout',
  /** A bet's stake given back by the game provider's rollback. */
  'bet_refund',
  'bonus',
  'rebate',
  /** An agent's wage or dividend received from its upline (or the house). */
  'wage',
  /** A wage or dividend an agent paid its downline agent. */
  'wage_paid',
  /** A completed mission's reward (engagement, missions part). */
  'mission_reward',
  /** The reward for a referred friend who met the deposit and turnover (missions part). */
  'referral_reward',
] as const;
export type EntryKind = (typeof entryKinds)[number];
export const entryKindSchema = z.enum(entryKinds);

export const creditKinds: readonly EntryKind[] = [
  'deposit',
  'withdrawal_reversal',
  'transfer_in',
  'payout',
  'bet_refund',
  'bonus',
  'rebate',
  'wage',
  'mission_reward',
  'referral_reward',
];
export const debitKinds: readonly EntryKind[] = ['withdrawal', 'transfer_out', 'bet', 'wage_paid'];

/** A single-entry posting's kind: transfers always come as a pair through `transfer`. */
export const postingKinds = [
  'deposit',
  'withdrawal',
  'withdrawal_reversal',
  'adjustment',
  'bet',
  'payout',
  'bet_refund',
  'bonus',
  'rebate',
  'mission_reward',
  'referral_reward',
] as const;
export type PostingKind = (typeof postingKinds)[number];

/** Integer minor units on the wire: an optional minus and up to 18 digits. */
export const minorUnitsSchema = z.string().regex(/^-?\d{1,18}$/, 'integer minor units');
export const toWireMinor = (amount: Minor): string => amount.toString();
export const fromWireMinor = (text: string): Minor => BigInt(minorUnitsSchema.parse(text));

export const walletSchema = z.object({
  kind: z.string(),
  currency: z.string(),
  balance: minorUnitsSchema,
});

/** GET /wps/v2/wallets/balance (token): the sum over the member's wallets, and each wallet. */
export const balanceReplySchema = z.object({
  sumBalance: minorUnitsSchema,
  currency: z.string(),
  wallets: z.array(walletSchema),
});
export type BalanceReply = z.infer<typeof balanceReplySchema>;

/**
 * Published by the ledger after a posting commits, once per member it touched. `balance` is the
 * member's sumBalance then; `seq` is the sum of the member's wallet versions read together with
 * it: it only grows, so a receiver keeps the figure with the highest seq (a transfer between two
 * wallets of one member raises it by 2). The real-time gateway carries it as the `balance` event.
 */
export type BalanceChanged = { memberId: number; balance: Minor; currency: string; seq: number };
export type BalancePublisher = (event: BalanceChanged) => void;

/** One journal entry as a posting's reply shows it. */
export const entryReplySchema = z.object({
  entryId: z.string(),
  memberId: z.number().int(),
  walletKind: z.string(),
  kind: entryKindSchema,
  amount: minorUnitsSchema,
  balanceAfter: minorUnitsSchema,
});
/** The reply of a posting; replaying its idempotency key returns the same one. */
export const postingReplySchema = z.object({
  postingId: z.string(),
  idempotencyKey: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
  entries: z.array(entryReplySchema),
});
export type PostingReply = z.infer<typeof postingReplySchema>;

export const reconcileDifferenceSchema = z.object({
  walletId: z.string(),
  memberId: z.number().int(),
  walletKind: z.string(),
  balance: minorUnitsSchema,
  entriesSum: minorUnitsSchema,
  /** Entries whose balance_after does not follow from the one before (broken chain). */
  brokenEntries: z.number().int(),
});
export const reconcileReplySchema = z.object({
  wallets: z.number().int(),
  entries: z.number().int(),
  /** Sum of all balances and of all entries: equal when no money was made or lost. */
  totalBalance: minorUnitsSchema,
  totalEntries: minorUnitsSchema,
  /** Transfers whose two entries do not cancel out. */
  unbalancedTransfers: z.number().int(),
  differences: z.array(reconcileDifferenceSchema),
});
export type ReconcileReply = z.infer<typeof reconcileReplySchema>;

export const adjustmentBodySchema = z.object({
  memberId: dbIdSchema,
  walletKind: walletKindSchema.default(mainWalletKind),
  /** Signed minor units, not zero: a credit or a debit. */
  amount: minorUnitsSchema.refine((text) => !/^-?0+$/.test(text), 'not zero'),
  reason: z.string().trim().min(3).max(500),
  /** The operator's own key, so a retried call posts once. */
  idempotencyKey: z.string().min(8).max(128),
});
export type AdjustmentBody = z.infer<typeof adjustmentBodySchema>;
