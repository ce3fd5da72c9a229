import { randomBytes } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** A single IP or a CIDR range, as Fastify's trustProxy and our own checks take them. */
function isIpOrCidr(entry: string): boolean {
  if (ipaddr.isValid(entry)) return true;
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The operator password of a development start (README); a production start refuses it. */
export const demoOperatorPassword = 'operator-demo';

/** The UPI deposit channel's payee outside production when UPI_PAYEE_VPA is unset (a demo id). */
export const demoUpiPayee = { vpa: 'rajwin@okaxis', name: 'RajWin' } as const;
/** The UPI webhook's secret outside production when UPI_WEBHOOK_SECRET is unset; production refuses it. */
export const devUpiWebhookSecret = 'upi-dev-webhook-secret-not-for-production';

/** A UPI id (VPA): `name@handle`, as NPCI allows them. */
const vpaPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;

const listOf = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

/** DEMO_CATALOG: the demo catalog a fresh database gets (about 10,000 games, or 5 per vendor). */
const demoCatalogSetting = z.enum(['full', 'small']).default('full');

/** DEMO_CATALOG alone: the build makes the seeded template of this catalog (prepare-template.ts). */
export function demoCatalogOf(
  env: Record<string, string | undefined> = process.env,
): z.infer<typeof demoCatalogSetting> {
  const parsed = demoCatalogSetting.safeParse(env.DEMO_CATALOG);
  if (!parsed.success)
    throw new Error(`Invalid configuration:\n  DEMO_CATALOG: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/**
 * A list of 32-byte keys with ids, `id:key,...` (key in base64 or base64url): the first is
 * the one in use, the others are kept for what was made with them (rotation).
 */
const keyListSetting = (name: string) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const keys = listOf(text).map((entry) => {
        const [id = '', material = ''] = entry.split(':');
        return { id, key: Buffer.from(material, 'base64url') };
      });
      const ids = new Set(keys.map((entry) => entry.id));
      if (
        keys.length === 0 ||
        ids.size !== keys.length ||
        !keys.every((entry) => /^[A-Za-z0-9_-]{1,32}$/.test(entry.id) && entry.key.length === 32)
      ) {
        ctx.addIssue({
          code: 'custom',
          message:
            `${name} must be id:key pairs, comma-separated, with distinct ids ` +
            '(letters, digits, _ or -) and 32-byte keys in base64 (openssl rand -base64 32)',
        });
        return z.NEVER;
      }
      return keys;
    });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    STATIC_DIR: z.string().min(1).default('./dist'),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform(listOf)
      .refine((entries) => entries.every(isIpOrCidr), {
        message: 'TRUST_PROXY must be a comma-separated list of IPs or CIDR ranges',
      }),
    COUNTRY_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, 'COUNTRY_HEADER must be a header name')
      .transform((name) => name.toLowerCase())
      .optional(),
    OPS_USERNAME: z.string().min(1).max(64).default('operator'),
    OPS_PASSWORD: z.string().min(1).max(256).optional(),
    SITE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** How amounts group their digits: `thousands` (the spec's 1,234,567.89) or the locale's. */
    MONEY_GROUPING: z.enum(['thousands', 'locale']).default('thousands'),
    DEMO_CATALOG: demoCatalogSetting,
    MEMBER_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(12),
    REALTIME_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** With DATABASE_URL: `postgres` carries events between nodes; `memory` for one node. */
    REALTIME_ADAPTER: z.enum(['postgres', 'memory']).default('postgres'),
    WITHDRAWAL_AUTO_CONFIRM_MINUTES: z.coerce.number().int().min(1).max(43_200).default(1440),
    /** Withdrawal requests a member may make a day (the operator's day); rejected ones free theirs. */
    WITHDRAWAL_DAILY_COUNT: z.coerce.number().int().min(1).max(1000).default(5),
    /** Their total a day, in minor units (default ₹20,00,000.00: two of the largest requests). */
    WITHDRAWAL_DAILY_AMOUNT: z
      .string()
      .regex(/^\d{1,15}$/, 'WITHDRAWAL_DAILY_AMOUNT must be minor units (digits)')
      .transform((text) => BigInt(text))
      .refine((amount) => amount >= 10_000n, 'WITHDRAWAL_DAILY_AMOUNT must be at least 10000')
      .default(200_000_000n),
    /**
     * The real-time wage window: a divisor of 60 seconds, or 1, 3, 5 or 15 minutes (windows then
     * start at multiples of it since the epoch in every time zone, whose offsets are whole
     * quarters of an hour).
     */
    AGENT_REALTIME_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(900)
      .default(300)
      .refine((s) => (s < 60 ? 60 % s === 0 : s % 60 === 0 && 15 % (s / 60) === 0), {
        message: 'a divisor of 60, or 60, 180, 300 or 900 (1, 3, 5 or 15 minutes)',
      }),
    /**
     * How often the loyalty count (points, rebate, VIP) runs: hourly by default; a divisor of a
     * minute or of an hour (e2e servers count every few seconds).
     */
    LOYALTY_COUNT_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(3600)
      .default(3600)
      .refine((s) => (s < 60 ? 60 % s === 0 : s % 60 === 0 && 3600 % s === 0), {
        message: 'a divisor of 60, or of 3600 in whole minutes (60, 300, 900, 3600 ...)',
      }),
    /** How long the scheduler keeps the record of a job's past runs (its latest is kept). */
    JOB_RUNS_RETENTION_HOURS: z.coerce.number().int().min(1).max(87_600).default(72),
    /** The operator's IANA time zone: scheduled periods (days, hours, wage windows) are its. */
    OPERATOR_TIME_ZONE: z
      .string()
      .default('Asia/Kolkata')
      .refine(isTimeZone, { message: 'not an IANA time zone (e.g. Asia/Kolkata)' }),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    // Outside systems: SMS and e-mail (src/server/providers).
    SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
    SMS_HTTP_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMS_HTTP_TOKEN: z.string().min(1).max(4096).optional(),
    SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    SMTP_FROM: z.string().min(3).max(320).default('no-reply@localhost'),
    VERIFICATION_CODE_MINUTES: z.coerce.number().int().min(1).max(10).default(1),
    SMS_CAPTCHA_REQUIRED: z.enum(['true', 'false']).default('false'),
    // Proof of work (altcha) before username login, registration and SMS sends.
    HUMAN_VERIFICATION: z.enum(['on', 'off']).default('on'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** `id:key,...` (key: 32 bytes in base64 or base64url); the first seals, all open. */
    TOTP_ENCRYPTION_KEYS: keyListSetting('TOTP_ENCRYPTION_KEYS'),
    /**
     * `id:key,...` like TOTP_ENCRYPTION_KEYS: the keys the outcome secrets (lottery draw seeds,
     * built-in games' server seeds) are derived under; the first makes new ones, all re-derive.
     */
    OUTCOME_KEYS: keyListSetting('OUTCOME_KEYS'),
    /** Host names the site answers the bootstrap call for (`*.example.com` for subdomains). */
    SITE_DOMAINS: z
      .string()
      .optional()
      .transform((text) => (text === undefined ? undefined : listOf(text.toLowerCase())))
      .refine(
        (entries) => (entries ?? []).every((entry) => /^(\*\.)?[a-z0-9.:[\]-]+$/.test(entry)),
        {
          message:
            'SITE_DOMAINS must be a comma-separated list of host names (*.name for subdomains)',
        },
      ),
    // Social login (OAuth2/OIDC): a provider without a client id is not offered.
    GOOGLE_CLIENT_ID: z.string().min(1).max(512).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).max(512).optional(),
    GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
    FACEBOOK_CLIENT_ID: z.string().min(1).max(512).optional(),
    FACEBOOK_CLIENT_SECRET: z.string().min(1).max(512).optional(),
    FACEBOOK_ISSUER: z.url({ protocol: /^https?$/ }).default('https://www.facebook.com'),
    FACEBOOK_TOKEN_ENDPOINT: z
      .url({ protocol: /^https?$/ })
      .default('https://graph.facebook.com/oauth/access_token'),
    // Deposits: the payment gateway (online channel) and its signed webhook.
    PAYMENT_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
    PAYMENT_GATEWAY_KEY: z.string().min(1).max(4096).optional(),
    PAYMENT_WEBHOOK_SECRET: z.string().min(16).max(4096).optional(),
    PAYMENT_REPLAY_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
    PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    PAYMENT_SANDBOX: z.enum(['on', 'off']).optional(),
    // Deposits by UPI: the site's UPI id and payee name, and the UPI provider's webhook secret.
    UPI_PAYEE_VPA: z
      .string()
      .regex(vpaPattern, { message: 'UPI_PAYEE_VPA must be a UPI id like name@bank' })
      .optional(),
    UPI_PAYEE_NAME: z
      .string()
      .regex(/^[\p{L}\p{N} .&'-]{1,50}$/u, {
        message: "UPI_PAYEE_NAME must be 1 to 50 letters, digits, spaces or . & ' -",
      })
      .optional(),
    UPI_WEBHOOK_SECRET: z.string().min(16).max(4096).optional(),
    /** The built-in game provider's seamless secret; unset: made at the first start, stored. */
    BUILTIN_GAMES_SECRET: z.string().min(32).max(256).optional(),
    /** The wallet's base URL for the built-in provider; unset: this server's own address. */
    BUILTIN_GAMES_WALLET_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Lottery: the results feed of regional draws (unset: results by operator entry only).
    LOTTERY_FEED_URL: z.url({ protocol: /^https?$/ }).optional(),
    LOTTERY_FEED_SECRET: z.string().min(16).max(4096).optional(),
    LOTTERY_FEED_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.OPS_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['OPS_PASSWORD'],
        message: 'OPS_PASSWORD is required in production',
      });
    }
    if (env.NODE_ENV === 'production' && env.OPS_PASSWORD && env.OPS_PASSWORD.length < 12) {
      ctx.addIssue({
        code: 'custom',
        path: ['OPS_PASSWORD'],
        message: 'OPS_PASSWORD must have at least 12 characters in production',
      });
    }
    if (env.NODE_ENV === 'production' && env.OPS_PASSWORD === demoOperatorPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['OPS_PASSWORD'],
        message: 'OPS_PASSWORD must not be the published development password in production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.TOTP_ENCRYPTION_KEYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['TOTP_ENCRYPTION_KEYS'],
        message: 'TOTP_ENCRYPTION_KEYS is required in production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.OUTCOME_KEYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['OUTCOME_KEYS'],
        message: 'OUTCOME_KEYS is required in production',
      });
    }
    if (env.SMS_PROVIDER === 'http' && !env.SMS_HTTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_HTTP_URL'],
        message: 'SMS_HTTP_URL is required when SMS_PROVIDER=http',
      });
    }
    if (env.EMAIL_PROVIDER === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'SMTP_URL is required when EMAIL_PROVIDER=smtp',
      });
    }
    if (env.PAYMENT_GATEWAY_URL && (!env.PAYMENT_GATEWAY_KEY || !env.PAYMENT_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_GATEWAY_URL'],
        message:
          'PAYMENT_GATEWAY_KEY and PAYMENT_WEBHOOK_SECRET are required with PAYMENT_GATEWAY_URL',
      });
    }
    if (env.LOTTERY_FEED_URL && !env.LOTTERY_FEED_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['LOTTERY_FEED_SECRET'],
        message: 'LOTTERY_FEED_SECRET is required with LOTTERY_FEED_URL',
      });
    }
    if (env.NODE_ENV === 'production' && env.UPI_WEBHOOK_SECRET === devUpiWebhookSecret) {
      ctx.addIssue({
        code: 'custom',
        path: ['UPI_WEBHOOK_SECRET'],
        message: 'UPI_WEBHOOK_SECRET must not be the published development secret in production',
      });
    }
    if (env.NODE_ENV === 'production' && env.PAYMENT_SANDBOX === 'on') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_SANDBOX'],
        message: 'the sandbox payment gateway is not allowed in production',
      });
    }
    for (const name of ['GOOGLE', 'FACEBOOK'] as const) {
      if (env[`${name}_CLIENT_ID`] && !env[`${name}_CLIENT_SECRET`]) {
        ctx.addIssue({
          code: 'custom',
          path: [`${name}_CLIENT_SECRET`],
          message: `${name}_CLIENT_SECRET is required when ${name}_CLIENT_ID is set`,
        });
      }
    }
    for (const key of ['GOOGLE_ISSUER', 'FACEBOOK_ISSUER', 'FACEBOOK_TOKEN_ENDPOINT'] as const) {
      if (env.NODE_ENV === 'production' && !env[key].startsWith('https:')) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} must be an https URL in production`,
        });
      }
    }
  });

