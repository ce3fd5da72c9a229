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
/** An account number as stored: 6 to 24 digits (spaces and hyphens dropped from the input). */
export const accountNumberPattern = /^\d{6,24}$/;
/**
 * A UPI virtual payment address, `name@handle` (lower-cased): a name of 2 to 100 letters, digits,
 * dots, hyphens or underscores, then `@` and the payment app's handle (letters, then letters or
 * digits), e.g. `asha.rao@okaxis`, `9876543210@ybl`.
 */
export const vpaPattern = /^[a-z0-9][a-z0-9._-]{1,99}@[a-z][a-z0-9]{1,49}$/;

/**
 * Payout accounts (spec: withdrawal): a bank account (paid by IMPS on a site paid in INR, whose
 * accounts name their branch by IFSC; else a bank transfer) or, in INR, a UPI VPA.
 */
export const payoutAccountKinds = ['bank', 'upi'] as const;
export type PayoutAccountKind = (typeof payoutAccountKinds)[number];
/** How a withdrawal is paid out: IMPS (INR bank account), UPI (VPA), bank transfer (others). */
export const payoutMethods = ['imps', 'upi', 'bank'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];
export const payoutMethodSchema = z.enum(payoutMethods);
export const payoutMethodOf = (kind: PayoutAccountKind, ifsc: string | null): PayoutMethod =>
  kind === 'upi' ? 'upi' : ifsc ? 'imps' : 'bank';

/**
 * Binding a payout account. `kind` bank (the default): bank name, holder, number and (INR) IFSC;
 * `kind` upi: holder and VPA. The formats (number, IFSC, VPA) are checked by
 * `checkPayoutAccount`, so each has its own translated error.
 */
export const bindBankAccountBodySchema = z.object({
  kind: z.enum(payoutAccountKinds).optional(),
  bankName: singleLine(2, 64).optional(),
  /** The name on the account: letters (any script), spaces, dots, apostrophes and hyphens. */
  accountHolder: singleLine(2, 64).refine(
    (text) => /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u.test(text),
    'a name',
  ),
  /** Digits, spaces and hyphens allowed on input; stored as 6 to 24 digits. */
  accountNumber: z.string().max(40).optional(),
  /** The branch's IFSC (ifscPattern): required on a site whose currency is INR. */
  ifsc: z.string().max(32).optional(),
  /** The UPI VPA (vpaPattern), for `kind` upi. */
  vpa: z.string().max(160).optional(),
});
export type BindBankAccountBody = z.input<typeof bindBankAccountBodySchema>;

/** A payout account as checked: what is stored. */
export type CheckedPayoutAccount =
  | {
      kind: 'bank';
      bankName: string;
      accountHolder: string;
      accountNumber: string;
      ifsc: string | null;
    }
  | { kind: 'upi'; accountHolder: string; vpa: string };

export type PayoutAccountProblem = {
  code:
    | 'vpa_invalid'
    | 'upi_unavailable'
    | 'ifsc_invalid'
    | 'ifsc_required'
    | 'account_number_invalid'
    | 'bank_name_required';
  field: 'vpa' | 'kind' | 'ifsc' | 'accountNumber' | 'bankName';
};

/**
 * The formats of a payout account (after the body schema), on the server and in the form alike:
 * the account in its stored form, or the first problem with the field it names.
 */
export function checkPayoutAccount(
  body: z.output<typeof bindBankAccountBodySchema>,
  currency: string,
): { account: CheckedPayoutAccount } | { problem: PayoutAccountProblem } {
  if (body.kind === 'upi') {
    if (currency !== ifscCurrency) return { problem: { code: 'upi_unavailable', field: 'kind' } };
    const vpa = (body.vpa ?? '').trim().toLowerCase();
    if (!vpaPattern.test(vpa)) return { problem: { code: 'vpa_invalid', field: 'vpa' } };
    return { account: { kind: 'upi', accountHolder: body.accountHolder, vpa } };
  }
  if (!body.bankName) return { problem: { code: 'bank_name_required', field: 'bankName' } };
  const accountNumber = (body.accountNumber ?? '').replace(/[\s-]/g, '');
  if (!accountNumberPattern.test(accountNumber)) {
    return { problem: { code: 'account_number_invalid', field: 'accountNumber' } };
  }
  const typedIfsc = body.ifsc?.trim().toUpperCase() ?? '';
  if (typedIfsc && !ifscPattern.test(typedIfsc)) {
    return { problem: { code: 'ifsc_invalid', field: 'ifsc' } };
  }
  // An account paid in rupees is an Indian account: its branch is named by IFSC.
  if (!typedIfsc && currency === ifscCurrency) {
    return { problem: { code: 'ifsc_required', field: 'ifsc' } };
  }
  return {
    account: {
      kind: 'bank',
      bankName: body.bankName,
      accountHolder: body.accountHolder,
      accountNumber,
      ifsc: typedIfsc || null,
    },
  };
}

