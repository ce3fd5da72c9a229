import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '../../src/contract/envelope.ts';
import {
  announcementListSchema,
  bannerListSchema,
  countryCodeSchema,
  domainRouteSchema,
  gameVendorSchema,
  helpCenterSchema,
  isModuleEnabled,
  moduleIds,
  moduleNodeSchema,
  permissionSchema,
  publicKeySchema,
  registerSettingSchema,
  systemPaths,
  systemStatusSchema,
  type ModuleNode,
} from '../../src/contract/system.ts';
import { bannerGroups, gameCategories } from '../../src/contract/routes.ts';
import { registerFields } from '../../src/contract/validation.ts';
import { testSite } from '../support/server.ts';

const site = testSite();

/** GETs a call and parses its envelope with the contract schema. */
async function read<T extends z.core.$ZodType>(url: string, schema: T, language = 'hi') {
  const reply = await site.app.inject({ url, headers: { 'accept-language': language } });
  expect(reply.statusCode).toBe(200);
  const body = envelopeOf(schema).parse(reply.json());
  expect(body.success).toBe(true);
  return body.value as z.infer<T>;
}

const allIds = (nodes: ModuleNode[]): string[] =>
  nodes.flatMap((node) => [node.modId, ...allIds(node.childrenNodes)]);

