import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MemberCenterPageKey } from '../../contract/member-center.ts';

/**
 * The member center's built pages, loaded on demand. A page key shows in the menu once its page
 * is registered here (one line per page; each area adds its own).
 */
export const memberCenterPages: Partial<
  Record<MemberCenterPageKey, LazyExoticComponent<ComponentType>>
> = {
  securityCenter: lazy(() => import('./pages/security-center-page.tsx')),
  withdraw: lazy(() => import('./pages/withdraw.tsx')),
  depositv2: lazy(() => import('./pages/deposit-page.tsx')),
  transferFund: lazy(() => import('./pages/transfer-fund.tsx')),
  transferUpline: lazy(() => import('./pages/transfer-upline.tsx')),
  personalHistoryCopy: lazy(() => import('./pages/betting-record.tsx')),
  transactionHistory: lazy(() => import('./pages/transaction-history.tsx')),
  personalProfit: lazy(() => import('./pages/personal-profit.tsx')),
  bonusDetails: lazy(() => import('./pages/bonus-details.tsx')),
  rewardCenter: lazy(() => import('./pages/reward-center.tsx')),
  referral: lazy(() => import('./pages/referral.tsx')),
  missionLeaderboard: lazy(() => import('./pages/mission-leaderboard.tsx')),
  messageV2: lazy(() => import('./pages/message-v2.tsx')),
  manualRebate: lazy(() => import('./pages/manual-rebate.tsx')),
};
