/**
 * The wallet as the e2e specs need it: the operator credits or debits a member through the
 * ledger (POST /ops/ledger/adjustments, audited), as a real operator would.
 *
 * @example
 * await wallet.credit(memberId, '200000'); // P 2,000.00
 */
import { randomUUID } from 'node:crypto';
import { walletOpsPaths } from '../../../src/contract/wallet.ts';
import { opsRequest } from './ops.ts';

export type WalletDriver = {
  /** Credits `amount` minor units (e.g. '200000' for P 2,000.00) to the member's main wallet. */
  credit(memberId: number, amount: string, reason?: string): Promise<void>;
  /** Debits `amount` minor units (a negative adjustment). */
  debit(memberId: number, amount: string, reason?: string): Promise<void>;
};

export function walletDriver(baseURL: string): WalletDriver {
  const adjust = async (memberId: number, amount: string, reason: string) => {
    await opsRequest(baseURL, 'POST', walletOpsPaths.adjustment, {
      memberId,
      amount,
      reason,
      idempotencyKey: `e2e-${randomUUID()}`,
    });
  };
  return {
    credit: (memberId, amount, reason = 'e2e credit') => adjust(memberId, amount, reason),
    debit: (memberId, amount, reason = 'e2e debit') => adjust(memberId, `-${amount}`, reason),
  };
}
