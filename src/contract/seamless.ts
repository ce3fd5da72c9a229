import { z } from 'zod';
import { languages } from './constants.ts';
import { constants } from './constants.ts';
import { digitsSchema } from './primitives.ts';
import { datePresets } from './date-presets.ts';
import { minorUnitsSchema } from './wallet.ts';

/**
 * The seamless wallet API that game providers call (issue 13, ARCHITECTURE "Outside systems"):
 * the provider holds no money of ours; each bet, win and rollback is a signed call that posts
 * to the player's main wallet in the ledger. Two shapes over one service:
 *
 * - ours, `/wps/seamless/v1/*`: every call signed with the provider's secret,
 *   `X-Seamless-Signature: hex(HMAC-SHA256(secret, timestamp + "." + rawBody))`, where
 *   `X-Seamless-Timestamp` is Unix seconds (refused outside ±`signatureWindowSeconds`) and
 *   `X-Seamless-Provider` the provider's code;
 * - an aggregator's published shape (Hub88-style), `/wps/seamless/hub88/{provider}/*`:
 *   `X-Hub88-Signature: base64(HMAC-SHA256(secret, rawBody))`, `request_uuid`,
 *   `transaction_uuid`, `RS_*` statuses. Connecting such an aggregator is a provider row and
 *   its secret, not code.
 *
 * Amounts are integer minor units of the site's currency, as strings (ours) or integers
 * (Hub88). Every reply, failures included, carries the player's current balance when the
 * caller is authenticated and the player known (else `balance: null`).
 */

/** How far a signed call's timestamp may be from the server's clock. */
export const signatureWindowSeconds = 300;
/** A launch token opens one game once, within this time. */
export const launchTokenSeconds = 120;
/** The provider's player session (from authenticate); win and rollback still pass after it. */
export const playerSessionHours = 12;

export const seamlessHeaders = {
  provider: 'x-seamless-provider',
  timestamp: 'x-seamless-timestamp',
  signature: 'x-seamless-signature',
  /** The Hub88-shaped adapter's signature header. */
  hub88Signature: 'x-hub88-signature',
} as const;

export const seamlessPaths = {
  /** POST: a launch token (from the game URL) to a player session: player, currency, balance. */
  authenticate: '/wps/seamless/v1/authenticate',
  /** POST: the player's balance. */
  balance: '/wps/seamless/v1/balance',
  /** POST: debit a stake (one bet of a round). */
  bet: '/wps/seamless/v1/bet',
  /** POST: credit a win (0 settles a lost bet) against a bet of the round. */
  win: '/wps/seamless/v1/win',
  /** POST: refund a bet; a rollback of an unknown bet leaves a tombstone. */
  rollback: '/wps/seamless/v1/rollback',
  /** POST: settle every open bet of the round with no win. */
  endRound: '/wps/seamless/v1/endRound',
  /** POST: the player's free rounds in the session's game (points mall grants). */
  freeRounds: '/wps/seamless/v1/freeRounds',
  /**
   * POST: play one free round of a grant: no stake debited, the win (0 or more) credited as a
   * bonus, one round taken off the grant, all at once; idempotent per transactionId.
   */
  freeRound: '/wps/seamless/v1/freeRound',
} as const;

/** The Hub88-shaped adapter; `{provider}` is the provider's code. */
export const hub88Paths = {
  userInfo: '/wps/seamless/hub88/:provider/user/info',
  balance: '/wps/seamless/hub88/:provider/user/balance',
  bet: '/wps/seamless/hub88/:provider/transaction/bet',
  win: '/wps/seamless/hub88/:provider/transaction/win',
  rollback: '/wps/seamless/hub88/:provider/transaction/rollback',
} as const;
export const hub88PathFor = (path: string, provider: string) =>
  path.replace(':provider', encodeURIComponent(provider));

