import { z } from 'zod';
import { dbIdSchema, digitsSchema } from './primitives.ts';
import { minorUnitsSchema } from './wallet.ts';

/**
 * Deposits (spec sections 2 and 7, member-center page depositv2). The player picks a payment
 * channel, enters an amount within the channel's limits and submits a deposit order:
 *
 * - an `online` channel answers with `redirectUrl`, the payment gateway's page; the gateway tells
 *   the server the result by a signed webhook (`paymentWebhookPath`), and a paid order credits
 *   the main wallet through the ledger (idempotency key: the order);
 * - a `manual` channel answers with the bank account to transfer to; the player then submits
 *   the transfer's reference and an operator confirms or rejects the order;
 * - a `upi` channel answers with the site's UPI id (VPA), payee name and a `upi://pay` intent
 *   URI (shown as a QR code and, on a phone, a link that opens the UPI app); the player then
 *   submits the 12-digit UTR of the payment and an operator confirms it, or the UPI provider's
 *   signed webhook (`upiWebhookPath`) does.
 *
 * Either way the player gets a `notification` (depositArrived / depositFailed).
 */
export const depositPaths = {
  /** GET (token): the channels the player may use. */
  channels: '/wps/v2/deposit/channels',
  /** POST (token, real account): a new deposit order. GET: the player's latest orders. */
  orders: '/wps/v2/deposit/orders',
  /** GET (token): one of the player's orders. */
  order: '/wps/v2/deposit/orders/:orderId',
  /** POST (token): the bank transfer's reference for a manual order. */
  transferReference: '/wps/v2/deposit/orders/:orderId/reference',
  /** POST (token): the player gives up a pending order. */
  cancel: '/wps/v2/deposit/orders/:orderId/cancel',
} as const;

/** The payment gateway's result, signed (see `webhookHeaders`). No session: the signature is the proof. */
export const paymentWebhookPath = '/wps/payment/webhook';

/** The UPI provider's result for a UPI order, signed like `paymentWebhookPath` (`webhookHeaders`). */
export const upiWebhookPath = '/wps/payment/upi/webhook';

/** Operator calls on deposits (HTTP Basic, audited). */
export const depositOpsPaths = {
  /** GET: orders by status (manual orders awaiting confirmation by default). */
  list: '/ops/deposits',
  confirm: '/ops/deposits/:orderId/confirm',
  reject: '/ops/deposits/:orderId/reject',
} as const;

/**
 * The webhook's signature: `v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>` in
 * `signature`, the Unix time in seconds in `timestamp`. A timestamp outside the replay window
 * (5 minutes by default) is refused, so a captured call cannot be played again later.
 */
export const webhookHeaders = {
  signature: 'x-payment-signature',
  timestamp: 'x-payment-timestamp',
} as const;

export const channelKinds = ['manual', 'online', 'upi'] as const;
export type ChannelKind = (typeof channelKinds)[number];

export const depositStatuses = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type DepositStatus = (typeof depositStatuses)[number];
export const depositStatusSchema = z.enum(depositStatuses);

/** Where a manual channel's money goes; `ifsc` is the branch code (null where not given). */
export const bankAccountSchema = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  ifsc: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
/** A bank account as a channel row stores it (rows seeded before the IFSC have none). */
export type StoredBankAccount = Omit<BankAccount, 'ifsc'> & { ifsc?: string | null };

/**
 * A UPI order's payment: the site's UPI id (VPA), the payee name, the amount in rupees and
 * paise as UPI writes it ("750.00") and the intent URI
 * `upi://pay?pa=<vpa>&pn=<name>&am=<amount>&cu=INR&tn=<order id>` a UPI app opens or scans.
 */
export const upiPaymentSchema = z.object({
  vpa: z.string(),
  payeeName: z.string(),
  amount: z.string(),
  uri: z.string(),
});
export type UpiPayment = z.infer<typeof upiPaymentSchema>;

