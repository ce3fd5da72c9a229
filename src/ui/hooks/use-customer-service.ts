import { useSelector } from '@xstate/react';
import { constants } from '../../contract/constants.ts';
import {
  customerServiceChannel,
  type CustomerServiceChannel,
} from '../../contract/customer-service.ts';
import type { Permission } from '../../contract/system.ts';
import { useSession } from '../identity/identity-flows.ts';
import { usePermission } from './use-permission.ts';

/**
 * Opens a customer-service channel in its one 440 x 750 window (spec section 9). 'noopener' is
 * not among the features: with it window.open answers null even when the window opened, and
 * the blocked-popup fallback opened a second one. The chat page gets no opener instead.
 */
export function openServiceWindow(url: string): void {
  const { width, height } = constants.customerServiceWindow;
  const opened = window.open(url, 'customerService', `width=${width},height=${height}`);
  // A blocked popup still reaches the channel, in a tab.
  if (!opened) {
    window.open(url, '_blank', 'noopener');
    return;
  }
  try {
    opened.opener = null;
  } catch {
    // The window already shows the channel's own origin, which cannot be told to drop it.
  }
}

/** The channel addresses: the listed resources first, then the payload's customerService. */
export function serviceUrls(permission: Permission | null) {
  const listed = (type: 'LIVECHAT' | 'VIPSERVICE') =>
    permission?.resources.find((r) => r.resourceType === type && r.url)?.url;
  return {
    liveChatUrl: listed('LIVECHAT') ?? permission?.customerService.liveChatUrl,
    vipServiceUrl: listed('VIPSERVICE') ?? permission?.customerService.vipServiceUrl,
  };
}

/**
 * The customer-service channel for whoever is at the keyboard: VIP service above rank level 4,
 * live chat otherwise (visitors included); null when the site has neither.
 */
export function useCustomerService(): CustomerServiceChannel | null {
  const permission = usePermission();
  const rankLevel = useSelector(useSession(), (s) => s.context.member?.clubLabel.rankLevel ?? null);
  return customerServiceChannel(serviceUrls(permission), rankLevel);
}

/**
 * Where a channel's address leads, for its label ("opens chat.example.com"): the host without
 * "www.", or the address as written when it is not a URL.
 */
export function channelHost(url: string): string {
  try {
    return new URL(url, 'https://site.invalid').host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
