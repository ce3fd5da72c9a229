import { z } from 'zod';
import { constants } from './constants.ts';
import { prizeModes } from './prize-mode.ts';
import { layoutNames, prizeNames } from './lottery-draw.ts';
import { minorUnitsSchema } from './wallet.ts';
import { betStates, drawStates } from './lottery-states.ts';

export { betStates, drawStates, type BetState, type DrawState } from './lottery-states.ts';

/**
 * The lottery section (issue 14; spec sections 2, 3, 4, 7, 9): Vietnamese regional draws and
 * fast in-house draws on the same prize layouts, their lobbies, bets and results. Times the
 * lobby counts down are durations in milliseconds measured by the server when it answers
 * (`remainTime`, `lockTime`), so timers run on the server's time, not the browser's clock.
 */

export const lotteryRegions = ['north', 'central', 'south', 'fast'] as const;
export type LotteryRegion = (typeof lotteryRegions)[number];

/** The lobby's menu tags, in menu order. */
export const lotteryMenuTags = ['FAST', 'NORTH', 'CENTRAL', 'SOUTH'] as const;

export const resultSources = ['rng', 'feed', 'operator'] as const;
export type ResultSource = (typeof resultSources)[number];

/**
 * Bet types and how each is judged against a result (`numbers`, special prize first):
 * - lo: 2 digits against the last 2 digits of every number (27 or 18); stake = unit x numbers
 *   in the layout; pays unit x odds for each number that hits.
 * - bao_lo: 3 digits against the last 3 digits of every number of 3 digits or more; stake = unit
 *   x those numbers; pays unit x odds per hit.
 * - de: 2 digits against the special prize's last 2; stake = unit; pays unit x odds.
 * - ba_cang (3 càng): 3 digits against the special prize's last 3.
 * - dau / duoi (đầu / đuôi): 1 digit against the tens / units digit of the special prize.
 * - xien2/3/4: 2, 3 or 4 different 2-digit numbers ('12-34'), all of which must be among the
 *   last 2 digits of the result's numbers; stake = unit; pays unit x odds once.
 * A win is floor(unit x odds_x100 x hits / 100) minor units.
 */
export const betTypes = [
  'lo',
  'bao_lo',
  'de',
  'ba_cang',
  'dau',
  'duoi',
  'xien2',
  'xien3',
  'xien4',
] as const;
export type BetType = (typeof betTypes)[number];

/** A game's odds and limits for one bet type (from configuration, per game). */
export const betTypeConfigSchema = z.object({
  /** Odds in hundredths: 8000 pays 80 x the unit amount per hit. */
  oddsX100: z.number().int().min(1),
  /** Unit amount limits, minor units. */
  minUnit: minorUnitsSchema,
  maxUnit: minorUnitsSchema,
});
export type BetTypeConfig = z.infer<typeof betTypeConfigSchema>;
export const gameConfigSchema = z.object({
  betTypes: z.partialRecord(z.enum(betTypes), betTypeConfigSchema),
  /** The most one member may stake on one draw, minor units. */
  maxStakePerDraw: minorUnitsSchema,
});
export type GameConfig = z.infer<typeof gameConfigSchema>;

/** Which number of the result a bet matched: the prize, its index in `numbers`, the number. */
export const lotteryHitSchema = z.object({
  prize: z.enum(prizeNames),
  index: z.number().int().min(0),
  number: z.string(),
});
export type LotteryHit = z.infer<typeof lotteryHitSchema>;

export const lotteryPaths = {
  /** GET: the lottery menu (spec 7): tags with their games and each game's open draw. */
  gameMenu: '/lgw/vn/games/game_menu',
  /** GET (token): the games the member bet on lately (recentCount 100). */
  recent: '/lgw/vn/games/game_menu/recent',
  /** GET: one game's past draws with their results (count up to 100): the result board. */
  openedNumeros: '/lgw/vn/numeros/opened/game',
  /** GET: the open draw of each game (or of `gameIds`): what the lobby timers poll. */
  openedNumero: '/lotto/lgw/games/opened/numero',
  /** GET: one draw in full: times, state, seed hash, the seed once drawn, the result. */
  draw: '/lgw/vn/numeros/:gameId/:numero',
  /** POST (token): place a slip of bets on one open draw. GET (token): the member's bets. */
  bets: '/lgw/vn/bets',
  /** GET (token): the lottery lobby's launch (lottoArea VN, launchMode LOTT, view, backUrl). */
  lobbyLaunch: '/lgw/vn/lobby/launch',
} as const;