/**
 * What each call is while play is stopped: the member's status is other than active (disabled
 * by the operator, later self-excluded) or the site is in maintenance. `play` opens a session or
 * a stake and is refused (`403 seamless_player_blocked`, `503 system_maintenance`; Hub88 shape:
 * `RS_ERROR_USER_DISABLED`, `RS_ERROR_UNKNOWN`) with nothing moved; `settle` pays or refunds
 * what is owed on bets already placed and completes; `read` answers. A retry of a call that was
 * answered before play stopped answers its first reply.
 */
export type SeamlessCallKind = 'play' | 'settle' | 'read';
export const seamlessCallKinds = {
  authenticate: 'play',
  balance: 'read',
  bet: 'play',
  win: 'settle',
  rollback: 'settle',
  endRound: 'settle',
  freeRounds: 'play',
  freeRound: 'play',
} as const satisfies Record<keyof typeof seamlessPaths, SeamlessCallKind>;
/** As seamlessCallKinds; a Hub88 token's first use (any call) is the launch exchange: `play`. */
export const hub88CallKinds = {
  userInfo: 'read',
  balance: 'read',
  bet: 'play',
  win: 'settle',
  rollback: 'settle',
} as const satisfies Record<keyof typeof hub88Paths, SeamlessCallKind>;

/**
 * The protocol's rules for every ordering of the calls on one bet
 * (src/server/areas/games/README.md), as the OpenAPI document states them.
 */
export const seamlessRules = {
  retry:
    'Idempotent per (provider, transactionId): a call answered before is answered again with its ' +
    'first reply, byte for byte, whatever happened since, and nothing moves; the same ' +
    'transactionId with another request or call is 409 seamless_transaction_conflict. A refused ' +
    'call stores nothing: its retry is decided anew.',
  playStops:
    'Refused while play is stopped (the member disabled or otherwise not active: 403 ' +
    'seamless_player_blocked; the site in maintenance: 503 system_maintenance), nothing moved.',
  settles:
    'Completes while play is stopped (member disabled, site in maintenance): what is owed on bets ' +
    'already placed is paid.',
  bet:
    'Debits the stake; the bet is open. Refused 409 seamless_bet_rolled_back when its rollback came ' +
    'first (a tombstone), 403 seamless_game_not_served when gameCode is not a game of a vendor the ' +
    'provider serves, 409 insufficient_balance beyond the balance.',
  win:
    'Settles an open bet with its win, once: credits the amount (0: a loss, nothing credited) and ' +
    'the bet is settled. A win with a new transactionId on a settled bet (won, lost or ended with ' +
    'its round) is 409 seamless_bet_settled; on a rolled back bet 409 seamless_bet_rolled_back; on ' +
    "an unknown bet 404 seamless_bet_not_found. Without betTransactionId it pays the round's latest " +
    'open bet.',
  rollback:
    'Refunds an open bet: the stake comes back and the bet is rolled back. A bet already rolled ' +
    'back: 200, nothing moves (postingId null). A settled bet (won, lost or ended with its round) ' +
    'is final: 409 seamless_bet_settled. An unknown bet: 200 and a tombstone, so the bet, if it ' +
    'comes later, is refused.',
  endRound:
    'Settles every open bet of the round with no win (each is then final: win and rollback on it ' +
    'are 409 seamless_bet_settled); a bet placed in the round later is a new open bet.',
} as const;

