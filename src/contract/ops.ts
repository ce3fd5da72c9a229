import { z } from 'zod';
import { dbIdParamSchema } from './primitives.ts';
import {
  bannerSchema,
  languageSchema,
  moduleNodeSchema,
  noticeSchema,
  announcementTypes,
  linkageTypes,
} from './system.ts';
import { fieldRuleSchema, registerFields } from './validation.ts';

/**
 * The operator API under /ops/: HTTP Basic with operator credentials (never player tokens).
 */
export const opsPaths = {
  system: '/ops/system',
  maintenance: '/ops/system/maintenance',
  region: '/ops/system/region',
  settings: '/ops/system/settings',
  modules: '/ops/modules',
  module: '/ops/modules/:modId',
  validator: '/ops/validators/:field',
  banners: '/ops/banners',
  banner: '/ops/banners/:bannerId',
  announcements: '/ops/announcements',
  announcement: '/ops/announcements/:id',
} as const;

/**
 * The signed-in operator's own authenticator (TOTP, as players have): a right password and a
 * current code in the `X-Ops-OTP` header pass the sign-in locks of the name and the address.
 */
export const opsOperatorPaths = {
  /** GET: whether one is bound; POST `{code}`: confirm the pending one; DELETE `{code}`: unbind. */
  totp: '/ops/operator/totp',
  /** POST: a new secret and its otpauth:// URI, pending until confirmed (refused while bound). */
  totpSetup: '/ops/operator/totp/setup',
} as const;

/**
 * The header of an operator call that carries a current authenticator code beside HTTP Basic.
 * Read only while the name or the address is locked: a right password and a current code pass
 * (once per code) and end those locks.
 */
export const opsOtpHeader = 'x-ops-otp';

export const opsTotpCodeBodySchema = z.object({ code: z.string().regex(/^\d{6}$/) }).strict();

export const maintenanceBodySchema = z.object({
  enabled: z.boolean(),
  /** ISO date-time; required when enabling. */
  endTime: z.iso.datetime({ offset: true }).nullable().optional(),
});

/** CIDR such as 203.0.113.0/24 or 2001:db8::/32; checked on the server with ipaddr.js too. */
export const regionBodySchema = z.object({
  blockedCountries: z.array(z.string().regex(/^[A-Z]{2}$/)).max(250),
  blockedCidrs: z.array(z.string().min(3).max(64)).max(1000),
});

export const opsSystemSchema = z.object({
  maintenance: z.object({ enabled: z.boolean(), endTime: z.string().nullable() }),
  region: regionBodySchema,
  settings: z.object({
    currencySymbol: z.string(),
    /** The site's ISO 4217 code: read-only here (wallets are kept per currency). */
    currencyCode: z.string(),
    languages: z.array(languageSchema),
    defaultLanguage: languageSchema,
    captchaEnabled: z.boolean(),
  }),
});

export const settingsBodySchema = z
  .object({
    currencySymbol: z.string().min(1).max(8),
    languages: z.array(languageSchema).min(1),
    defaultLanguage: languageSchema,
    captchaEnabled: z.boolean(),
  })
  .partial();

export const moduleBodySchema = z.object({ enabled: z.boolean() });
export const moduleParamsSchema = z.object({ modId: z.string().min(1).max(64) });
export const modulesSchema = z.array(moduleNodeSchema);

export const validatorParamsSchema = z.object({ field: z.enum(registerFields) });
export const validatorBodySchema = fieldRuleSchema;

/** Texts per language; the site's default language is required. */
export const localizedTextSchema = z.object({
  hi: z.string().min(1).max(5000),
  en: z.string().max(5000).optional(),
  bn: z.string().max(5000).optional(),
});

export const bannerBodySchema = z.object({
  url: z.string().min(1).max(500),
  groupName: z.string().min(1).max(32),
  linkageType: z.enum(linkageTypes),
  linkage: z.string().max(500).nullable(),
  title: z.string().min(1).max(200),
  /** Optional per-language titles; without them `title` is shown in every language. */
  titles: localizedTextSchema.optional(),
  sortOrder: z.number().int().min(0).max(10_000),
});
export const bannerParamsSchema = z.object({ bannerId: dbIdParamSchema });
export const opsBannerSchema = bannerSchema;

export const announcementBodySchema = z.object({
  title: localizedTextSchema,
  content: localizedTextSchema,
  type: z.enum(announcementTypes),
  popup: z.boolean(),
  publishedAt: z.iso.datetime({ offset: true }).optional(),
});
export const announcementParamsSchema = z.object({ id: dbIdParamSchema });
export const opsNoticeSchema = noticeSchema;
