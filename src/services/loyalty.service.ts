import {
  loyaltyPaths,
  pointsBalanceSchema,
  pointsConfigSchema,
  pointsDetailsSchema,
  pointsItemsSchema,
  rebateClaimReplySchema,
  rebateSummarySchema,
  redeemReplySchema,
  redemptionsSchema,
  vipInfoSchema,
} from '../contract/loyalty.ts';
import type { HttpClient } from './http-client.ts';

export type RedeemRequest = {
  itemId: number;
  paymentPassword: string;
  remark: string;
  idempotencyKey: string;
};

/**
 * The loyalty calls (src/contract/loyalty.ts): points, the points mall, rebate and VIP.
 *
 * @example
 * const loyalty = createLoyaltyClient(http);
 * const { points } = await loyalty.pointsBalance();
 */
export function createLoyaltyClient(http: HttpClient) {
  const page = (pageNo: number) => `?pageNo=${pageNo}&pageSize=15`;
  return {
    pointsBalance: (signal?: AbortSignal) =>
      http.get(loyaltyPaths.pointsBalance, pointsBalanceSchema, { signal }),
    pointsConfig: (signal?: AbortSignal) =>
      http.get(loyaltyPaths.pointsConfig, pointsConfigSchema, { signal }),
    pointsDetails: (pageNo: number, signal?: AbortSignal) =>
      http.get(`${loyaltyPaths.pointsDetails}${page(pageNo)}`, pointsDetailsSchema, { signal }),
    pointsItems: (signal?: AbortSignal) =>
      http.get(loyaltyPaths.pointsItems, pointsItemsSchema, { signal }),
    redemptions: (pageNo: number, signal?: AbortSignal) =>
      http.get(`${loyaltyPaths.pointsRedemptions}${page(pageNo)}`, redemptionsSchema, { signal }),
    redeem: (request: RedeemRequest) =>
      http.post(loyaltyPaths.pointsRedeem, redeemReplySchema, { body: request }),
    rebateSummary: (signal?: AbortSignal) =>
      http.get(loyaltyPaths.rebateSummary, rebateSummarySchema, { signal }),
    claimRebate: (gameType?: string) =>
      http.post(loyaltyPaths.rebateClaim, rebateClaimReplySchema, {
        body: gameType ? { gameType } : {},
      }),
    vipInfo: (signal?: AbortSignal) => http.get(loyaltyPaths.vipInfo, vipInfoSchema, { signal }),
  };
}

export type LoyaltyClient = ReturnType<typeof createLoyaltyClient>;
