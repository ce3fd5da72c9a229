import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Language } from '../../../contract/constants.ts';
import type {
  Banner,
  GameVendorLanes,
  ModuleNode,
  Notice,
  Permission,
  Resource,
  SystemStatus,
  announcementListSchema,
  announcementTypes,
  countryCodeSchema,
  domainRouteSchema,
  registerSettingSchema,
} from '../../../contract/system.ts';
import type { RegisterValidators } from '../../../contract/validation.ts';
import type { MoneyGrouping } from '../../../contract/money.ts';
import { pick } from './localized.ts';
import {
  getSettings,
  listCountries,
  listDomainRoutes,
  listResources,
  type SettingsRow,
} from './settings.repository.ts';
import { listModules, type ModuleRow } from './modules.repository.ts';
import { listValidators } from './validators.repository.ts';
import { listBanners, type BannerRow } from './banners.repository.ts';
import { listAnnouncements, type AnnouncementRow } from './announcements.repository.ts';
import { listVendorLanes, listVendors } from './vendors.repository.ts';
import { ipInRanges } from '../../platform/http/region.ts';
import type { ClientInfo } from '../../platform/http/request-context.ts';
import type { SiteCache } from './site-cache.ts';
import { jsonTemplate, type JsonTemplate } from '../../platform/http/json-template.ts';
import { ok } from '../../platform/http/responses.ts';

/** Who is asking: the client IP (behind a trusted proxy only) and its country when known. */
type AnnouncementType = (typeof announcementTypes)[number];

export function buildModuleTree(rows: readonly ModuleRow[]): ModuleNode[] {
  const childrenOf = (parentId: string | null): ModuleNode[] =>
    rows
      .filter((row) => row.parentId === parentId)
      .map((row) => ({
        modId: row.modId,
        enabled: row.enabled ? '1' : '0',
        childrenNodes: childrenOf(row.modId),
      }));
  return childrenOf(null);
}

export function toBanner(row: BannerRow, language: Language): Banner {
  return {
    bannerId: row.id,
    url: row.url,
    groupName: row.groupName,
    linkageType: row.linkageType,
    linkage: row.linkage,
    title: pick(row.title, language),
    sortOrder: row.sortOrder,
  };
}

export function toNotice(row: AnnouncementRow, language: Language): Notice {
  return {
    id: row.id,
    title: pick(row.title, language),
    content: pick(row.content, language),
    type: row.type,
    popup: row.popup,
    publishedAt: row.publishedAt.toISOString(),
  };
}

/** 1 maintenance (wins), 2 region restricted, else 0. */
export function decideStatus(settings: SettingsRow, client: ClientInfo): SystemStatus {
  if (settings.maintenanceEnabled) {
    return {
      status: 1,
      endTime: settings.maintenanceEndTime?.toISOString() ?? null,
      ip: client.ip,
    };
  }
  return { status: isRegionBlocked(settings, client) ? 2 : 0, endTime: null, ip: client.ip };
}

export function isRegionBlocked(settings: SettingsRow, client: ClientInfo): boolean {
  if (ipInRanges(client.ip, settings.blockedCidrs)) return true;
  return client.country !== null && settings.blockedCountries.includes(client.country);
}

/** The parts of the bootstrap payload that depend on who asks. */
function clientPartsOf(
  settings: SettingsRow,
  client: ClientInfo,
): Pick<Permission, 'location' | 'regionRestriction'> {
  return {
    location: { ip: client.ip, country: client.country },
    regionRestriction: { restricted: isRegionBlocked(settings, client), ip: client.ip },
  };
}

function toValidators(rows: Awaited<ReturnType<typeof listValidators>>): RegisterValidators {
  return Object.fromEntries(rows.map(({ field, ...rule }) => [field, rule])) as RegisterValidators;
}

const toResource = (row: Awaited<ReturnType<typeof listResources>>[number]): Resource => ({
  resourceType: row.resourceType,
  url: row.url,
  qrCodeUrl: row.qrCodeUrl,
});

/**
 * `derive` once per input: the site cache hands out the same rows until it reads them again,
 * so what every page load builds from them (the module tree, the validators) is built once per
 * read, not once per request. The results are shared: callers must not change them.
 */
function derivedOnce<I extends object, O>(derive: (input: I) => O): (input: I) => O {
  const built = new WeakMap<I, O>();
  return (input) => {
    if (built.has(input)) return built.get(input) as O;
    const output = derive(input);
    built.set(input, output);
    return output;
  };
}