describe('start-up calls answered from the database', () => {
  it('status is normal with the client ip', async () => {
    const status = await read(systemPaths.status, systemStatusSchema);
    expect(status).toEqual({ status: 0, endTime: null, ip: '127.0.0.1' });
  });

  it('permission carries the whole bootstrap payload', async () => {
    const permission = await read(
      `${systemPaths.permission}?host=www.example.test`,
      permissionSchema,
    );
    expect(allIds(permission.modules)).toEqual(expect.arrayContaining(Object.values(moduleIds)));
    expect(Object.keys(permission.validators).sort()).toEqual([...registerFields].sort());
    expect(permission.resources.map((r) => r.resourceType)).toEqual(
      expect.arrayContaining(['LIVECHAT', 'FACEBOOK', 'TELEGRAM']),
    );
    expect(permission.customerService.liveChatUrl).toMatch(/^https:\/\//);
    expect(permission.location.ip).toBe('127.0.0.1');
    expect(permission.maintenance.enabled).toBe(false);
    expect(permission.regionRestriction).toEqual({ restricted: false, ip: '127.0.0.1' });
    // The demo site is Indian: rupees, shown with the rupee sign.
    expect(permission.settings).toMatchObject({ currencySymbol: '₹', currencyCode: 'INR' });
    // Amounts group in thousands (spec section 9) unless MONEY_GROUPING says the locale's way.
    expect(permission.settings.moneyGrouping).toBe('thousands');
    expect(permission.settings.defaultLanguage).toBe('hi');
  });

  it('permission needs the host', async () => {
    const reply = await site.app.inject({ url: systemPaths.permission });
    expect(reply.statusCode).toBe(400);
  });

  it('whitelabel is the module tree with every flag; login-before-home is off', async () => {
    const tree = await read(systemPaths.whitelabel, z.array(moduleNodeSchema));
    expect(allIds(tree)).toEqual(
      expect.arrayContaining([...Object.values(moduleIds), ...gameCategories]),
    );
    expect(isModuleEnabled(tree, moduleIds.loginBeforeHome)).toBe(false);
    expect(isModuleEnabled(tree, moduleIds.directRegistration)).toBe(true);
  });

  it('register settings give a rule for every field', async () => {
    const setting = await read(systemPaths.registerSetting, registerSettingSchema);
    expect(Object.keys(setting.validators).sort()).toEqual([...registerFields].sort());
    expect(setting.validators.username).toMatchObject({
      patternId: 'letterFirstAlnum',
      minLength: 6,
      maxLength: 16,
      required: true,
    });
    expect(setting.validators.mobileNum).toMatchObject({ patternId: 'digitsOnly', minLength: 10 });
  });

  it('domain routes answer for device 0 and 3', async () => {
    for (const device of [0, 3]) {
      const routes = await read(`${systemPaths.domainRoute}?device=${device}`, domainRouteSchema);
      expect(routes.domainList.length).toBeGreaterThan(0);
      expect(routes.domainList.every((item) => item.speed === 0)).toBe(true);
    }
  });

  it('help center has the sections in each language', async () => {
    const hi = await read(systemPaths.helpCenter, helpCenterSchema, 'hi');
    const en = await read(`${systemPaths.helpCenter}?language=en`, helpCenterSchema);
    const bn = await read(systemPaths.helpCenter, helpCenterSchema, 'bn');
    const keys = hi.sections.map((section) => section.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'terms',
        'faq',
        'deposit',
        'withdrawal',
        'responsible',
        'privacy',
        'guide',
      ]),
    );
    for (const center of [hi, en, bn]) {
      for (const section of center.sections) {
        expect(section.articles.length).toBeGreaterThanOrEqual(2);
        expect(section.articles.length).toBeLessThanOrEqual(5);
      }
    }
    expect(en.sections[0]?.title).toBe('Terms and conditions');
    expect(hi.sections[0]?.title).not.toBe(en.sections[0]?.title);
    expect(bn.sections[0]?.title).not.toBe(en.sections[0]?.title);
  });

  it('public key is an RSA-OAEP-256 JWK', async () => {
    const jwk = await read(systemPaths.publicKey, publicKeySchema);
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc' });
  });

  it('banners cover every group with project artwork', async () => {
    const banners = await read(systemPaths.banner, bannerListSchema, 'en');
    for (const group of bannerGroups) {
      const ofGroup = banners.filter((banner) => banner.groupName === group);
      expect(ofGroup.length).toBe(group === 'home' ? 3 : 2);
      ofGroup.forEach((banner, index) => {
        expect(banner.url).toBe(`/media/banners/${group}-${index + 1}.svg`);
      });
    }
    expect(new Set(banners.map((b) => b.linkageType))).toEqual(
      new Set(['ROUTE', 'URL', 'PROMOTION', 'NONE']),
    );
    const homeEn = banners.find((b) => b.groupName === 'home')?.title;
    const homeHi = (await read(systemPaths.banner, bannerListSchema, 'hi')).find(
      (b) => b.groupName === 'home',
    )?.title;
    expect(homeEn).not.toBe(homeHi);
  });

  it('country codes start with India', async () => {
    const countries = await read(systemPaths.countryCode, countryCodeSchema);
    expect(countries.current).toBe('IN');
    expect(countries.list[0]).toEqual({ code: 'IN', dialingCode: '91', name: 'India' });
    expect(countries.list.length).toBeGreaterThanOrEqual(15);
  });

  it('announcements give list, popup and promotion', async () => {
    const all = await read(
      `${systemPaths.announcements}?types=B,PL,PU,PR,H&platform=W`,
      announcementListSchema,
    );
    expect(new Set(all.list.map((n) => n.type))).toEqual(new Set(['B', 'PL', 'PU', 'PR', 'H']));
    expect(all.popup.length).toBeGreaterThan(0);
    expect(all.popup.every((n) => n.popup)).toBe(true);
    expect(all.promotion.every((n) => n.type === 'PR')).toBe(true);
    const defaults = await read(systemPaths.announcements, announcementListSchema);
    expect(defaults.list.every((n) => n.type === 'B')).toBe(true);
  });

  it('game vendors are the agreed list in lanes', async () => {
    const { lanes } = await read(systemPaths.gameVendor, gameVendorSchema);
    const byLane = Object.fromEntries(
      lanes.map((lane) => [lane.title, lane.cards.map((c) => `${c.vassalage}:${c.isHot}`)]),
    );
    expect(byLane.LIVE).toEqual(['AURALIVE:1', 'LOTUSLIVE:0', 'MERIDIANLIVE:0', 'TIGERLIVE:1']);
    expect(byLane.SPORTS).toEqual(['PRIMESPORT:1', 'FB:1', 'CRICKETX:0']);
    expect(byLane.COCKFIGHT).toEqual(['SABONGLIVE:1']);
    // 12 demo vendors, then the built-in game provider (added by the games area).
    expect(byLane.RNG).toHaveLength(13);
    expect(byLane.RNG?.at(-1)).toBe('BUILTIN:1');
    expect(byLane.ELOTT).toEqual(['ELOTT:1', 'TCG_LOTTO_VN:0']);
    expect(byLane.LOTT).toEqual(['LOTT:1', 'TCG_SEA:0']);
    const rng = lanes.find((lane) => lane.title === 'RNG');
    expect(rng?.gameClassify).toEqual(['slots', 'jackpot', 'classic']);
    expect(rng?.cards[0]?.logo).toBe('/media/vendors/STARSLOTS.svg');
  });
});