/**
 * The payment gateway of the online deposit channel: a real one over HTTP, the sandbox this
 * server serves itself under /sandbox/gateway (development and demo), or none (online channels
 * are then not offered).
 */
export type PaymentGatewayConfig =
  | { mode: 'http'; url: string; key: string; webhookSecret: string }
  | { mode: 'sandbox'; key: string; webhookSecret: string };

/**
 * The UPI deposit channel: the site's UPI id and payee name (null: UPI is not offered) and the
 * secret of the UPI provider's signed webhook (null: the webhook is off; operators confirm).
 */
export type UpiConfig = { vpa: string; payeeName: string; webhookSecret: string | null };

/** A social login provider's client at its OpenID Connect issuer. */
export type SocialProviderConfig = {
  clientId: string;
  clientSecret: string;
  issuer: string;
  /** Used when the issuer's discovery document names no token endpoint. */
  fallbackTokenEndpoint: string | null;
};

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** PGlite files live here (DATA_DIR/pglite). */
  pgliteDir: string;
  databaseUrl: string | null;
  staticDir: string;
  /** Trusted proxies (IPs or CIDRs); empty: the socket address is the client. */
  trustProxy: string[];
  /** Header a trusted proxy sets to the visitor's ISO country; null when none. */
  countryHeader: string | null;
  opsUsername: string;
  opsPassword: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** How long a node keeps the site configuration it read; 0 reads it on every call. */
  siteCacheMs: number;
  /** Digit grouping of amounts: thousands (1,234,567.89) or the page locale's (12,34,567.89). */
  moneyGrouping: 'thousands' | 'locale';
  /** The demo games catalog seeded into a fresh database: ~10,000 games, or 5 per vendor. */
  demoCatalog: 'full' | 'small';
  /**
   * How long a node may keep a member's session and balance for the member info and balance
   * calls (every change drops them at once, on every node); 0 keeps nothing.
   */
  memberCacheMs: number;
  /** A player session ends after this long without a call. */
  sessionIdleMinutes: number;
  /** ... and this long after login, whatever happens. */
  sessionMaxHours: number;
  /** How often each node re-checks the sessions of its open sockets (ended ones disconnect). */
  realtimeSweepSeconds: number;
  /** The socket.io adapter between nodes (REALTIME_ADAPTER; only with DATABASE_URL). */
  realtimeAdapter: 'postgres' | 'memory';
  /** A paid withdrawal the player has not confirmed within this time counts as received. */
  withdrawalAutoConfirmMinutes: number;
  /** Withdrawal requests and their total a member may make a day (WITHDRAWAL_DAILY_*). */
  withdrawalDaily: { count: number; amount: bigint };
  /** The real-time wage window in seconds (AGENT_REALTIME_WINDOW_SECONDS, default 300). */
  agentRealtimeWindowSeconds: number;
  /** How often the loyalty count runs (LOYALTY_COUNT_SECONDS, default 3600). */
  loyaltyCountSeconds: number;
  /** IANA zone of the scheduler's periods (OPERATOR_TIME_ZONE). */
  operatorTimeZone: string;
  /** Past job runs older than this are pruned (JOB_RUNS_RETENTION_HOURS, default 72). */
  jobRunsRetentionHours: number;
  sms:
    | { provider: 'outbox' }
    | { provider: 'http'; url: string; token: string | null; timeoutMs: number };
  email: { provider: 'outbox'; from: string } | { provider: 'smtp'; url: string; from: string };
  /** One-time codes live this long (at most 10 minutes); sends may require the captcha. */
  verification: { codeMinutes: number; captchaRequired: boolean };
  /** Proof of work before username login, registration and SMS sends (HUMAN_VERIFICATION). */
  humanVerification: { enabled: boolean };
  /** Base of links in e-mails (password reset); never taken from a request's Host header. */
  publicUrl: string;
  /**
   * Keys of the authenticator secrets at rest (TOTP_ENCRYPTION_KEYS): the first seals, all
   * open. Null outside production when unset: a development key in DATA_DIR is used.
   */
  totpKeys: { id: string; key: Buffer }[] | null;
  /**
   * Keys the outcome secrets are derived under (OUTCOME_KEYS): the first makes new ones, all
   * re-derive. Null outside production when unset: one made from the development key is used.
   */
  outcomeKeys: { id: string; key: Buffer }[] | null;
  /** The built-in game provider's seamless secret (BUILTIN_GAMES_SECRET), else a stored one. */
  builtinGamesSecret: string | undefined;
  /** Host names of the site (SITE_DOMAINS): the bootstrap call refuses any other host. */
  siteDomains: string[];
  /** Social login providers with a client id; the others are not offered. */
  social: { google: SocialProviderConfig | null; facebook: SocialProviderConfig | null };
  payment: {
    gateway: PaymentGatewayConfig | null;
    /** A webhook whose timestamp is further than this from now is refused (replay window). */
    webhookToleranceSeconds: number;
    timeoutMs: number;
  };
  /** Deposits by UPI (UPI_PAYEE_VPA, UPI_PAYEE_NAME, UPI_WEBHOOK_SECRET); null: not offered. */
  upi: UpiConfig | null;
  /**
   * The built-in game provider (src/server/providers/builtin-games): the wallet's base URL
   * (BUILTIN_GAMES_WALLET_URL; null: this server's own listening address).
   */
  builtinGames: { walletUrl: string | null };
  /**
   * The results feed of regional lottery draws (LOTTERY_FEED_URL, its HMAC secret and time-out);
   * null: results come by operator entry only.
   */
  lotteryFeed: { url: string; secret: string; timeoutMs: number } | null;
};

