/**
 * Deposits for the e2e specs: the operator's side of manual (bank transfer) orders.
 *
 * @example
 * const [order] = await deposits.pending(memberId);
 * await deposits.confirm(order.orderId);
 */
import { depositOpsPaths } from '../../../src/contract/deposit.ts';
import type { opsDepositListSchema } from '../../../src/contract/deposit.ts';
import type { z } from 'zod';
import { opsRequest } from './ops.ts';

type OpsDepositOrder = z.infer<typeof opsDepositListSchema>['orders'][number];

export type DepositDriver = {
  /** Manual orders awaiting the operator's confirmation, of one member when given. */
  pending(memberId?: number): Promise<OpsDepositOrder[]>;
  /** Confirms a manual order: the amount is credited and the player notified. */
  confirm(orderId: string): Promise<void>;
  /** Rejects a manual order with a reason. */
  reject(orderId: string, reason?: string): Promise<void>;
};

export function depositDriver(baseURL: string): DepositDriver {
  return {
    async pending(memberId) {
      const { orders } = await opsRequest<{ orders: OpsDepositOrder[] }>(
        baseURL,
        'GET',
        depositOpsPaths.list,
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
  };
}