export const lotteryOpsPaths = {
  /** POST: an operator enters a result (regional without feed, or a correction). */
  resultEntries: '/ops/lottery/draws/:gameId/:numero/results',
  /** POST: a second operator confirms (or rejects) an entry. */
  resultEntry: '/ops/lottery/result-entries/:id/decision',
  /** POST: call off a draw that has no result; every bet refunded. */
  cancelDraw: '/ops/lottery/draws/:gameId/:numero/cancel',
} as const;

export const gameIdSchema = z.string().regex(/^[A-Z0-9_]{2,32}$/);
export const numeroSchema = z.string().regex(/^\d{6,14}$/);

/**
 * A draw's number as the site shows it, everywhere a draw is named (the lobby, the timer, the
 * result board, the member's bets, the win notice): at most 6 digits, the last 6 (spec 2, "open
 * numbers show at most 6 digits"). A fast draw's '202612020295' is '020295' (the day of the
 * month and the draw of the day), a regional '20261202' is '261202'. The full numero stays the
 * draw's key in the calls.
 */
export const shortNumero = (numero: string | null) => (numero === null ? '' : numero.slice(-6));

/** A game of the lobby with its open draw (spec 3, lottery game). */
export const lotteryGameSchema = z.object({
  gameId: z.string(),
  gameName: z.string(),
  remark: z.string(),
  gameMenuTag: z.string(),
  /** Comma-separated weekday values, Sunday 1 .. Saturday 7 ('1,2,3,4,5,6,7' daily). */
  drawDayOfWeek: z.string(),
  /** The open draw, null when none is open. */
  numero: z.string().nullable(),
  /** Milliseconds until the open draw stops taking bets (0 when none is open). */
  remainTime: z.number().int(),
  /** Milliseconds from the close to the draw. */
  lockTime: z.number().int().min(0),
  /** When the open draw's numbers are drawn (ISO 8601), null when none is open. */
  winningTime: z.string().nullable(),
  /** The commitment of the open draw's seed (in-house draws), null otherwise. */
  seedHash: z.string().nullable(),
  /**
   * Milliseconds until the game's next draw opens for bets, counted by the server when it
   * answers: 0 while a draw is open, null when no draw is planned.
   */
  nextOpenTime: z.number().int().min(0).nullable(),
  /**
   * When the game's next draw is drawn (ISO 8601), open for bets or not yet: the time of day
   * the lobby shows for a game of one draw a day. Null when no draw is planned.
   */
  nextWinningTime: z.string().nullable(),
  /** Minutes between two draws of a game that draws all day (the fast draws), else null. */
  drawEveryMinutes: z.number().int().min(1).nullable(),
  accountTypeName: z.literal('TCG_LOTTO_VN'),
  layout: z.enum(layoutNames),
  region: z.enum(lotteryRegions),
  /** 1 when the game shows the hot marker (the spec's isHot, as on vendors and games). */
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** The bet types this game takes with their odds and limits. */
  betTypes: z.array(z.object({ betType: z.enum(betTypes) }).extend(betTypeConfigSchema.shape)),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;

export const lotteryMenuSchema = z.array(
  z.object({ tag: z.string(), gameMenus: z.array(lotteryGameSchema) }),
);
export type LotteryMenu = z.infer<typeof lotteryMenuSchema>;

export const gameMenuQuerySchema = z.object({ device: z.string().max(16).optional() });
export const recentQuerySchema = z.object({
  prizeMode: z.enum(prizeModes).optional(),
  device: z.string().max(16).optional(),
  recentCount: z.coerce.number().int().min(1).max(constants.recentLotterySize).optional(),
});

/** A past or current draw with its result when it has one. */
export const drawViewSchema = z.object({
  gameId: z.string(),
  numero: z.string(),
  state: z.enum(drawStates),
  opensAt: z.string(),
  locksAt: z.string(),
  winningTime: z.string(),
  seedHash: z.string().nullable(),
  /** Revealed once drawn (in-house draws). */
  seed: z.string().nullable(),
  layout: z.enum(layoutNames),
  /** The result in force (special prize first), null before the draw. */
  numbers: z.array(z.string()).nullable(),
  source: z.enum(resultSources).nullable(),
  revision: z.number().int().min(0),
});
export type DrawView = z.infer<typeof drawViewSchema>;

export const openedNumerosQuerySchema = z.object({
  gameId: gameIdSchema,
  count: z.coerce.number().int().min(1).max(constants.vnNumbersCount).optional(),
});
export const openedNumeroQuerySchema = z.object({
  /** Comma-separated game ids; all games when absent. */
  gameIds: z.string().max(2000).optional(),
});
export const openNumeroSchema = z.object({
  gameId: z.string(),
  numero: z.string().nullable(),
  remainTime: z.number().int(),
  lockTime: z.number().int().min(0),
  winningTime: z.string().nullable(),
  seedHash: z.string().nullable(),
  /** As the game's: 0 while a draw is open, else the milliseconds until the next opens. */
  nextOpenTime: z.number().int().min(0).nullable(),
});
export type OpenNumero = z.infer<typeof openNumeroSchema>;
export const drawParamsSchema = z.object({ gameId: gameIdSchema, numero: numeroSchema });

/** One bet of a slip: a bet type, its selections and the unit amount for each. */
export const slipBetSchema = z.object({
  betType: z.enum(betTypes),
  /** One or more selections ('27', '527', '5', '12-34'); one bet row per selection. */
  selections: z
    .array(z.string().regex(/^\d{1,3}(-\d{2}){0,3}$/))
    .min(1)
    .max(100),
  unitAmount: minorUnitsSchema,
});
export const placeSlipBodySchema = z.object({
  gameId: gameIdSchema,
  numero: numeroSchema,
  bets: z.array(slipBetSchema).min(1).max(20),
  /** The member's own key for the slip, so a retried call places it once (a replay answers it). */
  idempotencyKey: z.string().min(8).max(128),
});
export type PlaceSlipBody = z.infer<typeof placeSlipBodySchema>;

export const betViewSchema = z.object({
  betId: z.string(),
  slipId: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  numero: z.string(),
  betType: z.enum(betTypes),
  selection: z.string(),
  unitAmount: minorUnitsSchema,
  stake: minorUnitsSchema,
  oddsX100: z.number().int(),
  state: z.enum(betStates),
  winAmount: minorUnitsSchema,
  hits: z.array(lotteryHitSchema),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BetView = z.infer<typeof betViewSchema>;

export const placeSlipReplySchema = z.object({
  slipId: z.string(),
  bets: z.array(betViewSchema),
  total: minorUnitsSchema,
  balance: minorUnitsSchema,
});
export type PlaceSlipReply = z.infer<typeof placeSlipReplySchema>;

export const memberBetsQuerySchema = z.object({
  gameId: gameIdSchema.optional(),
  numero: numeroSchema.optional(),
  state: z.enum(betStates).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export const memberBetsPageSchema = z.object({
  list: z.array(betViewSchema),
  totalPages: z.number().int().min(0),
  pageNo: z.number().int().min(1),
});

export const lobbyLaunchQuerySchema = z.object({
  lottoArea: z.literal('VN').optional(),
  launchMode: z.literal('LOTT').optional(),
  view: z.enum(['betting', 'lobby']).optional(),
  gameId: gameIdSchema.optional(),
  backUrl: z.string().max(512).optional(),
  language: z.string().max(8).optional(),
});
export const lobbyLaunchReplySchema = z.object({ url: z.string() });

/** The real-time events (their schemas live with the channel's, in realtime.ts). */
export { lotteryDrawEventSchema, type LotteryDrawEvent } from './realtime.ts';