function paymentGateway(env: z.infer<typeof envSchema>): PaymentGatewayConfig | null {
  if (env.PAYMENT_GATEWAY_URL && env.PAYMENT_GATEWAY_KEY && env.PAYMENT_WEBHOOK_SECRET) {
    return {
      mode: 'http',
      url: env.PAYMENT_GATEWAY_URL.replace(/\/+$/, ''),
      key: env.PAYMENT_GATEWAY_KEY,
      webhookSecret: env.PAYMENT_WEBHOOK_SECRET,
    };
  }
  const sandbox = env.PAYMENT_SANDBOX ?? (env.NODE_ENV === 'production' ? 'off' : 'on');
  if (sandbox === 'off') return null;
  // One process: random secrets do. Several nodes: set both so every node signs alike.
  return {
    mode: 'sandbox',
    key: env.PAYMENT_GATEWAY_KEY ?? randomBytes(24).toString('base64url'),
    webhookSecret: env.PAYMENT_WEBHOOK_SECRET ?? randomBytes(32).toString('base64url'),
  };
}

/** Outside production a demo payee and a published webhook secret; in production only what is set. */
function upiConfig(env: z.infer<typeof envSchema>): UpiConfig | null {
  const production = env.NODE_ENV === 'production';
  const vpa = env.UPI_PAYEE_VPA ?? (production ? undefined : demoUpiPayee.vpa);
  if (!vpa) return null;
  return {
    vpa,
    payeeName: env.UPI_PAYEE_NAME ?? demoUpiPayee.name,
    webhookSecret: env.UPI_WEBHOOK_SECRET ?? (production ? null : devUpiWebhookSecret),
  };
}