const rule = (...parts: string[]) => parts.join(' ');
/** Each call's description in the OpenAPI document (our shape). */
export const seamlessDescriptions = {
  authenticate: rule(
    'Exchanges a launch token (single use, 120 s) for the player session.',
    seamlessRules.playStops,
  ),
  balance: "The player's balance, also on an expired session and while play is stopped.",
  bet: rule(seamlessRules.bet, seamlessRules.playStops, seamlessRules.retry),
  win: rule(seamlessRules.win, seamlessRules.settles, seamlessRules.retry),
  rollback: rule(seamlessRules.rollback, seamlessRules.settles, seamlessRules.retry),
  endRound: rule(seamlessRules.endRound, seamlessRules.settles, seamlessRules.retry),
  freeRounds: rule("The player's free rounds in the session's game.", seamlessRules.playStops),
  freeRound: rule(
    'Plays one free round of a grant (nothing debited, the win a bonus, settled at once: a ' +
      'rollback of it is 409 seamless_bet_settled).',
    seamlessRules.playStops,
    seamlessRules.retry,
  ),
} as const satisfies Record<keyof typeof seamlessPaths, string>;
/** Each call's description in the OpenAPI document (Hub88 shape: the same rules, RS_* statuses). */
export const hub88Descriptions = {
  userInfo: "The user's info and balance; a launch token's first use opens the session (play).",
  balance: "The user's balance; a launch token's first use opens the session (play).",
  bet: rule(seamlessRules.bet, seamlessRules.playStops, seamlessRules.retry),
  win: rule(seamlessRules.win, seamlessRules.settles, seamlessRules.retry),
  rollback: rule(seamlessRules.rollback, seamlessRules.settles, seamlessRules.retry),
} as const satisfies Record<keyof typeof hub88Paths, string>;

/** Launch calls of spec section 7 (token). */
export const launchPaths = {
  /** GET (token): launch one game; the reply's url opens it (frame or popup). */
  launchGame: '/wps/game/launchGame',
  /** GET (token): launch a vendor's lobby (the FB sports page, /fbsports). */
  gameLaunchFB: '/wps/relay/GCS_gameLaunchFB',
} as const;

/** Member records of spec sections 2 and 7 (token). */
export const betRecordsPaths = {
  /** GET: betting record (page personalHistoryCopy): one row per bet of every product, paged. */
  personalHistory: '/wps/member/records/bets',
  /**
   * GET: personal profit and loss (page personalProfit): the betting record's bets per day of
   * the operator's time zone (a bet on the day it was placed, with its win), so the two agree.
   */
  personalProfit: '/wps/member/records/profit',
} as const;

/** Operator calls (HTTP Basic, audited). */
export const seamlessOpsPaths = {
  /** GET: providers; POST: add one (its secret answered once). */
  providers: '/ops/games/providers',
  /** PUT: edit a provider (name, status, allowed IPs, launch URL, vendors). */
  provider: '/ops/games/providers/:code',
  /** POST: a new secret for the provider (answered once; the old one stops at once). */
  rotateSecret: '/ops/games/providers/:code/secret',
  /** GET: a member's bets, newest first. */
  memberBets: '/ops/games/bets',
  /** GET/PUT: launch settings (what a trial account may launch). */
  launchSettings: '/ops/games/launch-settings',
} as const;

/** Error codes of this API (also in envelope.ts errorCodes). */
export const seamlessErrorCodes = [
  'seamless_provider_unknown',
  'seamless_signature_invalid',
  'seamless_ip_not_allowed',
  'seamless_timestamp_stale',
  'seamless_token_invalid',
  'seamless_player_unknown',
  'seamless_currency_mismatch',
  'seamless_transaction_conflict',
  'seamless_bet_rolled_back',
  'seamless_bet_not_found',
  'seamless_bet_settled',
  'seamless_player_blocked',
  'seamless_game_not_served',
  'system_maintenance',
  'seamless_provider_disabled',
  'free_rounds_none',
  'session_expired',
  'insufficient_balance',
  'bad_request',
] as const;
export type SeamlessErrorCode = (typeof seamlessErrorCodes)[number];

// --- our shape -----------------------------------------------------------------------------

/** Positive integer minor units, as a string (at most 10^15). */
export const stakeSchema = digitsSchema({
  maxDigits: 16,
  positive: true,
  max: 1_000_000_000_000_000n,
  message: 'integer minor units',
});
/** Zero or more integer minor units, as a string (a win of 0 settles a lost bet). */
export const winAmountSchema = digitsSchema({
  maxDigits: 16,
  max: 1_000_000_000_000_000n,
  message: 'integer minor units',
});

/** A provider's id of a transaction or round: printable, no spaces. */
export const externalIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');
export const providerCodeSchema = z
  .string()
  .min(2)
  .max(32)
  .regex(/^[A-Z0-9_]+$/, 'upper-case letters, digits and _');
