import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language } from '../../../contract/constants.ts';
import type { resourceTypes } from '../../../contract/system.ts';

/** The site's one settings row (id 1): status switches, region rules, brand and channels. */
export const systemSettings = pgTable('system_settings', {
  id: integer('id').primaryKey(),
  maintenanceEnabled: boolean('maintenance_enabled').notNull().default(false),
  maintenanceEndTime: timestamp('maintenance_end_time', { withTimezone: true }),
  blockedCountries: jsonb('blocked_countries').$type<string[]>().notNull().default([]),
  blockedCidrs: jsonb('blocked_cidrs').$type<string[]>().notNull().default([]),
  currencySymbol: text('currency_symbol').notNull().default('P'),
  /**
   * ISO 4217 code of the site's money: the ledger's wallets, payment channels and every amount
   * the API names. Set when the site is made (read at start); its wallets are kept per currency.
   */
  currencyCode: text('currency_code').notNull().default('PHP'),
  languages: jsonb('languages').$type<Language[]>().notNull(),
  defaultLanguage: text('default_language').$type<Language>().notNull().default('hi'),
  captchaEnabled: boolean('captcha_enabled').notNull().default(true),
  merchantCode: text('merchant_code').notNull(),
  siteName: text('site_name').notNull(),
  /** The ISO country shown when no trusted proxy tells the visitor's. */
  defaultCountry: text('default_country').notNull().default('IN'),
  gtagId: text('gtag_id'),
  imageCdns: jsonb('image_cdns').$type<string[]>().notNull().default([]),
  launchGameCdns: jsonb('launch_game_cdns').$type<string[]>().notNull().default([]),
  liveChatUrl: text('live_chat_url'),
  vipServiceUrl: text('vip_service_url'),
  /** Merchant wallet mode (GCS_merchantWallet value.isSingle): one wallet for every game. */
  singleWallet: boolean('single_wallet').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Customer-service channels (live chat, Facebook, Telegram, VIP service). */
export const resources = pgTable('resources', {
  id: serial('id').primaryKey(),
  resourceType: text('resource_type').$type<(typeof resourceTypes)[number]>().notNull(),
  url: text('url').notNull(),
  qrCodeUrl: text('qr_code_url'),
  sort: integer('sort').notNull().default(0),
});

/** Domains the app may route to, per device (0 desktop web, 3 mobile web). */
export const domainRoutes = pgTable('domain_routes', {
  id: serial('id').primaryKey(),
  device: integer('device').notNull(),
  domain: text('domain').notNull(),
  sort: integer('sort').notNull().default(0),
});
