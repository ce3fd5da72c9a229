import { constants } from './constants.ts';

/** The addresses the bootstrap payload gives for the two customer-service channels. */
export type CustomerServiceUrls = {
  liveChatUrl: string | null | undefined;
  vipServiceUrl: string | null | undefined;
};

export type CustomerServiceChannel = { kind: 'vip' | 'liveChat'; url: string };

/**
 * The spec's customer-service rule (sections 4 and 9): a member whose rank level is above 4
 * opens the VIP service channel, everyone else live chat; both open in the 440 x 750 window.
 * A site without a VIP address sends its high ranks to live chat; null when neither is set.
 *
 * @example customerServiceChannel({ liveChatUrl: '/chat', vipServiceUrl: '/vip' }, 5)
 * // { kind: 'vip', url: '/vip' }
 */
export function customerServiceChannel(
  urls: CustomerServiceUrls,
  rankLevel: number | null,
): CustomerServiceChannel | null {
  if (rankLevel !== null && rankLevel > constants.vipServiceAboveRank && urls.vipServiceUrl) {
    return { kind: 'vip', url: urls.vipServiceUrl };
  }
  return urls.liveChatUrl ? { kind: 'liveChat', url: urls.liveChatUrl } : null;
}