const sessionTokenSchema = z.string().min(16).max(200);
const gameCodeSchema = z.string().min(1).max(100);
const currencySchema = z.string().regex(/^[A-Z]{3}$/);

export const authenticateBodySchema = z.object({ launchToken: z.string().min(16).max(200) });
export type AuthenticateBody = z.infer<typeof authenticateBodySchema>;

const playerCall = { sessionToken: sessionTokenSchema, playerId: z.string().min(1).max(20) };

export const balanceBodySchema = z.object(playerCall);
export type BalanceBody = z.infer<typeof balanceBodySchema>;

/** What every call on a round carries: the player, the call's transaction id and the round. */
const roundCall = { ...playerCall, transactionId: externalIdSchema, roundId: externalIdSchema };

export const betBodySchema = z.object({
  ...roundCall,
  gameCode: gameCodeSchema,
  amount: stakeSchema,
  currency: currencySchema,
});
export type BetBody = z.infer<typeof betBodySchema>;

export const winBodySchema = z.object({
  ...roundCall,
  /** The bet it pays; without it, the round's latest open bet. */
  betTransactionId: externalIdSchema.optional(),
  gameCode: gameCodeSchema,
  amount: winAmountSchema,
  currency: currencySchema,
});
export type WinBody = z.infer<typeof winBodySchema>;

export const rollbackBodySchema = z.object({
  ...roundCall,
  /** The bet to refund. Unknown: a tombstone refuses it if it comes later. */
  betTransactionId: externalIdSchema,
});
export type RollbackBody = z.infer<typeof rollbackBodySchema>;

export const endRoundBodySchema = z.object(roundCall);
export type EndRoundBody = z.infer<typeof endRoundBodySchema>;

export const freeRoundsBodySchema = z.object(playerCall);
export type FreeRoundsBody = z.infer<typeof freeRoundsBodySchema>;

/** A grant's id (a positive integer, as text). */
const grantIdSchema = z.string().regex(/^[1-9]\d{0,17}$/, 'a grant id');

export const freeRoundBodySchema = z.object({
  ...roundCall,
  gameCode: gameCodeSchema,
  /** The grant played (from freeRounds). */
  grantId: grantIdSchema,
  /** The grant's stake of one round: what the outcome was worked out on. */
  stake: stakeSchema,
  /** The round's win (0: a loss), credited as a bonus. */
  amount: winAmountSchema,
  currency: currencySchema,
});
export type FreeRoundBody = z.infer<typeof freeRoundBodySchema>;

/** What every reply of ours carries in `value`, failures included. */
export const seamlessBalanceSchema = z.object({
  /** Minor units; null when the caller is not authenticated or the player unknown. */
  balance: minorUnitsSchema.nullable(),
  currency: z.string(),
});
export type SeamlessBalance = z.infer<typeof seamlessBalanceSchema>;

export const authenticateReplySchema = seamlessBalanceSchema.extend({
  playerId: z.string(),
  nickname: z.string(),
  sessionToken: z.string(),
  gameCode: z.string(),
  language: z.enum(languages),
  sessionExpiresAt: z.iso.datetime({ offset: true }),
});
export type AuthenticateReply = z.infer<typeof authenticateReplySchema>;

export const transactionReplySchema = seamlessBalanceSchema.extend({
  transactionId: z.string(),
  /** Our id of the ledger posting; null when nothing moved (win 0, end round, tombstone). */
  postingId: z.string().nullable(),
});
export type TransactionReply = z.infer<typeof transactionReplySchema>;

/** A free round grant: its id, rounds left and the stake of one round (minor units). */
export const freeRoundGrantSchema = z.object({
  grantId: z.string(),
  roundsLeft: z.number().int(),
  stake: minorUnitsSchema,
});
export type FreeRoundGrant = z.infer<typeof freeRoundGrantSchema>;
export const freeRoundsReplySchema = seamlessBalanceSchema.extend({
  /** The grants with rounds left in the session's game, oldest first. */
  grants: z.array(freeRoundGrantSchema),
});
export type FreeRoundsReply = z.infer<typeof freeRoundsReplySchema>;
export const freeRoundReplySchema = transactionReplySchema.extend({
  /** The rounds the grant has left after this one. */
  roundsLeft: z.number().int(),
});
export type FreeRoundReply = z.infer<typeof freeRoundReplySchema>;

