/**
 * The operator's side of a points mall redemption in e2e tests: finds the member's redemption
 * waiting in `process` and approves and releases it through the operator API.
 *
 * @example
 * await releaseRedemption(workerBaseURL(), memberId);
 */
import { expect } from '@playwright/test';
import { loyaltyOpsPaths } from '../../../src/contract/loyalty.ts';
import { opsRequest } from './ops.ts';

export async function releaseRedemption(baseURL: string, memberId: number): Promise<void> {
  const waiting = await opsRequest<{ list: { id: number; memberId: number }[] }>(
    baseURL,
    'GET',
    `${loyaltyOpsPaths.redemptions}?state=process`,
  );
  const redemption = waiting.list.find((row) => row.memberId === memberId);
  expect(redemption, 'the redemption waits for the operator').toBeDefined();
  for (const action of ['approve', 'release']) {
    await opsRequest(
      baseURL,
      'POST',
      loyaltyOpsPaths.redemptionAction
        .replace(':id', String(redemption!.id))
        .replace(':action', action),
      {},
    );
  }
}
