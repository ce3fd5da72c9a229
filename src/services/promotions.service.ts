import {
  bonusDetailsSchema,
  promotionClaimSchema,
  promotionListSchema,
  promotionPaths,
  promotionSchema,
  publicStateSchema,
  rewardCenterSchema,
  type ApplyBody,
} from '../contract/promotions.ts';
import type { HttpClient } from './http-client.ts';

/**
 * Promotions (src/contract/promotions.ts): the list and detail with the player's activity
 * state, claim, raffle draw, application, bonus details, reward center and public state.
 *
 * @example
 * const promotions = createPromotionsClient(http);
 * const { list } = await promotions.list();
 */
export function createPromotionsClient(http: HttpClient) {
  return {
    list: (signal?: AbortSignal) => http.get(promotionPaths.list, promotionListSchema, { signal }),
    detail: (promotionId: number, signal?: AbortSignal) =>
      http.get(
        promotionPaths.detail.replace(':promotionId', String(promotionId)),
        promotionSchema,
        {
          signal,
        },
      ),
    claim: (promotionId: number, raffle: boolean) =>
      http.post(raffle ? promotionPaths.claimRaffle : promotionPaths.claim, promotionClaimSchema, {
        body: { promotionId },
      }),
    apply: (body: ApplyBody) => http.post(promotionPaths.apply, promotionClaimSchema, { body }),
    bonusDetails: (signal?: AbortSignal) =>
      http.get(promotionPaths.bonusDetails, bonusDetailsSchema, { signal }),
    rewardCenter: (signal?: AbortSignal) =>
      http.get(promotionPaths.rewardCenter, rewardCenterSchema, { signal }),
    publicState: (signal?: AbortSignal) =>
      http.get(promotionPaths.publicState, publicStateSchema, { signal }),
  };
}

export type PromotionsClient = ReturnType<typeof createPromotionsClient>;
