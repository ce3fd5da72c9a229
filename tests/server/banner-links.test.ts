import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { opsPaths } from '../../src/contract/ops.ts';
import {
  announcementListSchema,
  bannerListSchema,
  permissionSchema,
  systemPaths,
} from '../../src/contract/system.ts';
import {
  bannerLinkageProblem,
  repairSeededLinks,
} from '../../src/server/areas/system/banner-links.ts';
import { banners } from '../../src/server/areas/system/banners.schema.ts';
import { resources } from '../../src/server/areas/system/settings.schema.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';

const site = testSite();

const publicBanners = async () =>
  bannerListSchema.parse((await call(site.app, { url: systemPaths.banner })).body.value);
const promotions = async () =>
  announcementListSchema.parse(
    (await call(site.app, { url: `${systemPaths.announcements}?types=PR` })).body.value,
  ).promotion;

describe('banner links', () => {
  it('every seeded banner leads somewhere real; PROMOTION banners name a listed promotion', async () => {
    const list = await publicBanners();
    expect(list.length).toBeGreaterThan(0);
    for (const banner of list) {
      expect(await bannerLinkageProblem(site.database.db, banner), banner.title).toBeNull();
    }
    const promotionIds = (await promotions()).map((p) => String(p.id));
    const linked = list.filter((b) => b.linkageType === 'PROMOTION');
    expect(linked.length).toBeGreaterThan(0);
    for (const banner of linked) expect(promotionIds).toContain(banner.linkage);
    // The home banner's PLAY NOW: the welcome bonus.
    const home = list
      .filter((b) => b.groupName === 'home')
      .sort((a, b) => a.sortOrder - b.sortOrder);
    expect(home[0]).toMatchObject({ linkageType: 'PROMOTION' });
    const welcome = (await promotions()).find((p) => String(p.id) === home[0]?.linkage);
    expect(welcome?.title).toMatch(/100%/);
  });

  it("the chat, social and domain addresses of the bootstrap payload are the site's own brand", async () => {
    const permission = permissionSchema.parse(
      (await call(site.app, { url: `${systemPaths.permission}?host=site.test` })).body.value,
    );
    const brand = permission.settings.siteName.toLowerCase();
    expect(brand).toBe('rajwin');
    const addresses = [
      permission.customerService.liveChatUrl,
      permission.customerService.vipServiceUrl,
      ...permission.resources.map((r) => r.url),
      ...permission.domainRoute.map((r) => r.domain),
    ];
    expect(addresses.length).toBeGreaterThan(4);
    for (const address of addresses) expect(address).toContain(brand);
  });

  it('an operator cannot save a banner that leads nowhere (translated 400)', async () => {
    const [promotion] = await promotions();
    const save = (linkageType: string, linkage: string | null, language = 'en') =>
      call(site.app, {
        method: 'POST',
        url: opsPaths.banners,
        headers: { ...opsHeaders, 'accept-language': language },
        payload: {
          url: '/media/banners/home-1.svg',
          groupName: 'home',
          linkageType,
          linkage,
          title: 'Link check',
          sortOrder: 50,
        },
      });
    for (const [type, linkage] of [
      ['PROMOTION', 'welcome-bonus'],
      ['PROMOTION', '999999'],
      ['ROUTE', '/no-such-page'],
      ['ROUTE', 'promotions'],
      ['URL', 'https://chat.other-brand.example/live'],
      ['URL', 'javascript:alert(1)'],
      ['GAME', ''],
    ] as const) {
      const reply = await save(type, linkage);
      expect(reply.status, `${type} ${linkage}`).toBe(400);
      expect(reply.body.message).toContain('does not lead');
    }
    const hindi = await save('ROUTE', '/nowhere', 'hi');
    expect(hindi.status).toBe(400);
    expect(hindi.body.message).toMatch(/[\u0900-\u097F]/);

    for (const [type, linkage] of [
      ['PROMOTION', String(promotion?.id)],
      ['ROUTE', '/promotions'],
      ['ROUTE', '/rng?page=hot'],
      ['URL', 'https://chat.rajwin.example/live'],
      ['NONE', null],
    ] as const) {
      expect((await save(type, linkage)).status, `${type} ${linkage}`).toBe(200);
    }
    // Replacing one is held to the same rule.
    const id = (await publicBanners()).find((b) => b.title === 'Link check')?.bannerId ?? 0;
    const replaced = await call(site.app, {
      method: 'PUT',
      url: opsPaths.banner.replace(':bannerId', String(id)),
      headers: opsHeaders,
      payload: {
        url: '/media/banners/home-1.svg',
        groupName: 'home',
        linkageType: 'PROMOTION',
        linkage: 'live-cashback',
        title: 'Link check',
        sortOrder: 50,
      },
    });
    expect(replaced.status).toBe(400);
  });

  it('a promotion a banner leads to cannot be deleted or made another type (translated 400)', async () => {
    const home = (await publicBanners()).find(
      (b) => b.groupName === 'home' && b.linkageType === 'PROMOTION',
    );
    const id = home?.linkage ?? '0';
    const path = opsPaths.announcement.replace(':id', id);
    const removed = await call(site.app, {
      method: 'DELETE',
      url: path,
      headers: { ...opsHeaders, 'accept-language': 'hi' },
    });
    expect(removed.status).toBe(400);
    // In the staff's language: Hindi asked (the staff screens speak English and Hindi).
    expect(removed.body.message).toMatch(/[\u0900-\u097F]/);
    const retyped = await call(site.app, {
      method: 'PUT',
      url: path,
      headers: opsHeaders,
      payload: {
        title: { hi: 'सूचना' },
        content: { hi: 'सामग्री' },
        type: 'B',
        popup: false,
      },
    });
    expect(retyped.status).toBe(400);
    expect((await promotions()).map((p) => String(p.id))).toContain(id);
  });

  it('a site seeded before gets its brand addresses and promotion banners repaired', async () => {
    const db = site.database.db;
    const [old] = await db
      .insert(banners)
      .values([
        {
          url: '/media/banners/home-1.svg',
          groupName: 'home',
          linkageType: 'PROMOTION',
          linkage: 'welcome-bonus',
          title: { hi: 'पुराना', en: 'Old' },
          sortOrder: 90,
        },
      ])
      .returning();
    const [cs] = await db
      .insert(resources)
      .values({ resourceType: 'TELEGRAM', url: 'https://t.me/mayurplay_example', sort: 9 })
      .returning();
    await repairSeededLinks(db);
    const [banner] = await db
      .select()
      .from(banners)
      .where(eq(banners.id, old?.id ?? 0));
    expect(
      await bannerLinkageProblem(db, { ...banner!, linkageType: banner!.linkageType }),
    ).toBeNull();
    const [resource] = await db
      .select()
      .from(resources)
      .where(eq(resources.id, cs?.id ?? 0));
    expect(resource?.url).toBe('https://t.me/rajwin_example');
  });
});
