/**
 * An operator's promotion for server tests: a daily 10% deposit bonus up to ₹500 on deposits of
 * ₹100 or more, live since yesterday, no wagering; `overrides` change any field.
 *
 * @example
 * await call(app, { method: 'POST', url: promotionOpsPaths.promotions, headers, payload: promotionBody({ kind: 'firstDeposit' }) });
 */
import type { PromotionBody } from '../../src/contract/promotions.ts';

export function promotionBody(
  overrides: Partial<PromotionBody> = {},
  now: Date = new Date(),
): PromotionBody {
  return {
    kind: 'depositBonus',
    title: { hi: 'जमा बोनस', en: 'Deposit bonus', bn: 'জমা বোনাস' },
    description: { hi: 'विवरण', en: 'Details', bn: 'বিবরণ' },
    startsAt: new Date(now.getTime() - 86_400_000).toISOString(),
    endsAt: null,
    period: 'daily',
    rateBps: 1000,
    cap: '50000',
    minAmount: '10000',
    minVipLevel: 0,
    newPlayersOnly: false,
    wageringMultiplier: 0,
    needsApproval: false,
    prizes: [],
    enabled: true,
    sort: 0,
    ...overrides,
  };
}