/** The UTR (Unique Transaction Reference) of a UPI payment: exactly 12 digits. */
export const utrRule = { length: 12 } as const;
/** The `pattern` attribute of the UTR field (the browser anchors it). */
export const utrPattern = `[0-9]{${utrRule.length}}`;
export const utrSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^[0-9]{${utrRule.length}}$`), 'a UTR is exactly 12 digits');

export const paymentChannelSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(channelKinds),
  /** The operator's name for the channel (a bank's or a wallet's name); not translated. */
  name: z.string(),
  currency: z.string(),
  minAmount: minorUnitsSchema,
  maxAmount: minorUnitsSchema,
  /** Manual channels only. */
  bankAccount: bankAccountSchema.nullable(),
});
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;
export const channelListSchema = z.object({ channels: z.array(paymentChannelSchema) });

const positiveMinor = digitsSchema({
  maxDigits: 15,
  positive: true,
  message: 'integer minor units',
});

export const createDepositBodySchema = z.object({
  channelId: dbIdSchema,
  /** Positive integer minor units within the channel's limits. */
  amount: positiveMinor,
  /** The app's key for this submit, so a retried submit makes one order. */
  idempotencyKey: z
    .string()
    .min(8)
    .max(128)
    .regex(/^[A-Za-z0-9_:-]+$/),
});
export type CreateDepositBody = z.infer<typeof createDepositBodySchema>;

/**
 * A bank transfer's reference: 4 to 64 of letters, digits, space and `_ . / -`. One rule for the
 * server's schema and the form's `pattern` attribute, which browsers compile with the `v` flag
 * (so `/` and `-` are escaped inside the class). A longer one is refused, never shortened.
 */
export const transferReferenceRule = {
  minLength: 4,
  maxLength: 64,
  characters: '[A-Za-z0-9 _.\\/\\-]',
} as const;
/** The `pattern` attribute of the reference field (the browser anchors it). */
export const transferReferencePattern = `${transferReferenceRule.characters}{${transferReferenceRule.minLength},${transferReferenceRule.maxLength}}`;

export const transferReferenceSchema = z
  .string()
  .trim()
  .min(transferReferenceRule.minLength)
  .max(transferReferenceRule.maxLength)
  .regex(new RegExp(`^${transferReferenceRule.characters}+$`));

export const transferReferenceBodySchema = z.object({ reference: transferReferenceSchema });

export const orderIdParamsSchema = z.object({ orderId: z.uuid() });

export const depositOrderSchema = z.object({
  orderId: z.string(),
  channelId: z.number().int(),
  kind: z.enum(channelKinds),
  amount: minorUnitsSchema,
  currency: z.string(),
  status: depositStatusSchema,
  /** Online: the gateway's payment page while the order is pending. */
  redirectUrl: z.string().nullable(),
  /** Manual: where to transfer the money. */
  bankAccount: bankAccountSchema.nullable(),
  /** Manual: the reference the player gave for the bank transfer; UPI: the payment's UTR. */
  transferReference: z.string().nullable(),
  /** UPI: what the player pays to (VPA, payee, amount, intent URI). */
  upi: upiPaymentSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DepositOrder = z.infer<typeof depositOrderSchema>;
export const depositOrderListSchema = z.object({ orders: z.array(depositOrderSchema) });

/** The gateway's result as its webhook's JSON body carries it. */
export const paymentWebhookBodySchema = z.object({
  /** The gateway's own id of the event. */
  eventId: z.string().min(1).max(128),
  /** The gateway's payment id (the order's provider reference). */
  paymentId: z.string().min(1).max(128),
  /** Our order id, as we gave it when creating the payment. */
  merchantReference: z.uuid(),
  status: z.enum(['paid', 'failed']),
  amount: positiveMinor,
  currency: z.string().min(3).max(3),
});
export type PaymentWebhookBody = z.infer<typeof paymentWebhookBodySchema>;
/**
 * The UPI provider's result: the order (our id, the `tn` of the intent) or the UTR, or both,
 * the amount in minor units and the status. It is matched by UTR and amount: an order found by
 * UTR must be the one named, and the amount must be the order's (409 otherwise).
 */
export const upiWebhookBodySchema = z
  .object({
    orderId: z.uuid().optional(),
    utr: utrSchema.optional(),
    amount: positiveMinor,
    status: z.enum(['paid', 'failed']),
  })
  .refine((body) => body.orderId !== undefined || body.utr !== undefined, {
    message: 'orderId or utr is required',
  });
export type UpiWebhookBody = z.infer<typeof upiWebhookBodySchema>;

export const webhookReplySchema = z.object({
  orderId: z.string(),
  status: depositStatusSchema,
  /** True when this event changed nothing (the order had its result already). */
  duplicate: z.boolean(),
});

export const opsDepositQuerySchema = z.object({
  status: depositStatusSchema.default('pending'),
  /** manual (bank transfer) by default; `upi` for UPI orders awaiting a check. */
  kind: z.enum(channelKinds).default('manual'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const opsDepositOrderSchema = depositOrderSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
});
export const opsDepositListSchema = z.object({ orders: z.array(opsDepositOrderSchema) });
export const opsRejectBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });
