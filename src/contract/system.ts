// zod/mini: the start-up calls (status, permission, banners, notices, vendors) are read with
// these schemas on the first page, which carries no zod classic (issue 12).
import * as z from 'zod/mini';
import { registerValidatorsSchema } from './validation.ts';
import { gameCategories } from './routes.ts';
import { languages } from './constants.ts';
import { moneyGroupings } from './money.ts';

/** API paths of the system area (spec section 7); where the spec shows none, ours in its style. */
export const systemPaths = {
  status: '/wps/system/status',
  /** The permission/bootstrap call; the spec does not show its path. */
  permission: '/wps/system/permission',
  whitelabel: '/wps/system/whitelabel',
  registerSetting: '/wps/system/setting/register',
  domainRoute: '/wps/system/domainRoute',
  helpCenter: '/wps/system/helpCenter',
  publicKey: '/wps/system/publicKey',
  banner: '/wps/system/banner',
  countryCode: '/wps/system/countryCode',
  captcha: '/wps/captcha',
  announcements: '/wps/relay/MCSFE_getListAnnouncements',
  gameVendor: '/wps/relay/GCSGAME_newGameVendor',
  language: '/wps/member/language',
} as const;

export const languageSchema = z.enum(languages);

/** 0 normal, 1 maintenance, 2 region restricted; maintenance wins. */
export const systemStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** ISO date-time the maintenance ends; null when none is set or not in maintenance. */
  endTime: z.nullable(z.string()),
  /** The visitor IP as the server sees it (behind a trusted proxy only). */
  ip: z.string(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** Module flags of the white-label tree the app reads. */
export const moduleIds = {
  register: 'REGISTER',
  directRegistration: 'DIRECTREG',
  usernameRegistration: 'USERNAMEREG3',
  mobileRegistration: 'MOBILENUMREG3',
  mobileWithPassword: 'MOBILENUMPASSREG3',
  registerSmsVerification: 'REGMOBVERF3',
  login: 'LOGIN',
  loginBeforeHome: 'LOGINFIRST',
  smsLogin: 'SMSLOGIN',
  freePlay: 'FREEPLAY',
  forcePasswordChange: 'FORCEPWD',
  passwordExpiry: 'PWDEXPIRY',
  forgetByMobile: 'FORGETMOBILE',
  facebookLogin: 'FACEBOOKLOGIN',
  googleLogin: 'GOOGLELOGIN',
  member: 'MEMBER',
  toUpline: 'TOUPLINE',
  pointMall: 'POINTMALL',
  vip: 'VIP',
  agent: 'AGENT',
  enableCt: 'enableCt',
  salary: 'salary',
  hourSalary: 'hourSalary',
  agentRealtimeSalary: 'agentRealtimeSalary',
  games: 'GAMES',
} as const;

export type ModuleNode = {
  modId: string;
  /** '1' on, '0' off. */
  enabled: '1' | '0';
  childrenNodes: ModuleNode[];
};
// Recursive, so it carries an id: the OpenAPI document names it once in its components and
// refers to it there (an anonymous recursive schema became a reference to nothing).
export const moduleNodeSchema: z.ZodMiniType<ModuleNode> = z
  .lazy(() =>
    z.object({
      modId: z.string(),
      enabled: z.enum(['1', '0']),
      childrenNodes: z.array(moduleNodeSchema),
    }),
  )
  .register(z.globalRegistry, { id: 'ModuleNode' });

/** True when the module and every ancestor are on. */
export function isModuleEnabled(tree: readonly ModuleNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.enabled !== '1') continue;
    if (node.modId === modId) return true;
    if (isModuleEnabled(node.childrenNodes, modId)) return true;
  }
  return false;
}

export const resourceTypes = ['LIVECHAT', 'FACEBOOK', 'TELEGRAM', 'VIPSERVICE'] as const;
export const resourceSchema = z.object({
  resourceType: z.enum(resourceTypes),
  url: z.string(),
  qrCodeUrl: z.nullable(z.string()),
});
export type Resource = z.infer<typeof resourceSchema>;

export const domainRouteItemSchema = z.object({ domain: z.string(), speed: z.number() });

