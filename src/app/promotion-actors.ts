import { fromPromise } from 'xstate';
import { remoteDataMachine } from '../machines/remote-data.machine.ts';
import { promotionMachine } from '../machines/promotion.machine.ts';
import type { PromotionsClient } from '../services/promotions.service.ts';
import { loyaltyClaimMachine } from '../machines/loyalty-claim.machine.ts';
import type { PromotionFlows, RewardClaimRequest } from '../ui/pages/promo/promotion-flows.ts';

/** The other parts' claims the reward center makes in place (missions, rebate). */
export type RewardClaims = {
  mission: (missionId: number) => Promise<unknown>;
  rebate: (gameType: string) => Promise<unknown>;
};

type Loader = (params: Record<string, string>, signal: AbortSignal) => Promise<unknown>;

const remote = (load: Loader) =>
  remoteDataMachine.provide({
    actors: { load: fromPromise(({ input, signal }) => load(input.params, signal)) },
  });

/**
 * The promotion pages' flows wired to the promotions client. A claim's balance and badges come
 * back on the real-time channel (the ledger's `balance` event, the `badges` event).
 */
export function createPromotionFlows(
  promotions: PromotionsClient,
  claims: RewardClaims,
): PromotionFlows {
  /** A reward center row's claim: the call of its kind, with the row's own id. */
  const claimReward = ({ kind, ref }: RewardClaimRequest) => {
    switch (kind) {
      case 'promotion':
      case 'raffle':
        return promotions.claim(Number(ref), kind === 'raffle');
      case 'mission':
        return claims.mission(Number(ref));
      case 'rebate':
        return claims.rebate(ref);
    }
  };
  return {
    list: remote((_, signal) => promotions.list(signal)),
    detail: remote((params, signal) => promotions.detail(Number(params.id), signal)),
    promotion: promotionMachine.provide({
      actors: {
        submitClaim: fromPromise(({ input }) => promotions.claim(input.promotionId, input.raffle)),
        submitApplication: fromPromise(({ input }) => promotions.apply(input)),
        loadPromotion: fromPromise(({ input, signal }) =>
          promotions.detail(input.promotionId, signal),
        ),
      },
    }),
    bonusDetails: remote((_, signal) => promotions.bonusDetails(signal)),
    rewardCenter: remote((_, signal) => promotions.rewardCenter(signal)),
    claimReward: loyaltyClaimMachine.provide({
      actors: {
        submit: fromPromise(({ input }) => claimReward(input.request as RewardClaimRequest)),
      },
    }),
  };
}
