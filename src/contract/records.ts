import { z } from 'zod';
import { dbIdSchema, digitsSchema } from './primitives.ts';
import { constants } from './constants.ts';
import { datePresets } from './date-presets.ts';
import { entryKindSchema, minorUnitsSchema, walletKindSchema } from './wallet.ts';

/**
 * The member center's money records and transfers (spec sections 2 and 7): account record
 * (transactionHistory), bonus details (bonusDetails), my wallet / fund transfer (transferFund),
 * transfer to upline (transferUpline). Money is a string of integer minor units, as in wallet.ts.
 */
export const recordsPaths = {
  /** GET (token): the member's journal entries, filtered and paged. */
  transactions: '/wps/member/records/transactions',
  /** GET (token): entries of the bonus kinds. */
  bonuses: '/wps/member/records/bonuses',
  /** GET (token): value.isSingle, one wallet for every game (no transfers) or one per vendor. */
  merchantWallet: '/wps/relay/GCS_merchantWallet',
  /** GET (token): every wallet of the member with its vendor's name; POST: all back to main. */
  consolidatedFunds: '/wps/member/info/funds/consolidated',
  /** POST (token): main wallet to a vendor wallet or back, when the site is not single. */
  walletTransfer: '/wps/relay/GCS_walletTransfer',
  /** POST (token): main wallet to the agent whose invitation code the member registered with. */
  transferUpline: '/wps/member/transfer/upline',
} as const;

/** Operator calls of this area (HTTP Basic, audited). */
export const recordsOpsPaths = {
  /** PUT `{isSingle}`: the site's wallet mode. */
  merchantWallet: '/ops/wallet/merchant',
  /** POST: credit a bonus or a rebate to a member (through the ledger, with a key). */
  bonuses: '/ops/ledger/bonuses',
} as const;

/** Entry kinds the bonus details page lists. */
export const bonusKinds = ['bonus', 'rebate', 'mission_reward', 'referral_reward'] as const;
export type BonusKind = (typeof bonusKinds)[number];

/** The type filter of the account record: a group of entry kinds. */
export const transactionTypes = [
  'all',
  'deposit',
  'withdrawal',
  'transfer',
  'adjustment',
  'bonus',
  'game',
] as const;
export type TransactionType = (typeof transactionTypes)[number];

/** The longest range one query may ask for. */
export const maxRangeDays = 92;

const isoDateTime = z.iso.datetime({ offset: true });
const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(constants.pageSize).default(constants.pageSize);

/**
 * A date range: a preset (counted back from now) or `startDate`/`endDate` (ISO date-times with
 * offset, at most maxRangeDays apart, start before end). Nothing: the last 7 days.
 */
const rangeFields = {
  preset: z.enum(datePresets).optional(),
  startDate: isoDateTime.optional(),
  endDate: isoDateTime.optional(),
};
const rangeValid = (query: { startDate?: string; endDate?: string }) => {
  if (query.startDate === undefined && query.endDate === undefined) return true;
  if (query.startDate === undefined || query.endDate === undefined) return false;
  const start = Date.parse(query.startDate);
  const end = Date.parse(query.endDate);
  return start <= end && end - start <= maxRangeDays * 86_400_000;
};
const rangeMessage = { message: 'startDate and endDate together, start first, at most 92 days' };

export const transactionQuerySchema = z
  .object({
    type: z.enum(transactionTypes).default('all'),
    ...rangeFields,
    pageNo,
    pageSize,
  })
  .strict()
  .refine(rangeValid, rangeMessage);
export type TransactionQuery = z.input<typeof transactionQuerySchema>;

export const bonusQuerySchema = z
  .object({
    type: z.enum(['all', ...bonusKinds]).default('all'),
    ...rangeFields,
    pageNo,
    pageSize,
  })
  .strict()
  .refine(rangeValid, rangeMessage);
export type BonusQuery = z.input<typeof bonusQuerySchema>;

/**
 * The other side of a transfer, as the player knows it: their own main wallet or game wallet,
 * their upline agent, a downline member, or another member. Never an internal id.
 */
export const counterpartyTypes = [
  'mainWallet',
  'gameWallet',
  'upline',
  'downline',
  'member',
] as const;
export type CounterpartyType = (typeof counterpartyTypes)[number];
export const counterpartySchema = z.object({
  type: z.enum(counterpartyTypes),
  /** A game wallet's vendor name, a member's nickname (else username); null for the main wallet. */
  name: z.string().nullable(),
});
export type Counterparty = z.infer<typeof counterpartySchema>;