export const siteSettingsSchema = z.object({
  merchantCode: z.string(),
  siteName: z.string(),
  /** What amounts show for the currency (₹); shown with `currencyCode`'s placement. */
  currencySymbol: z.string(),
  /** ISO 4217 code of the site's money (INR). */
  currencyCode: z.string(),
  /** Active languages, from configuration. */
  languages: z.array(languageSchema).check(z.minLength(1)),
  defaultLanguage: languageSchema,
  captchaEnabled: z.boolean(),
  /**
   * How amounts group their digits: `thousands` (1,234,567.89, the spec's thousands commas) or
   * `locale` (the page locale's own: 12,34,567.89 in hi-IN, en-IN and bn-IN).
   */
  moneyGrouping: z.enum(moneyGroupings),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const permissionSchema = z.object({
  modules: z.array(moduleNodeSchema),
  validators: registerValidatorsSchema,
  resources: z.array(resourceSchema),
  customerService: z.object({
    liveChatUrl: z.nullable(z.string()),
    vipServiceUrl: z.nullable(z.string()),
  }),
  analytics: z.object({ gtagId: z.nullable(z.string()) }),
  domainRoute: z.array(domainRouteItemSchema),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  location: z.object({ ip: z.string(), country: z.nullable(z.string()) }),
  maintenance: z.object({ enabled: z.boolean(), endTime: z.nullable(z.string()) }),
  regionRestriction: z.object({ restricted: z.boolean(), ip: z.string() }),
  settings: siteSettingsSchema,
});
export type Permission = z.infer<typeof permissionSchema>;
export const permissionQuerySchema = z.object({
  host: z.string().check(z.minLength(1), z.maxLength(253)),
});

export const registerSettingSchema = z.object({
  validators: registerValidatorsSchema,
  captchaEnabled: z.boolean(),
});

export const domainRouteQuerySchema = z.object({
  device: z.pipe(z.coerce.number(), z.union([z.literal(0), z.literal(3)])),
});
export const domainRouteSchema = z.object({
  domainList: z.array(domainRouteItemSchema),
  resources: z.array(resourceSchema),
});

export const languageQuerySchema = z.object({ language: z.optional(languageSchema) });

export const helpArticleSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
});
export const helpSectionSchema = z.object({
  /** Anchor of the section, e.g. 'terms' for /help#terms. */
  key: z.string(),
  title: z.string(),
  articles: z.array(helpArticleSchema),
});
export const helpCenterSchema = z.object({ sections: z.array(helpSectionSchema) });
export type HelpCenter = z.infer<typeof helpCenterSchema>;

/** JWK of the server's RSA-OAEP-256 key for 'enc' payloads. */
export const publicKeySchema = z.object({
  kty: z.literal('RSA'),
  n: z.string(),
  e: z.string(),
  alg: z.literal('RSA-OAEP-256'),
  use: z.literal('enc'),
  kid: z.string(),
});

export const linkageTypes = ['NONE', 'ROUTE', 'URL', 'PROMOTION', 'GAME'] as const;
export const bannerSchema = z.object({
  bannerId: z.number().check(z.int()),
  url: z.string(),
  groupName: z.string(),
  linkageType: z.enum(linkageTypes),
  /** Route path, external URL, promotion id or game code, as linkageType says. */
  linkage: z.nullable(z.string()),
  title: z.string(),
  sortOrder: z.number().check(z.int()),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerListSchema = z.array(bannerSchema);

export const countrySchema = z.object({
  code: z.string(),
  dialingCode: z.string(),
  name: z.string(),
});
export const countryCodeSchema = z.object({
  /** The visitor's country when a trusted proxy tells it, else the site default. */
  current: z.string(),
  list: z.array(countrySchema),
});

/** Captcha: the value is a base64 PNG (no data: prefix). */
export const captchaSchema = z.string();

export const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const announcementQuerySchema = z.object({
  types: z._default(z.string().check(z.regex(/^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H))*$/)), 'B'),
  platform: z._default(z.literal('W'), 'W'),
  execution: z._default(z.enum(announcementTypes), 'B'),
  language: z.optional(languageSchema),
});
export const noticeSchema = z.object({
  id: z.number().check(z.int()),
  title: z.string(),
  content: z.string(),
  type: z.enum(announcementTypes),
  popup: z.boolean(),
  publishedAt: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;
export const announcementListSchema = z.object({
  list: z.array(noticeSchema),
  popup: z.array(noticeSchema),
  promotion: z.array(noticeSchema),
});

export const vendorSchema = z.object({
  accountTypeId: z.number().check(z.int()),
  vassalage: z.string(),
  gameType: z.enum(gameCategories),
  displayName: z.string(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  logo: z.string(),
});
export type Vendor = z.infer<typeof vendorSchema>;
export const vendorLaneSchema = z.object({
  title: z.enum(gameCategories),
  cards: z.array(vendorSchema),
  gameClassify: z.array(z.string()),
});
export const gameVendorSchema = z.object({ lanes: z.array(vendorLaneSchema) });
export type GameVendorLanes = z.infer<typeof gameVendorSchema>;

export const updateLanguageBodySchema = z.object({ language: languageSchema });