/** `as****@okaxis`: the first 2 characters of the name, then its handle. */
export const maskVpa = (vpa: string) => {
  const at = vpa.lastIndexOf('@');
  return `${vpa.slice(0, Math.min(2, at))}****${vpa.slice(at)}`;
};

export const bankAccountSchema = z.object({
  id: z.number().int(),
  /** bank, or upi (a VPA). */
  kind: z.enum(payoutAccountKinds),
  /** How withdrawals to it are paid: imps, upi or bank. */
  method: payoutMethodSchema,
  /** The bank's name; null for a VPA. */
  bankName: z.string().nullable(),
  accountHolder: z.string(),
  /** Where it pays, masked: the last 4 digits ('****1234') or the VPA ('as****@okaxis'). */
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

export const changePaymentPasswordPayloadSchema = z.object({
  /** The payment password now set. */
  currentPaymentPassword: paymentPasswordSchema,
  paymentPassword: paymentPasswordSchema,
  /** The login password as well, as when it was set. */
  password: z.string().min(1).max(128),
});
export type ChangePaymentPasswordPayload = z.infer<typeof changePaymentPasswordPayloadSchema>;
export const changePaymentPasswordBodySchema = encBodyOf(
  changePaymentPasswordPayloadSchema,
  'ChangePaymentPasswordPayload',
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
  /** How it is (or was) paid out, recorded with the request: imps, upi or bank. */
  payoutMethod: payoutMethodSchema,
  /** Where it is paid, masked ('****1234', 'as****@okaxis'). */
  paidTo: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalListSchema = z.object({ withdrawals: z.array(withdrawalSchema) });

/**
 * The withdrawal limits, shown on the form before the player types: per request, per day (the
 * operator's day, OPERATOR_TIME_ZONE; rejected requests do not count) and what is left today.
 */
export const withdrawLimitsSchema = z.object({
  minAmount: minorUnitsSchema,
  maxAmount: minorUnitsSchema,
  /** Requests a day (WITHDRAWAL_DAILY_COUNT). */
  dailyCount: z.number().int(),
  /** Their total a day (WITHDRAWAL_DAILY_AMOUNT, minor units). */
  dailyAmount: minorUnitsSchema,
  /** Requests left today. */
  remainingCount: z.number().int(),
  /** Amount left today. */
  remainingAmount: minorUnitsSchema,
  /** When today ends (ISO 8601): the day's limits start afresh. */
  resetsAt: z.string(),
});
export type WithdrawLimits = z.infer<typeof withdrawLimitsSchema>;

export const withdrawInfoSchema = z.object({
  paymentPasswordSet: z.boolean(),
  bankAccounts: z.array(bankAccountSchema),
  withdrawals: z.array(withdrawalSchema),
  minAmount: minorUnitsSchema,
  maxAmount: minorUnitsSchema,
  limits: withdrawLimitsSchema,
  /** What may be withdrawn now: the main balance less what bonus wagering holds (never < 0). */
  withdrawable: minorUnitsSchema,
  /** What unmet bonus wagering holds of the balance until its turnover is played. */
  held: minorUnitsSchema,
  /** The valid turnover still needed to release `held`. */
  turnoverNeeded: minorUnitsSchema,
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
  /** imps, upi or bank: how to pay it. */
  payoutMethod: payoutMethodSchema,
  /** Null for a VPA. */
  bankName: z.string().nullable(),
  accountHolder: z.string(),
  /** Null for a VPA. */
  accountNumber: z.string().nullable(),
  ifsc: z.string().nullable(),
  /** The whole VPA (upi), else null. */
  vpa: z.string().nullable(),
});
export type OpsPayoutDetails = z.infer<typeof opsPayoutDetailsSchema>;
export const rejectBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });
export const imageParamsSchema = withdrawalIdParamsSchema.extend({
  imageId: dbBigIdParamSchema,
});