/** One journal entry of the member, as the record pages show it. */
export const transactionRecordSchema = z.object({
  entryId: z.string(),
  kind: entryKindSchema,
  walletKind: z.string(),
  /** The vendor's name of a game wallet ("Aura Live"); null for the main wallet. */
  walletName: z.string().nullable(),
  /** Who or what was on the other side of a transfer; null for other kinds. */
  counterparty: counterpartySchema.nullable(),
  /** Signed minor units: credits positive, debits negative. */
  amount: minorUnitsSchema,
  balanceAfter: minorUnitsSchema,
  /**
   * What the player may read of the posting's note: a bonus's or rebate's name. Never a
   * reference (ids) nor an operator's reason for an adjustment.
   */
  remark: z.string().nullable(),
  createdAt: isoDateTime,
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

/** A page of records: `content`, `totalPages` like the spec's paged lists, and the sums. */
export const recordPageSchema = z.object({
  content: z.array(transactionRecordSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
  /**
   * Sum of the credits and of the debits over the whole range (not only this page): money into
   * and out of the member's hands, so transfers between their own wallets count in neither.
   */
  totalIn: minorUnitsSchema,
  totalOut: minorUnitsSchema,
  startDate: isoDateTime,
  endDate: isoDateTime,
});
export type RecordPage = z.infer<typeof recordPageSchema>;

export const merchantWalletSchema = z.object({ isSingle: z.boolean() });
export type MerchantWallet = z.infer<typeof merchantWalletSchema>;

export const fundWalletSchema = z.object({
  kind: z.string(),
  /** The vendor's display name; null for the main wallet. */
  displayName: z.string().nullable(),
  balance: minorUnitsSchema,
});
/** Consolidated funds: the main wallet, each vendor wallet and the sum. */
export const consolidatedFundsSchema = z.object({
  isSingle: z.boolean(),
  sumBalance: minorUnitsSchema,
  currency: z.string(),
  main: minorUnitsSchema,
  wallets: z.array(fundWalletSchema),
});
export type ConsolidatedFunds = z.infer<typeof consolidatedFundsSchema>;

/** A client's key for one money request: retrying with it gives one effect. */
export const requestKeySchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
/** A positive amount in minor units (at most 10^15). */
export const positiveMinorSchema = digitsSchema({
  maxDigits: 16,
  positive: true,
  max: 1_000_000_000_000_000n,
  message: 'positive integer minor units',
});

export const consolidateBodySchema = z.object({ idempotencyKey: requestKeySchema }).strict();
export const consolidateReplySchema = z.object({
  moved: minorUnitsSchema,
  funds: consolidatedFundsSchema,
});
export type ConsolidateReply = z.infer<typeof consolidateReplySchema>;

/** POST GCS_walletTransfer: `from` and `to` are 'main' and a vendor code, one each. */
export const walletTransferBodySchema = z
  .object({
    from: walletKindSchema,
    to: walletKindSchema,
    amount: positiveMinorSchema,
    idempotencyKey: requestKeySchema,
  })
  .strict()
  .refine((body) => body.from !== body.to, { message: 'from and to differ' });
export type WalletTransferBody = z.infer<typeof walletTransferBodySchema>;

export const transferReplySchema = z.object({
  postingId: z.string(),
  amount: minorUnitsSchema,
  /** The member's main wallet after the transfer. */
  mainBalance: minorUnitsSchema,
  sumBalance: minorUnitsSchema,
  createdAt: isoDateTime,
});
export type TransferReply = z.infer<typeof transferReplySchema>;

export const transferUplineBodySchema = z
  .object({
    amount: positiveMinorSchema,
    paymentPassword: z.string().min(1).max(128),
    idempotencyKey: requestKeySchema,
  })
  .strict();
export type TransferUplineBody = z.infer<typeof transferUplineBodySchema>;
export const transferUplineReplySchema = transferReplySchema.extend({
  /** The upline agent's name as the member may see it (nickname or account). */
  upline: z.string(),
});
export type TransferUplineReply = z.infer<typeof transferUplineReplySchema>;

/** Operator: the site's wallet mode. */
export const merchantWalletBodySchema = merchantWalletSchema.strict();

/** Operator: a bonus or rebate credited to a member's main wallet. */
export const bonusBodySchema = z
  .object({
    memberId: dbIdSchema,
    kind: z.enum(bonusKinds),
    amount: positiveMinorSchema,
    /** What the member sees in bonus details ("Welcome bonus"). */
    remark: z.string().trim().min(3).max(200),
    idempotencyKey: z.string().min(8).max(128),
  })
  .strict();
export type BonusBody = z.infer<typeof bonusBodySchema>;