/** The start-up calls of the site, read from the database. */
export function createSystemService(deps: {
  db: Db;
  cache: SiteCache;
  /** MONEY_GROUPING: how the app groups the digits of amounts. */
  moneyGrouping?: MoneyGrouping;
}) {
  const { db, cache } = deps;
  const moduleTreeOf = derivedOnce(buildModuleTree);
  const validatorsOf = derivedOnce(toValidators);
  const resourcesOf = derivedOnce((rows: Awaited<ReturnType<typeof listResources>>) =>
    rows.map(toResource),
  );
  const read = {
    settings: () => cache.get('settings', () => getSettings(db)),
    modules: () => cache.get('modules', () => listModules(db)),
    validators: () => cache.get('validators', () => listValidators(db)),
    resources: () => cache.get('resources', () => listResources(db)),
    domainRoutes: (device: 0 | 3) =>
      cache.get(`domainRoutes:${device}`, () => listDomainRoutes(db, device)),
    countries: () => cache.get('countries', () => listCountries(db)),
    banners: () => cache.get('banners', () => listBanners(db)),
    announcements: (types: readonly AnnouncementType[]) =>
      cache.get(`announcements:${[...types].sort().join(',')}`, () => listAnnouncements(db, types)),
    vendorLanes: () => cache.get('vendorLanes', () => listVendorLanes(db)),
    vendors: () => cache.get('vendors', () => listVendors(db)),
  };
  const permissionInputs = () =>
    Promise.all([
      read.settings(),
      read.modules(),
      read.validators(),
      read.resources(),
      read.domainRoutes(0),
    ]);
  type PermissionInputs = Awaited<ReturnType<typeof permissionInputs>>;
  const permissionOf = (
    [settings, moduleRows, validatorRows, resourceRows, routes]: PermissionInputs,
    client: ClientInfo,
  ): Permission => {
    const { location, regionRestriction } = clientPartsOf(settings, client);
    return {
      modules: moduleTreeOf(moduleRows),
      validators: validatorsOf(validatorRows),
      resources: resourcesOf(resourceRows),
      customerService: {
        liveChatUrl: settings.liveChatUrl,
        vipServiceUrl: settings.vipServiceUrl,
      },
      analytics: { gtagId: settings.gtagId },
      domainRoute: routes.map((route) => ({ domain: route.domain, speed: 0 })),
      imageCDNs: settings.imageCdns,
      launchGameCDNs: settings.launchGameCdns,
      location,
      maintenance: {
        enabled: settings.maintenanceEnabled,
        endTime: settings.maintenanceEndTime?.toISOString() ?? null,
      },
      regionRestriction,
      settings: {
        merchantCode: settings.merchantCode,
        siteName: settings.siteName,
        currencySymbol: settings.currencySymbol,
        currencyCode: settings.currencyCode,
        languages: settings.languages,
        defaultLanguage: settings.defaultLanguage,
        captchaEnabled: settings.captchaEnabled,
        moneyGrouping: deps.moneyGrouping ?? 'thousands',
      },
    };
  };
  let template:
    | {
        inputs: PermissionInputs;
        bytes: JsonTemplate<[Permission['location'], Permission['regionRestriction']]>;
      }
    | undefined;
  return {
    async status(client: ClientInfo): Promise<SystemStatus> {
      return decideStatus(await read.settings(), client);
    },

    async permission(client: ClientInfo): Promise<Permission> {
      return permissionOf(await permissionInputs(), client);
    },

    /**
     * The bootstrap reply's bytes (the success envelope around `permission`): everything but
     * the caller's location and region check is serialised once per read of the site
     * configuration (platform/http/json-template.ts) and reused until the site cache reads it
     * again (an operator's change clears it; other nodes read again within its TTL).
     */
    async permissionReply(client: ClientInfo): Promise<Buffer> {
      const inputs = await permissionInputs();
      if (!template || template.inputs.some((input, index) => input !== inputs[index])) {
        template = {
          inputs,
          bytes: jsonTemplate(
            (
              location: Permission['location'],
              regionRestriction: Permission['regionRestriction'],
            ) => ok({ ...permissionOf(inputs, client), location, regionRestriction }),
            2,
          ),
        };
      }
      const { location, regionRestriction } = clientPartsOf(inputs[0], client);
      return template.bytes.fill(location, regionRestriction);
    },

    /**
     * Whether the site is in maintenance (the operator's switch): no new sessions, launches,
     * bets or transfers; settlement and the operator's own calls go on. Read from the site
     * cache, so every money route may ask it on every call.
     */
    async inMaintenance(): Promise<boolean> {
      return (await read.settings()).maintenanceEnabled;
    },

    async whitelabel(): Promise<ModuleNode[]> {
      return moduleTreeOf(await read.modules());
    },

    async registerSetting(): Promise<z.infer<typeof registerSettingSchema>> {
      const [settings, rows] = await Promise.all([read.settings(), read.validators()]);
      return { validators: validatorsOf(rows), captchaEnabled: settings.captchaEnabled };
    },

    async domainRoute(device: 0 | 3): Promise<z.infer<typeof domainRouteSchema>> {
      const [routes, resourceRows] = await Promise.all([
        read.domainRoutes(device),
        read.resources(),
      ]);
      return {
        domainList: routes.map((route) => ({ domain: route.domain, speed: 0 })),
        resources: resourceRows.map(toResource),
      };
    },

    async banners(language: Language): Promise<Banner[]> {
      return (await read.banners()).map((row) => toBanner(row, language));
    },

    async countryCode(client: ClientInfo): Promise<z.infer<typeof countryCodeSchema>> {
      const [settings, rows] = await Promise.all([read.settings(), read.countries()]);
      return {
        current: client.country ?? settings.defaultCountry,
        list: rows.map(({ code, dialingCode, name }) => ({ code, dialingCode, name })),
      };
    },

    /** Notices of the asked types: all of them, the pop-up ones, and the promotions. */
    async announcements(
      types: readonly AnnouncementType[],
      language: Language,
    ): Promise<z.infer<typeof announcementListSchema>> {
      const rows = await read.announcements(types);
      const list = rows.map((row) => toNotice(row, language));
      return {
        list,
        popup: list.filter((notice) => notice.popup),
        promotion: list.filter((notice) => notice.type === 'PR'),
      };
    },

    async gameVendor(): Promise<GameVendorLanes> {
      const [lanes, rows] = await Promise.all([read.vendorLanes(), read.vendors()]);
      return {
        lanes: lanes.map((lane) => ({
          title: lane.gameType,
          gameClassify: lane.gameClassify,
          cards: rows
            .filter((vendor) => vendor.gameType === lane.gameType)
            .map((vendor) => ({
              accountTypeId: vendor.accountTypeId,
              vassalage: vendor.vassalage,
              gameType: vendor.gameType,
              displayName: vendor.displayName,
              isHot: vendor.isHot,
              logo: vendor.logo,
            })),
        })),
      };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
