import { useSelector } from '@xstate/react';
import type { Language } from '../../../contract/constants.ts';
import { formatDateTime } from '../../../contract/locale.ts';
import type { Notice, Permission, Resource } from '../../../contract/system.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';

/** The announcements payload the notices actor holds. */
export type NoticeLists = { list: Notice[]; popup: Notice[]; promotion: Notice[] };

/** The bootstrap payload once start-up is done; null before. */
export function usePermission(): Permission | null {
  const { systemStatus } = useSiteShellFlows();
  return useSelector(systemStatus, (s) => s.context.permission);
}

/** The active interface language. */
export function useLanguage(): Language {
  const { preferences } = useSiteShellFlows();
  return useSelector(preferences, (s) => s.context.language);
}

/** A date in the user's language, e.g. "21 नव॰ 2026"; the raw text when it is not a date. */
export function formatDate(iso: string, language: Language, withTime = false): string {
  return formatDateTime(iso, language, { time: withTime });
}

/** Customer-service channels of the payload, in `order` (live chat, Telegram, Facebook by default). */
export function customerServiceLinks(
  permission: Permission | null,
  order: readonly Resource['resourceType'][] = ['LIVECHAT', 'TELEGRAM', 'FACEBOOK'],
): Resource[] {
  if (!permission) return [];
  const fromSettings: Resource[] = [];
  const { liveChatUrl, vipServiceUrl } = permission.customerService;
  if (liveChatUrl)
    fromSettings.push({ resourceType: 'LIVECHAT', url: liveChatUrl, qrCodeUrl: null });
  if (vipServiceUrl) {
    fromSettings.push({ resourceType: 'VIPSERVICE', url: vipServiceUrl, qrCodeUrl: null });
  }
  return order.flatMap((type) => {
    const listed = permission.resources.filter((r) => r.resourceType === type && r.url);
    return listed.length > 0 ? listed : fromSettings.filter((r) => r.resourceType === type);
  });
}

/** All announcements once, newest first (the lists may share items). */
export function allNotices(lists: NoticeLists | null): Notice[] {
  if (!lists) return [];
  const byId = new Map<number, Notice>();
  for (const notice of [...lists.list, ...lists.promotion, ...lists.popup]) {
    if (!byId.has(notice.id)) byId.set(notice.id, notice);
  }
  return [...byId.values()].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}

/** Paragraphs of a plain-text body. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n|\r\n\s*\r\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
