import {
  channelListSchema,
  depositOrderSchema,
  depositPaths,
  type CreateDepositBody,
} from '../contract/deposit.ts';
import type { HttpClient } from './http-client.ts';

const orderPath = (path: string, orderId: string) =>
  path.replace(':orderId', encodeURIComponent(orderId));

/**
 * The deposit calls (src/contract/deposit.ts): channels, a new order, one order, and the bank
 * transfer reference of a manual order.
 *
 * @example
 * const deposit = createDepositClient(http);
 * const order = await deposit.create({ channelId: 1, amount: '50000', idempotencyKey });
 */
export function createDepositClient(http: HttpClient) {
  return {
    channels: async (signal?: AbortSignal) =>
      (await http.get(depositPaths.channels, channelListSchema, { signal })).channels,
    create: (body: CreateDepositBody) =>
      http.post(depositPaths.orders, depositOrderSchema, { body }),
    order: (orderId: string, signal?: AbortSignal) =>
      http.get(orderPath(depositPaths.order, orderId), depositOrderSchema, { signal }),
    submitReference: (orderId: string, reference: string) =>
      http.post(orderPath(depositPaths.transferReference, orderId), depositOrderSchema, {
        body: { reference },
      }),
  };
}

export type DepositClient = ReturnType<typeof createDepositClient>;