/**
 * Without SITE_DOMAINS: the host of PUBLIC_URL, and outside production the loopback names too,
 * so a development start and the tests answer on localhost and 127.0.0.1.
 */
function defaultSiteDomains(publicUrl: string | undefined, nodeEnv: string): string[] {
  const domains = publicUrl ? [new URL(publicUrl).hostname.toLowerCase()] : [];
  if (nodeEnv !== 'production' || domains.length === 0) {
    domains.push('localhost', '127.0.0.1', '[::1]');
  }
  return [...new Set(domains)];
}

/**
 * Reads and validates the environment; throws one error listing every bad variable.
 *
 * @example
 * const config = loadConfig({ PORT: '9090', DATA_DIR: '/tmp/site' });
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR.replace(/\/+$/, '') || '/';
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    pgliteDir: `${dataDir}/pglite`,
    databaseUrl: e.DATABASE_URL ?? null,
    staticDir: e.STATIC_DIR,
    trustProxy: e.TRUST_PROXY,
    countryHeader: e.COUNTRY_HEADER ?? null,
    opsUsername: e.OPS_USERNAME,
    // The demo password exists only outside production (checked above).
    opsPassword: e.OPS_PASSWORD ?? demoOperatorPassword,
    logLevel: e.LOG_LEVEL,
    siteCacheMs: e.SITE_CACHE_MS,
    moneyGrouping: e.MONEY_GROUPING,
    demoCatalog: e.DEMO_CATALOG,
    memberCacheMs: e.MEMBER_CACHE_MS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    realtimeSweepSeconds: e.REALTIME_SWEEP_SECONDS,
    realtimeAdapter: e.REALTIME_ADAPTER,
    withdrawalAutoConfirmMinutes: e.WITHDRAWAL_AUTO_CONFIRM_MINUTES,
    withdrawalDaily: { count: e.WITHDRAWAL_DAILY_COUNT, amount: e.WITHDRAWAL_DAILY_AMOUNT },
    agentRealtimeWindowSeconds: e.AGENT_REALTIME_WINDOW_SECONDS,
    loyaltyCountSeconds: e.LOYALTY_COUNT_SECONDS,
    operatorTimeZone: e.OPERATOR_TIME_ZONE,
    jobRunsRetentionHours: e.JOB_RUNS_RETENTION_HOURS,
    sms:
      e.SMS_PROVIDER === 'http' && e.SMS_HTTP_URL
        ? {
            provider: 'http',
            url: e.SMS_HTTP_URL,
            token: e.SMS_HTTP_TOKEN ?? null,
            timeoutMs: e.SMS_HTTP_TIMEOUT_MS,
          }
        : { provider: 'outbox' },
    email:
      e.EMAIL_PROVIDER === 'smtp' && e.SMTP_URL
        ? { provider: 'smtp', url: e.SMTP_URL, from: e.SMTP_FROM }
        : { provider: 'outbox', from: e.SMTP_FROM },
    verification: {
      codeMinutes: e.VERIFICATION_CODE_MINUTES,
      captchaRequired: e.SMS_CAPTCHA_REQUIRED === 'true',
    },
    humanVerification: { enabled: e.HUMAN_VERIFICATION === 'on' },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    siteDomains: e.SITE_DOMAINS ?? defaultSiteDomains(e.PUBLIC_URL, e.NODE_ENV),
    totpKeys: e.TOTP_ENCRYPTION_KEYS ?? null,
    outcomeKeys: e.OUTCOME_KEYS ?? null,
    builtinGamesSecret: e.BUILTIN_GAMES_SECRET,
    social: {
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              issuer: e.GOOGLE_ISSUER,
              fallbackTokenEndpoint: null,
            }
          : null,
      facebook:
        e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
          ? {
              clientId: e.FACEBOOK_CLIENT_ID,
              clientSecret: e.FACEBOOK_CLIENT_SECRET,
              issuer: e.FACEBOOK_ISSUER,
              fallbackTokenEndpoint: e.FACEBOOK_TOKEN_ENDPOINT,
            }
          : null,
    },
    payment: {
      gateway: paymentGateway(e),
      webhookToleranceSeconds: e.PAYMENT_REPLAY_SECONDS,
      timeoutMs: e.PAYMENT_TIMEOUT_MS,
    },
    upi: upiConfig(e),
    builtinGames: {
      walletUrl: e.BUILTIN_GAMES_WALLET_URL?.replace(/\/+$/, '') ?? null,
    },
    lotteryFeed:
      e.LOTTERY_FEED_URL && e.LOTTERY_FEED_SECRET
        ? {
            url: e.LOTTERY_FEED_URL,
            secret: e.LOTTERY_FEED_SECRET,
            timeoutMs: e.LOTTERY_FEED_TIMEOUT_MS,
          }
        : null,
  };
}
