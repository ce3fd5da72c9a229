import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { findRoute } from '../../../contract/routes.ts';
import type { linkageTypes } from '../../../contract/system.ts';
import { announcements } from './announcements.schema.ts';
import { banners } from './banners.schema.ts';
import { domainRoutes, resources, systemSettings } from './settings.schema.ts';
import { findAnnouncement } from './announcements.repository.ts';
import { getSettings, listDomainRoutes, listResources } from './settings.repository.ts';
import { seededPromotionTitles, type PromotionKey } from './banners.seed.ts';

type Linkage = { linkageType: (typeof linkageTypes)[number]; linkage: string | null };

/**
 * The hosts the site's own settings name: live chat and VIP service, the customer-service
 * resources (chat, Facebook, Telegram…) and the domain routes. A banner's URL must lead to one
 * of them; the e2e link walk holds every link of the site to the same list.
 */
export async function siteHosts(db: Db): Promise<Set<string>> {
  const [settings, resources, desktop, mobile] = await Promise.all([
    getSettings(db),
    listResources(db),
    listDomainRoutes(db, 0),
    listDomainRoutes(db, 3),
  ]);
  const urls = [
    settings.liveChatUrl,
    settings.vipServiceUrl,
    ...resources.map((r) => r.url),
    ...[...desktop, ...mobile].map((r) => r.domain),
  ];
  const hosts = new Set<string>();
  for (const url of urls) {
    const host = url ? URL.parse(url)?.host : undefined;
    if (host) hosts.add(host);
  }
  return hosts;
}

/**
 * Why a banner's linkage leads nowhere, or null when it leads somewhere real: a ROUTE to a path
 * the app routes, a PROMOTION naming an existing promotion (type PR) by id, a URL on one of the
 * site's own hosts (http or https), a GAME with a code.
 */
export async function bannerLinkageProblem(db: Db, banner: Linkage): Promise<string | null> {
  const linkage = banner.linkage?.trim() ?? '';
  switch (banner.linkageType) {
    case 'NONE':
      return null;
    case 'ROUTE': {
      const path = linkage.split(/[?#]/)[0] ?? '';
      return path.startsWith('/') && findRoute(path) ? null : `no page at '${linkage}'`;
    }
    case 'PROMOTION': {
      const id = /^[1-9]\d{0,9}$/.test(linkage) ? Number(linkage) : NaN;
      const promotion = Number.isSafeInteger(id) ? await findAnnouncement(db, id) : undefined;
      return promotion?.type === 'PR' ? null : `no promotion with id '${linkage}'`;
    }
    case 'URL': {
      const url = URL.parse(linkage);
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
        return `'${linkage}' is not an http(s) address`;
      return (await siteHosts(db)).has(url.host)
        ? null
        : `'${url.host}' is not one of the site's own hosts`;
    }
    case 'GAME':
      return linkage ? null : 'no game code';
  }
}

/** The id of the seeded promotion `key` (its announcement found by English title). */
export async function seededPromotionIds(db: Db): Promise<(key: PromotionKey) => number> {
  const rows = await db
    .select({ id: announcements.id, title: sql<string>`${announcements.title} ->> 'en'` })
    .from(announcements)
    .where(eq(announcements.type, 'PR'));
  return (key) => {
    const row = rows.find((r) => r.title === seededPromotionTitles[key]);
    if (!row) throw new Error(`banner seed: no promotion titled '${seededPromotionTitles[key]}'`);
    return row.id;
  };
}

/** Links the first demo seed got wrong, and what they become (ROUTE targets or a promotion). */
const oldPromotionLinks: Record<string, PromotionKey | `/${string}`> = {
  'welcome-bonus': 'welcome-bonus',
  'weekly-rebate': 'weekly-rebate',
  'daily-free-spins': '/promotions',
  'live-cashback': '/promotions',
  'rummy-club': '/pvp',
  referral: '/promotions',
};
const oldBrand = (column: ReturnType<typeof sql.raw>) =>
  sql`replace(replace(${column}, 'mayurplay.example', 'rajwin.example'), 'mayurplay_example', 'rajwin_example')`;

/**
 * A site seeded before 'brand-links-v2': addresses of another brand in its chat, social and
 * domain settings, and banners naming a promotion by a key the promotion page cannot find.
 * Only those seeded values change; what an operator set stays.
 */
export async function repairSeededLinks(tx: Db): Promise<void> {
  const like = `%mayurplay%`;
  await tx
    .update(systemSettings)
    .set({
      liveChatUrl: oldBrand(sql.raw('live_chat_url')),
      vipServiceUrl: oldBrand(sql.raw('vip_service_url')),
    })
    .where(eq(systemSettings.id, 1));
  await tx
    .update(resources)
    .set({ url: oldBrand(sql.raw('url')) })
    .where(sql`${resources.url} like ${like}`);
  await tx
    .update(domainRoutes)
    .set({ domain: oldBrand(sql.raw('domain')) })
    .where(sql`${domainRoutes.domain} like ${like}`);
  await tx
    .update(banners)
    .set({ linkageType: 'ROUTE', linkage: '/help' })
    .where(eq(banners.linkage, 'https://www.mayurplay.example/sports-guide'));
  await tx
    .update(banners)
    .set({ linkage: oldBrand(sql.raw('linkage')) })
    .where(and(eq(banners.linkageType, 'URL'), sql`${banners.linkage} like ${like}`));
  const promotionId = await seededPromotionIds(tx);
  for (const [old, target] of Object.entries(oldPromotionLinks)) {
    const set = target.startsWith('/')
      ? { linkageType: 'ROUTE' as const, linkage: target }
      : { linkage: String(promotionId(target as PromotionKey)) };
    await tx
      .update(banners)
      .set(set)
      .where(and(eq(banners.linkageType, 'PROMOTION'), eq(banners.linkage, old)));
  }
}

/** Whether a banner leads to promotion `id` (so it may not be deleted or stop being one). */
export async function promotionHasBanner(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: banners.id })
    .from(banners)
    .where(and(eq(banners.linkageType, 'PROMOTION'), eq(banners.linkage, String(id))))
    .limit(1);
  return rows.length > 0;
}