/** Every reply of ours: the envelope, with the balance in `value` even on failure. */
export const seamlessReplyOf = <T extends z.ZodType>(value: T) =>
  z.object({
    success: z.boolean(),
    value: value.optional(),
    code: z.string().optional(),
    message: z.string().optional(),
  });
export const seamlessFailureSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  value: seamlessBalanceSchema,
});
export type SeamlessFailure = z.infer<typeof seamlessFailureSchema>;

// --- Hub88 shape ---------------------------------------------------------------------------

export const hub88Statuses = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
] as const;
export type Hub88Status = (typeof hub88Statuses)[number];

const hub88Amount = z.number().int().min(0).max(1_000_000_000_000_000);
const hub88Base = {
  request_uuid: z.string().min(1).max(100),
  user: z.string().min(1).max(20),
  token: z.string().min(1).max(200),
  game_code: gameCodeSchema.optional(),
};
export const hub88UserBodySchema = z.object(hub88Base);
/** What every Hub88-shaped transaction carries. */
const hub88Transaction = {
  ...hub88Base,
  transaction_uuid: externalIdSchema,
  round: externalIdSchema,
};
const hub88Money = {
  game_code: gameCodeSchema,
  is_free: z.boolean().optional(),
  currency: currencySchema,
};
export const hub88BetBodySchema = z.object({
  ...hub88Transaction,
  ...hub88Money,
  bet: z.string().max(100).optional(),
  amount: hub88Amount.min(1),
  reference_transaction_uuid: externalIdSchema.optional(),
});
export const hub88WinBodySchema = z.object({
  ...hub88Transaction,
  ...hub88Money,
  reference_transaction_uuid: externalIdSchema,
  amount: hub88Amount,
});
export const hub88RollbackBodySchema = z.object({
  ...hub88Transaction,
  reference_transaction_uuid: externalIdSchema,
});
export type Hub88UserBody = z.infer<typeof hub88UserBodySchema>;
export type Hub88BetBody = z.infer<typeof hub88BetBodySchema>;
export type Hub88WinBody = z.infer<typeof hub88WinBodySchema>;
export type Hub88RollbackBody = z.infer<typeof hub88RollbackBodySchema>;

/** Every Hub88-shaped reply: a status, the user's balance and the request's uuid. */
export const hub88ReplySchema = z.object({
  /** status === 'RS_OK' (the site's envelope flag; the published shape ignores it). */
  success: z.boolean(),
  status: z.enum(hub88Statuses),
  /** On a failure: the site's error code and its message (in the request's language). */
  code: z.string().optional(),
  message: z.string().optional(),
  request_uuid: z.string(),
  user: z.string().optional(),
  currency: z.string().optional(),
  /** Integer minor units; 0 when the player is unknown. */
  balance: z.number().int(),
  transaction_uuid: z.string().optional(),
  country: z.string().optional(),
});
export type Hub88Reply = z.infer<typeof hub88ReplySchema>;

// --- launch --------------------------------------------------------------------------------

export const launchQuerySchema = z
  .object({
    /** The game's node id in the catalog, or its code with the vendor. */
    nodeId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    gameCode: gameCodeSchema.optional(),
    vassalage: z.string().min(1).max(40).optional(),
    gameType: z.string().min(1).max(20).optional(),
    language: z.enum(languages).optional(),
    /** html5 (phone) or html5-desktop. */
    platform: z.enum(['html5', 'html5-desktop']).default('html5-desktop'),
    /** Where the game's exit button leads (a path of this site). */
    backUrl: z
      .string()
      .max(300)
      .regex(/^\/(?!\/)[^\s]*$/, 'a path of this site')
      .optional(),
  })
  .strict()
  .refine((query) => query.nodeId !== undefined || query.gameCode !== undefined, {
    message: 'nodeId or gameCode',
  });
