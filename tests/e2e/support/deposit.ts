/**
 * Deposits for the e2e specs: the operator's side of manual (bank transfer) and UPI orders, and
 * the UPI provider's signed webhook.
 *
 * @example
 * const [order] = await deposits.pending(memberId);
 * await deposits.confirm(order.orderId);
 * await deposits.upiPaid({ utr: '412345678901', amount: '50000' });
 */
import {
  depositOpsPaths,
  upiWebhookPath,
  type ChannelKind,
} from '../../../src/contract/deposit.ts';
import type { opsDepositListSchema } from '../../../src/contract/deposit.ts';
import { signWebhook } from '../../../src/server/areas/deposit/payment.provider.ts';
import type { z } from 'zod';
import { opsRequest } from './ops.ts';
import { e2eUpiWebhookSecret } from './server.ts';

type OpsDepositOrder = z.infer<typeof opsDepositListSchema>['orders'][number];

export type DepositDriver = {
  /** Orders awaiting the operator's confirmation (manual by default), of one member when given. */
  pending(memberId?: number, kind?: ChannelKind): Promise<OpsDepositOrder[]>;
  /** Confirms a manual order: the amount is credited and the player notified. */
  confirm(orderId: string): Promise<void>;
  /** Rejects a manual order with a reason. */
  reject(orderId: string, reason?: string): Promise<void>;
  /** The UPI provider tells, signed, that the payment with this UTR and amount went through. */
  upiPaid(event: { utr: string; amount: string }): Promise<void>;
};

export function depositDriver(baseURL: string): DepositDriver {
  return {
    async pending(memberId, kind = 'manual') {
      const { orders } = await opsRequest<{ orders: OpsDepositOrder[] }>(
        baseURL,
        'GET',
        `${depositOpsPaths.list}?kind=${kind}`,
      );
      return memberId === undefined ? orders : orders.filter((o) => o.memberId === memberId);
    },
    async confirm(orderId) {
      await opsRequest(baseURL, 'POST', depositOpsPaths.confirm.replace(':orderId', orderId));
    },
    async reject(orderId, reason = 'e2e rejection') {
      await opsRequest(baseURL, 'POST', depositOpsPaths.reject.replace(':orderId', orderId), {
        reason,
      });
    },
    async upiPaid({ utr, amount }) {
      const body = JSON.stringify({ utr, amount, status: 'paid' });
      const response = await fetch(new URL(upiWebhookPath, baseURL), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signWebhook(e2eUpiWebhookSecret, body, new Date()),
        },
        body,
      });
      if (!response.ok) {
        throw new Error(`UPI webhook failed: HTTP ${response.status} ${await response.text()}`);
      }
    },
  };
}
