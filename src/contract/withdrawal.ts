import { z } from 'zod';
import { dbBigIdParamSchema, dbBigIdSchema, dbIdParamSchema } from './primitives.ts';
import { encBodyOf } from './identity.ts';
import { minorUnitsSchema } from './wallet.ts';

/**
 * Withdrawal (member-center page `withdraw`; spec sections 2, 4 and 9): bank accounts, the payment
 * password, requests that debit the wallet at once (a hold the player cannot reverse), the
 * operator's approval (paid) or rejection (the hold credited back), and the player's
 * confirmation after payment: received, not received (proof image required) or partly received;
 * a paid request left unconfirmed for the configured minutes counts as received.
 */
export const withdrawPaths = {
  /** GET (token): payment password set?, bank accounts, recent requests, auto-confirm minutes. */
  info: '/wps/v2/withdraw/info',
  /** POST (token): bind a bank account. */
  bankAccounts: '/wps/v2/withdraw/bankAccounts',
  /** POST (token, enc): set the payment password when the account has none. */
  paymentPassword: '/wps/v2/withdraw/paymentPassword',
  /** GET (token): the member's requests, newest first; POST (token, enc): a new request. */
  requests: '/wps/v2/withdraw/requests',
  /** POST (token, multipart/form-data): the confirmation of a paid request with proof images. */
  confirm: '/wps/v2/withdraw/requests/:id/confirm',
} as const;

/** Operator calls (HTTP Basic, audited). */
export const withdrawOpsPaths = {
  /** GET: requests, optionally by status. */
  list: '/ops/withdrawals',
  /** POST: the money was sent: status paid; the player is notified. */
  approve: '/ops/withdrawals/:id/approve',
  /** POST {reason}: refused: the hold is credited back; the player is notified. */
  reject: '/ops/withdrawals/:id/reject',
  /** GET: one proof image of a confirmation. */
  image: '/ops/withdrawals/:id/images/:imageId',
  /** GET: the full payout details (holder, whole account number, IFSC); each read audited. */
  payout: '/ops/withdrawals/:id/payout',
} as const;

export { proofImageLimits, sniffBytes, sniffImageType } from './withdrawal-proof.ts';
export type { ProofImageType } from './withdrawal-proof.ts';

/** Payment password: 6 digits (the registration rule's default). */
export const paymentPasswordSchema = z.string().regex(/^\d{6}$/, 'six digits');

/** Wrong payment passwords allowed within the window before withdrawals lock for a while. */
export const paymentPasswordLimits = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 };

/** A member may keep this many bank accounts. */
export const maxBankAccounts = 5;

const singleLine = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((text) => !/[\p{Cc}<>]/u.test(text), 'plain text');

/** Indian Financial System Code: 4 letters (the bank), a 0, 6 letters or digits (the branch). */
export const ifscPattern = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** An IFSC as typed: spaces trimmed, letters upper-cased, then the pattern. */
export const ifscSchema = z.string().trim().max(32).toUpperCase().regex(ifscPattern, 'IFSC');
/** Bank accounts paid in this currency name their branch by IFSC (required when binding). */
export const ifscCurrency = 'INR';

export const bindBankAccountBodySchema = z.object({
  bankName: singleLine(2, 64),
  /** The name on the account: letters (any script), spaces, dots, apostrophes and hyphens. */
  accountHolder: singleLine(2, 64).refine(
    (text) => /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u.test(text),
    'a name',
  ),
  /** Digits, spaces and hyphens allowed on input; stored as 6 to 24 digits. */
  accountNumber: z
    .string()
    .max(40)
    .transform((text) => text.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6,24}$/, '6 to 24 digits')),
  /** The branch's IFSC (ifscPattern): required on a site whose currency is INR. */
  ifsc: ifscSchema.optional(),
});
export type BindBankAccountBody = z.input<typeof bindBankAccountBodySchema>;

