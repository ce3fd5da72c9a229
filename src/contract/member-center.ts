/**
 * The member center's pages by the spec's page keys, in its menu order (spec section 2,
 * "Personal-center menu"). securityCenter is the default page.
 */
export const memberCenterPageKeys = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
] as const;
export type MemberCenterPageKey = (typeof memberCenterPageKeys)[number];

export const defaultMemberCenterPage: MemberCenterPageKey = 'securityCenter';

/** Entries that carry a red count badge when their count is above 0. */
export const badgedMemberCenterPages: readonly MemberCenterPageKey[] = [
  'missionLeaderboard',
  'messageV2',
  'rewardCenter',
];

/** The query key that opens the member center on a page: `?mc=depositv2`. */
export const memberCenterQueryKey = 'mc';
/** The order the payment gateway sends the player back for: `?mc=depositv2&depositOrder=<id>`. */
export const depositReturnQueryKey = 'depositOrder';

/**
 * Session storage key of the value the points mall hands to the member center (the page to
 * return to); closing the member center clears it (spec section 2).
 */
export const pointsMallHandoffKey = 'pointMallHandoff';
