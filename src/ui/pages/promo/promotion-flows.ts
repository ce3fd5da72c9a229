import { use } from 'react';
import { createFlowsContext } from '../../hooks/flows-context.ts';
import type { RewardItem } from '../../../contract/promotions.ts';
import type { remoteDataMachine } from '../../../machines/remote-data.machine.ts';
import type { promotionMachine } from '../../../machines/promotion.machine.ts';
import type { loyaltyClaimMachine } from '../../../machines/loyalty-claim.machine.ts';

/**
 * The promotion pages' flows (issue 16), their effects supplied by the app
 * (src/app/promotion-actors.ts). A page starts its own actor with `useActorRef(flow, ...)`.
 */
export type PromotionFlows = {
  /** /promotions: { list: Promotion[] } with the player's states. */
  list: typeof remoteDataMachine;
  /** /promoDetail: params { id } -> Promotion. */
  detail: typeof remoteDataMachine;
  /** One promotion's activity: claim, raffle draw, application. */
  promotion: typeof promotionMachine;
  /** bonusDetails: BonusDetails (claims and the turnover still needed). */
  bonusDetails: typeof remoteDataMachine;
  /** rewardCenter: { list: RewardItem[] }. */
  rewardCenter: typeof remoteDataMachine;
  /**
   * A reward center row claimed in place (request `RewardClaimRequest`): the promotion's claim,
   * the raffle's draw, the mission's claim or the rebate's claim of that game type.
   */
  claimReward: typeof loyaltyClaimMachine;
};

/** What the reward center's claim sends: the row's kind and its source's own id. */
export type RewardClaimRequest = { kind: RewardItem['kind']; ref: string };

/** The flows, made at the first promotion page (the machine stays out of the first page). */
export type PromotionFlowsLoader = () => Promise<PromotionFlows>;

export const [PromotionFlowsProvider, usePromotionFlowsLoader] =
  createFlowsContext<PromotionFlowsLoader>('Promotion');

/** The promotion flows (suspends until their module has loaded). */
export function usePromotionFlows(): PromotionFlows {
  return use(usePromotionFlowsLoader()());
}