export type LaunchQuery = z.input<typeof launchQuerySchema>;
export type LaunchQueryParsed = z.infer<typeof launchQuerySchema>;

export const launchFBQuerySchema = z
  .object({
    vassalage: z.string().min(1).max(40).default('FB'),
    gameType: z.string().min(1).max(20).default('SPORTS'),
    language: z.enum(languages).optional(),
    platform: z.enum(['html5', 'html5-desktop']).default('html5-desktop'),
  })
  .strict();
export type LaunchFBQuery = z.input<typeof launchFBQuerySchema>;
export type LaunchFBQueryParsed = z.infer<typeof launchFBQuerySchema>;

/** Non-RNG vendors open in a popup of this size (spec section 2). */
export const launchPopup = { width: 1300, height: 900 } as const;

export const launchReplySchema = z.object({
  /** Opens the game; carries a single-use launch token. */
  url: z.string(),
  /** `frame`: the /game page; `popup`: a window of launchPopup's size. */
  openMode: z.enum(['frame', 'popup']),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  nodeId: z.number().int().nullable(),
  gameCode: z.string(),
  vassalage: z.string(),
  gameType: z.string(),
  provider: z.string(),
  /** The launch token stops working then (and after its first use). */
  expiresAt: z.iso.datetime({ offset: true }),
});
export type LaunchReply = z.infer<typeof launchReplySchema>;

// --- member records ------------------------------------------------------------------------

export const betStatuses = ['open', 'settled', 'rolled_back'] as const;
export type BetStatus = (typeof betStatuses)[number];

const isoDateTime = z.iso.datetime({ offset: true });
const rangeValid = (query: { startDate?: string; endDate?: string }) => {
  if (query.startDate === undefined && query.endDate === undefined) return true;
  if (query.startDate === undefined || query.endDate === undefined) return false;
  const start = Date.parse(query.startDate);
  const end = Date.parse(query.endDate);
  return start <= end && end - start <= 92 * 86_400_000;
};
const recordsQueryFields = {
  gameType: z.string().min(1).max(20).optional(),
  vassalage: z.string().min(1).max(40).optional(),
  /** last7 / last30 back from now, next7 / next30 on from it; or startDate and endDate. */
  preset: z.enum(datePresets).optional(),
  startDate: isoDateTime.optional(),
  endDate: isoDateTime.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(constants.pageSize).default(constants.pageSize),
};
const rangeMessage = { message: 'startDate and endDate together, start first, at most 92 days' };

export const betRecordQuerySchema = z
  .object(recordsQueryFields)
  .strict()
  .refine(rangeValid, rangeMessage);
export type BetRecordQuery = z.input<typeof betRecordQuerySchema>;
export type BetRecordQueryParsed = z.infer<typeof betRecordQuerySchema>;

export const betRecordSchema = z.object({
  betId: z.string(),
  roundId: z.string(),
  transactionId: z.string(),
  provider: z.string(),
  vassalage: z.string(),
  gameType: z.string(),
  gameCode: z.string(),
  /** The game's name in the caller's language (Accept-Language); its code if the catalog has none. */
  gameName: z.string(),
  stake: minorUnitsSchema,
  win: minorUnitsSchema,
  validTurnover: minorUnitsSchema,
  /** win - stake (0 while open or after a rollback). */
  profit: minorUnitsSchema,
  status: z.enum(betStatuses),
  placedAt: isoDateTime,
  settledAt: isoDateTime.nullable(),
});
export type BetRecord = z.infer<typeof betRecordSchema>;

