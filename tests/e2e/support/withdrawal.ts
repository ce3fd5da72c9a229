/**
 * Withdrawals for the e2e specs: what the player does through the API (bind a bank account,
 * request a withdrawal: the payload encrypted as the app does) and what the operator decides
 * (pay or reject).
 *
 * @example
 * const id = await withdrawals.request(token, { amount: '50000' });
 * await withdrawals.approve(id);
 */
import { randomUUID } from 'node:crypto';
import {
  withdrawOpsPaths,
  withdrawPaths,
  type BankAccount,
  type Withdrawal,
} from '../../../src/contract/withdrawal.ts';
import { encrypt } from './identity.ts';
import { opsRequest } from './ops.ts';

export type WithdrawalDriver = {
  /** Binds a bank account for the player of `token`; answers it. */
  bindBankAccount(token: string): Promise<BankAccount>;
  /**
   * Requests a withdrawal of `amount` minor units to the player's first bank account (bound
   * here when there is none), with the payment password set at registration. Answers its id.
   */
  request(token: string, options: { amount: string; paymentPassword?: string }): Promise<number>;
  /** The operator pays it: status paid, the player is notified. */
  approve(withdrawalId: number): Promise<void>;
  /** The operator refuses it: the amount goes back to the wallet. */
  reject(withdrawalId: number, reason?: string): Promise<void>;
};

export function withdrawalDriver(baseURL: string): WithdrawalDriver {
  async function player<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
    const response = await fetch(new URL(path, baseURL), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = JSON.parse(text) as { success: boolean; value: T };
    if (!json.success) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
    return json.value;
  }

  const bindBankAccount = (token: string) =>
    player<BankAccount>(token, 'POST', withdrawPaths.bankAccounts, {
      bankName: 'State Bank',
      accountHolder: 'Asha Rao',
      accountNumber: '1234 5678 9012',
      ifsc: 'SBIN0001234',
    });

  return {
    bindBankAccount,
    async request(token, { amount, paymentPassword = '123456' }) {
      const info = await player<{ bankAccounts: BankAccount[] }>(token, 'GET', withdrawPaths.info);
      const account = info.bankAccounts[0] ?? (await bindBankAccount(token));
      const payload = {
        bankAccountId: account.id,
        amount,
        paymentPassword,
        idempotencyKey: `e2e-${randomUUID()}`,
      };
      const made = await player<Withdrawal>(token, 'POST', withdrawPaths.requests, {
        enc: await encrypt(baseURL, payload),
      });
      return made.id;
    },
    async approve(withdrawalId) {
      await opsRequest(
        baseURL,
        'POST',
        withdrawOpsPaths.approve.replace(':id', String(withdrawalId)),
      );
    },
    async reject(withdrawalId, reason = 'e2e rejection') {
      await opsRequest(
        baseURL,
        'POST',
        withdrawOpsPaths.reject.replace(':id', String(withdrawalId)),
        { reason },
      );
    },
  };
}
