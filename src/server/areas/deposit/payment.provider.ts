import { createHmac, timingSafeEqual } from 'node:crypto';
import { webhookHeaders } from '../../../contract/deposit.ts';
import type { Minor } from '../../../contract/money.ts';

/** What the server asks a gateway for: a payment of one deposit order. */
export type CreatePaymentInput = {
  /** Our deposit order id; the gateway sends it back in its webhook. */
  merchantReference: string;
  amount: Minor;
  currency: string;
  /** Where the gateway sends the payer back when done. */
  returnUrl: string;
  /** Where the gateway posts its signed result. */
  notifyUrl: string;
};

export type CreatedPayment = {
  /** The gateway's payment id (the order's provider reference). */
  paymentId: string;
  /** The gateway's page the payer goes to (absolute, or a path on this site for the sandbox). */
  redirectUrl: string;
};

/**
 * A payment gateway: creates payments (the payer is sent to `redirectUrl`) and tells their
 * result by a webhook signed as `signWebhook` does, checked with `verifyWebhookSignature`.
 */
export type PaymentProvider = {
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The shared secret webhooks are signed with. */
  readonly webhookSecret: string;
};

/** The gateway refused or could not be reached; the message holds no secret. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

const signatureOf = (secret: string, timestamp: string, rawBody: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

/**
 * The headers of a webhook call: `v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>` and
 * the Unix time in seconds.
 *
 * @example
 * const headers = signWebhook(secret, JSON.stringify(event), new Date());
 */
export function signWebhook(
  secret: string,
  rawBody: string,
  now: Date,
): Record<(typeof webhookHeaders)[keyof typeof webhookHeaders], string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [webhookHeaders.timestamp]: timestamp,
    [webhookHeaders.signature]: `v1=${signatureOf(secret, timestamp, rawBody)}`,
  };
}

export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'bad_signature';

/**
 * Checks a webhook's signature over its raw body (constant-time compare) and that its
 * timestamp lies within `toleranceSeconds` of now, so a captured call cannot be replayed later.
 */
export function verifyWebhookSignature(options: {
  secret: string;
  rawBody: Buffer;
  signature: string | undefined;
  timestamp: string | undefined;
  now: Date;
  toleranceSeconds: number;
}): SignatureCheck {
  const { signature, timestamp } = options;
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return 'missing';
  const age = Math.abs(options.now.getTime() / 1000 - Number(timestamp));
  if (age > options.toleranceSeconds) return 'stale';
  const match = /^v1=([0-9a-f]{64})$/.exec(signature.trim());
  if (!match?.[1]) return 'bad_signature';
  const expected = Buffer.from(signatureOf(options.secret, timestamp, options.rawBody), 'hex');
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? 'ok'
    : 'bad_signature';
}
