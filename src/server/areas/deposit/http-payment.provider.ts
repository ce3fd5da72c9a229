import { z } from 'zod';
import { PaymentProviderError, type PaymentProvider } from './payment.provider.ts';

export type HttpPaymentOptions = {
  /** The gateway's API base, e.g. https://gateway.example/api (payments at <base>/v1/payments). */
  url: string;
  key: string;
  webhookSecret: string;
  timeoutMs: number;
  name?: string;
  /** The API base resolved at call time (the sandbox: this server once it listens). */
  baseUrl?: () => string;
};

const createdSchema = z.object({
  paymentId: z.string().min(1).max(128),
  // An absolute page, or a path on this site (the sandbox gateway this server serves).
  redirectUrl: z.string().refine((url) => /^https?:\/\//.test(url) || /^\/(?!\/)/.test(url)),
});

/**
 * A JSON payment gateway: `POST <url>/v1/payments` with a bearer key and
 * `{ merchantReference, amount, currency, returnUrl, notifyUrl }` (amount in minor units as a
 * string); a 2xx reply `{ paymentId, redirectUrl }`. The result comes later by signed webhook.
 * Creating a payment twice for one merchantReference gives the same payment.
 */
export function createHttpPaymentProvider(options: HttpPaymentOptions): PaymentProvider {
  return {
    name: options.name ?? 'http',
    webhookSecret: options.webhookSecret,
    async createPayment(input) {
      let response: Response;
      try {
        const base = options.baseUrl ? options.baseUrl() : options.url;
        response = await fetch(`${base}/v1/payments`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            authorization: `Bearer ${options.key}`,
            'idempotency-key': input.merchantReference,
          },
          body: JSON.stringify({ ...input, amount: input.amount.toString() }),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        throw new PaymentProviderError('payment gateway unreachable', { cause: error });
      }
      const text = await response.text().catch(() => '');
      if (!response.ok) {
        throw new PaymentProviderError(`payment gateway answered ${response.status}`);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new PaymentProviderError('payment gateway answered no JSON', { cause: error });
      }
      const parsed = createdSchema.safeParse(json);
      if (!parsed.success) throw new PaymentProviderError('payment gateway reply not understood');
      return parsed.data;
    },
  };
}
