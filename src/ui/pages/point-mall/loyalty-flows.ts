import { createFlowsContext } from '../../hooks/flows-context.ts';
import type { loyaltyClaimMachine } from '../../../machines/loyalty-claim.machine.ts';
import type { remoteDataMachine } from '../../../machines/remote-data.machine.ts';

/**
 * The loyalty flows (issue 16), their effects supplied by the app: each page starts the ones it
 * shows with `useActorRef`, so every visit reads fresh figures.
 */
export type LoyaltyFlows = {
  /** The member's points (contract `PointsBalance`). */
  points: typeof remoteDataMachine;
  /** Points details, param `pageNo` (contract `PointsDetails`). */
  details: typeof remoteDataMachine;
  /** Redeem history, param `pageNo` (contract `Redemptions`). */
  redemptions: typeof remoteDataMachine;
  /** The catalog (contract `PointsItem[]`). */
  items: typeof remoteDataMachine;
  /** The rules (contract `PointsConfig`). */
  config: typeof remoteDataMachine;
  /** A redemption (request `RedeemRequest`). */
  redeem: typeof loyaltyClaimMachine;
  /** manualRebate: the unclaimed rebate (contract `RebateSummary`). */
  rebate: typeof remoteDataMachine;
  /** A rebate claim (request `{ gameType?: string }`). */
  claimRebate: typeof loyaltyClaimMachine;
  /** The member's VIP level and the levels (contract `VipInfo`). */
  vip: typeof remoteDataMachine;
  /**
   * Calls `listener` at each `points` event (the loyalty count added points and rebate, a
   * redemption took points, a rejected one gave them back); answers the unsubscribe.
   */
  listen(listener: () => void): () => void;
};

/** The flows come with the first loyalty screen, not with the first page (bundle budget). */
export type LoyaltyFlowsLoader = () => Promise<LoyaltyFlows>;

export const [LoyaltyFlowsProvider, useLoyaltyFlowsLoader] =
  createFlowsContext<LoyaltyFlowsLoader>('Loyalty');