export const bankAccountSchema = z.object({
  id: z.number().int(),
  bankName: z.string(),
  accountHolder: z.string(),
  /** Only the last 4 digits: '****1234'. */
  maskedNumber: z.string(),
  /** The branch's IFSC (Indian accounts), null when none was given. */
  ifsc: z.string().nullable(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const setPaymentPasswordPayloadSchema = z.object({
  paymentPassword: paymentPasswordSchema,
  /** The login password, so a stolen session cannot set it. */
  password: z.string().min(1).max(128),
});
export type SetPaymentPasswordPayload = z.infer<typeof setPaymentPasswordPayloadSchema>;
export const setPaymentPasswordBodySchema = encBodyOf(
  setPaymentPasswordPayloadSchema,
  'SetPaymentPasswordPayload',
);

/** The smallest request: P 100.00. */
export const minWithdrawalAmount = 10_000n;
/** The largest request: P 1,000,000.00. */
export const maxWithdrawalAmount = 100_000_000n;

export const withdrawalRequestPayloadSchema = z.object({
  bankAccountId: dbBigIdSchema,
  /** Positive integer minor units. */
  amount: z.string().regex(/^\d{1,12}$/, 'integer minor units'),
  paymentPassword: paymentPasswordSchema,
  /** The app's key for this request, so a retried call withdraws once. */
  idempotencyKey: z.string().min(8).max(128),
});
export type WithdrawalRequestPayload = z.infer<typeof withdrawalRequestPayloadSchema>;
export const withdrawalRequestBodySchema = encBodyOf(
  withdrawalRequestPayloadSchema,
  'WithdrawalRequestPayload',
);

export const withdrawalStatuses = ['requested', 'paid', 'rejected', 'confirmed'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];
export const withdrawalStatusSchema = z.enum(withdrawalStatuses);

export const confirmationOutcomes = ['received', 'notReceived', 'partlyReceived'] as const;
export type ConfirmationOutcome = (typeof confirmationOutcomes)[number];
export const confirmationOutcomeSchema = z.enum(confirmationOutcomes);

export const withdrawalSchema = z.object({
  id: z.number().int(),
  amount: minorUnitsSchema,
  status: withdrawalStatusSchema,
  bankAccount: bankAccountSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  confirmation: confirmationOutcomeSchema.nullable(),
  /** 'member', or 'auto' when the unconfirmed time ran out (counts as received). */
  confirmedBy: z.enum(['member', 'auto']).nullable(),
  receivedAmount: minorUnitsSchema.nullable(),
  confirmedAt: z.string().nullable(),
  images: z.number().int(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalListSchema = z.object({ withdrawals: z.array(withdrawalSchema) });

export const withdrawInfoSchema = z.object({
  paymentPasswordSet: z.boolean(),
  bankAccounts: z.array(bankAccountSchema),
  withdrawals: z.array(withdrawalSchema),
  minAmount: minorUnitsSchema,
  maxAmount: minorUnitsSchema,
});
export type WithdrawInfo = z.infer<typeof withdrawInfoSchema>;

/** The fields of the confirmation form (multipart) besides its `images` files. */
export const confirmationFieldsSchema = z
  .object({
    outcome: confirmationOutcomeSchema,
    /** Partly received: what arrived, positive minor units below the amount. */
    receivedAmount: z
      .string()
      .regex(/^\d{1,12}$/)
      .optional(),
  })
  .strict();
export type ConfirmationFields = z.infer<typeof confirmationFieldsSchema>;

export const withdrawalIdParamsSchema = z.object({
  id: dbBigIdParamSchema,
});

export const opsWithdrawalQuerySchema = z.object({
  status: withdrawalStatusSchema.optional(),
  memberId: dbIdParamSchema.optional(),
});
export const opsWithdrawalSchema = withdrawalSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  imageIds: z.array(z.number().int()),
});
export const opsWithdrawalListSchema = z.object({ withdrawals: z.array(opsWithdrawalSchema) });
/** What an operator needs to pay a withdrawal: the account in full (the list masks it). */
export const opsPayoutDetailsSchema = z.object({
  withdrawalId: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  amount: minorUnitsSchema,
  currency: z.string(),
  status: withdrawalStatusSchema,
  bankName: z.string(),
  accountHolder: z.string(),
  accountNumber: z.string(),
  ifsc: z.string().nullable(),
});
export type OpsPayoutDetails = z.infer<typeof opsPayoutDetailsSchema>;
export const rejectBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });
export const imageParamsSchema = withdrawalIdParamsSchema.extend({
  imageId: dbBigIdParamSchema,
});