export const betRecordPageSchema = z.object({
  content: z.array(betRecordSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
  totalStake: minorUnitsSchema,
  totalWin: minorUnitsSchema,
  totalValidTurnover: minorUnitsSchema,
  startDate: isoDateTime,
  endDate: isoDateTime,
});
export type BetRecordPage = z.infer<typeof betRecordPageSchema>;

export const profitQuerySchema = betRecordQuerySchema;
export type ProfitQuery = BetRecordQuery;

/** One day (operator's time zone) of the member's play. */
export const profitRowSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  betCount: z.number().int(),
  stake: minorUnitsSchema,
  validTurnover: minorUnitsSchema,
  win: minorUnitsSchema,
  /** win - stake: positive when the member won money. */
  profit: minorUnitsSchema,
});
export type ProfitRow = z.infer<typeof profitRowSchema>;

export const profitPageSchema = z.object({
  content: z.array(profitRowSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
  totalStake: minorUnitsSchema,
  totalValidTurnover: minorUnitsSchema,
  totalWin: minorUnitsSchema,
  totalProfit: minorUnitsSchema,
  startDate: isoDateTime,
  endDate: isoDateTime,
  /** The operator's IANA time zone, whose midnights bound each day (e.g. Asia/Kolkata). */
  timeZone: z.string().min(1),
});
export type ProfitPage = z.infer<typeof profitPageSchema>;

// --- operator ------------------------------------------------------------------------------

export const providerStatuses = ['active', 'disabled'] as const;
export const providerShapes = ['seamless', 'hub88'] as const;

const ipListSchema = z.array(z.string().min(2).max(50)).max(50);
export const providerSchema = z.object({
  code: z.string(),
  name: z.string(),
  shape: z.enum(providerShapes),
  status: z.enum(providerStatuses),
  allowedIps: z.array(z.string()),
  /** The catalog vendors (vassalage) whose games this provider serves. */
  vassalages: z.array(z.string()),
  /** `{token}`, `{game}`, `{lang}`, `{platform}`, `{backUrl}` filled in; a path is on our host. */
  launchUrl: z.string(),
  secretRotatedAt: isoDateTime,
  createdAt: isoDateTime,
});
export type Provider = z.infer<typeof providerSchema>;

const launchUrlSchema = z
  .string()
  .min(1)
  .max(500)
  .regex(/^(\/(?!\/)|https:\/\/|http:\/\/)[^\s]*$/, 'a path of this site or an http(s) URL');
const vassalagesSchema = z.array(z.string().min(1).max(40)).max(100);

export const addProviderBodySchema = z
  .object({
    code: providerCodeSchema,
    name: z.string().trim().min(1).max(100),
    shape: z.enum(providerShapes).default('seamless'),
    allowedIps: ipListSchema.default([]),
    vassalages: vassalagesSchema.default([]),
    launchUrl: launchUrlSchema,
  })
  .strict();
export type AddProviderBody = z.input<typeof addProviderBodySchema>;

export const editProviderBodySchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    status: z.enum(providerStatuses).optional(),
    allowedIps: ipListSchema.optional(),
    vassalages: vassalagesSchema.optional(),
    launchUrl: launchUrlSchema.optional(),
  })
  .strict();
export type EditProviderBody = z.input<typeof editProviderBodySchema>;

export const providerCodeParamsSchema = z.object({ code: providerCodeSchema });

/** A new or rotated secret: shown once, stored encrypted. */
export const providerSecretReplySchema = z.object({
  provider: providerSchema,
  secret: z.string(),
});
export type ProviderSecretReply = z.infer<typeof providerSecretReplySchema>;

export const memberBetsQuerySchema = z
  .object({
    memberId: z.coerce.number().int().min(1).max(2_147_483_647),
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(constants.pageSize),
  })
  .strict();
export const memberBetsPageSchema = z.object({
  content: z.array(betRecordSchema.extend({ memberId: z.number().int() })),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
});
export type MemberBetsPage = z.infer<typeof memberBetsPageSchema>;

export const launchSettingsSchema = z.object({
  /** What a type 4 trial account may launch: nothing (need_true_account) or any game. */
  trialLaunch: z.enum(['refuse', 'allow']),
});
export type LaunchSettings = z.infer<typeof launchSettingsSchema>;
export const launchSettingsBodySchema = launchSettingsSchema.strict();
