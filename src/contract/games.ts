import { z } from 'zod';
import { constants, languages } from './constants.ts';
import { gameCategories, type GameCategory } from './routes.ts';
import { prizeModes } from './prize-mode.ts';
import { isStorableText } from './primitives.ts';
import { minorUnitsSchema } from './wallet.ts';

/**
 * The games catalog calls of spec section 7 (issue 13): menus, the game list with its filters,
 * hot, popular, favourites, recent plays, the winner board and PVP rooms, plus the operator's
 * catalog management. Zod classic: the lobby pages load this module lazily with their page
 * group, never the first page. Launch calls are in seamless.ts.
 *
 * Money: `minBet` is a string of integer minor units (paise), as in wallet.ts; the list's
 * `minBet` filter takes the spec's major-unit values (0.01, 0.05, 0.1, 0.5, 0.75).
 */
export const gamesPaths = {
  /** GET: the categories with their vendors and game counts (nav bar, login modal menu). */
  gameMenus: '/lgw/games/game_menus',
  /** GET: one page (15) of games, filtered by category, vendor, classify, name, min bet. */
  gameList: '/wps/relay/GCSGAME_gameList',
  /** GET: per vendor, its category and classify filters (which lobby a vendor belongs to). */
  vassGameType: '/wps/relay/GCSGAME_getVassGameType',
  /** GET: hot games grouped by category (value.list) and the footer's vendor strip. */
  hotGames: '/wps/relay/GCSGAME_hotGamesV2',
  /** GET: the most played lottery games of a prize mode (count 20; the lottery page's hot tab). */
  popular: '/lgw/games/popular',
  /** GET (token): the member's favourite game node ids. */
  favoriteIds: '/wps/relay/MCSFE_getFavoriteGames',
  /** GET (token): the member's favourite games, paged (value.content, totalPages). */
  favoriteList: '/wps/relay/MCSFE_getFavoriteGamesList',
  /** POST (token): add a favourite (nodeId, vendor, gameType); answers the new id list. */
  addFavorite: '/wps/relay/MCSFE_addFavoriteGame',
  /** POST (token): remove a favourite (nodeId, vendor, gameType); answers the new id list. */
  removeFavorite: '/wps/relay/MCSFE_removeFavoriteGame',
  /** GET (token): the member's recently played games, newest first (value.list, totalPages). */
  recentGames: '/wps/relay/GCS_recentGame',
  /** GET: the winner board, the biggest recent wins (limitNum 50). */
  rankList: '/wps/relay/GCSGAME_getRankList',
  /** GET: the rooms (bet tiers) of PVP games. */
  roomList: '/wps/relay/GLS2_roomList',
  /** GET: a game's artwork, an SVG made by the server from the game's id (cached a day). */
  art: '/lgw/games/art/:file',
} as const;

/** The artwork URL of a game. */
export const gameArtUrl = (nodeId: number) => `/lgw/games/art/${nodeId}.svg`;

/** Operator calls of the games catalog (HTTP Basic, audited). */
export const gamesOpsPaths = {
  /** POST: add a game. GET: search the catalog, disabled games included. */
  games: '/ops/games',
  /** PATCH: edit a game (names, classify, min bet, lines, hot, status, maintenance, sort). */
  game: '/ops/games/:nodeId',
  /** PUT `{maintenance, disabled}`: a whole vendor's availability. */
  vendor: '/ops/games/vendors/:vassalage',
} as const;

export const gameCategorySchema = z.enum(gameCategories);
export const gameLanguageSchema = z.enum(languages);

/** The minimum-bet filter values of the category page (spec section 2), major units. */
export const minBetFilters = ['0.01', '0.05', '0.1', '0.5', '0.75'] as const;

/** Status of a game in the catalog: disabled games are never shown to players. */
export const gameStatuses = ['ACTIVE', 'DISABLED'] as const;
export const gameStatusSchema = z.enum(gameStatuses);

/** The category page's list types (spec section 4): fav and recent need a login. */
export const gameListTypes = ['all', 'hot', 'fav', 'recent'] as const;
export type GameListType = (typeof gameListTypes)[number];

/** Text a column can store, trimmed, within limits. */
const text = (max: number) =>
  z.string().trim().max(max).refine(isStorableText, { message: 'unstorable text' });
const vendorCode = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_]+$/, 'vendor code: letters, digits, _');
const nodeIdSchema = z.number().int().min(1).max(2_147_483_647);
const nodeIdParam = z.coerce.number().int().min(1).max(2_147_483_647);
const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(constants.pageSize).default(constants.pageSize);
const language = gameLanguageSchema.optional();

/** One game as players see it, its name in the asked language. */
export const gameSchema = z.object({
  nodeId: z.number().int(),
  /** The vendor's code (RNG vendor, live vendor...). */
  vassalage: z.string(),
  gameType: gameCategorySchema,
  /** The provider's own code for the game (what a launch sends). */
  gameCode: z.string(),
  gameName: z.string(),
  gameClassify: z.string(),
  /** The vendor's name as the card shows it. */
  displayName: z.string(),
  /** The smallest bet, integer minor units. */
  minBet: minorUnitsSchema,
  minLineNum: z.number().int(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** The game or its whole vendor is under maintenance: shown, but not launchable. */
  maintenance: z.boolean(),
  imageUrl: z.string(),
});
export type Game = z.infer<typeof gameSchema>;

/** A page of games in the spec's fields. */
export const gamePageSchema = z.object({
  list: z.array(gameSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});
export type GamePage = z.infer<typeof gamePageSchema>;

/** GCSGAME_gameList: the spec's game list query (section 3). */
export const gameListQuerySchema = z
  .object({
    clientType: z.coerce.number().int().pipe(z.literal(3)).default(3),
    platform: text(20).optional(),
    channel: text(40).optional(),
    merchant: text(40).optional(),
    gameType: gameCategorySchema.optional(),
    vassalage: vendorCode.optional(),
    gameClassify: text(40).optional(),
    /** Part of the name, any language, any case, accents ignored. */
    gameName: text(60).optional(),
    /** Games whose minimum bet is this (the spec's filter: 0.01 ... 0.75), major units. */
    minBet: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, 'amount with at most 2 decimals')
      .optional(),
    /** Games whose minimum line count is at most this. */
    minLineNum: z.coerce.number().int().min(1).max(10_000).optional(),
    /** Only hot games (the hot tab). */
    isHot: z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .optional(),
    pageNo,
    pageSize,
    language,
  })
  .strict();
export type GameListQuery = z.input<typeof gameListQuerySchema>;

/** A vendor in a menu: its name, game count and whether it is under maintenance. */
export const menuVendorSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  logo: z.string(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  gameCount: z.number().int(),
  maintenance: z.boolean(),
});

/** /lgw/games/game_menus: navigation items (gameType, name, page) with their vendors. */
export const gameMenuSchema = z.object({
  gameType: gameCategorySchema,
  /** The category's name in the asked language. */
  name: z.string(),
  /** The lobby path, `/rng`. */
  page: z.string(),
  gameCount: z.number().int(),
  gameClassify: z.array(z.string()),
  vendors: z.array(menuVendorSchema),
});
export const gameMenusSchema = z.object({ menus: z.array(gameMenuSchema) });
export const gameMenusQuerySchema = z.object({ language }).strict();

/**
 * GCSGAME_getVassGameType: per vendor its category, name, the classifies its games use and
 * whether it is under maintenance (a category page's ?vassalage= reads it for its filters).
 */
export const vassGameTypeQuerySchema = z
  .object({ vassalage: vendorCode.optional(), language })
  .strict();
export const vassGameTypeSchema = z.object({
  list: z.array(
    z.object({
      vassalage: z.string(),
      gameType: gameCategorySchema,
      displayName: z.string(),
      gameClassify: z.array(z.string()),
      maintenance: z.boolean(),
    }),
  ),
});
/** One vendor of GCSGAME_getVassGameType. */
export type VendorType = z.infer<typeof vassGameTypeSchema>['list'][number];

/** GCSGAME_hotGamesV2 (merchantCode, isPlatform 2, platform, language). */
export const hotGamesQuerySchema = z
  .object({
    merchantCode: text(40).optional(),
    isPlatform: z.coerce.number().int().pipe(z.literal(2)).default(2),
    platform: text(20).optional(),
    language,
  })
  .strict();
export const hotGamesSchema = z.object({
  /** Hot games grouped by category, in the lanes' order. */
  list: z.array(z.object({ gameType: gameCategorySchema, games: z.array(gameSchema) })),
  /** The footer's vendor strip: every vendor with a logo. */
  footer: z.array(
    z.object({
      vassalage: z.string(),
      displayName: z.string(),
      gameType: gameCategorySchema,
      logo: z.string(),
    }),
  ),
});

/**
 * /lgw/games/popular (count 20, prizeMode, device, language): the most played lottery games,
 * those of the ELOTT category for prize mode Elott, of LOTT for the other modes, of both
 * without one. The device is the spec's shape: every catalog game plays on the web.
 */
export const popularQuerySchema = z
  .object({
    count: z.coerce.number().int().min(1).max(constants.popularSize).default(constants.popularSize),
    prizeMode: z.enum(prizeModes).optional(),
    device: text(20).optional(),
    language,
  })
  .strict();
/** The lottery categories of the catalog: the popular call's games are of these. */
export const lotteryCategories = ['ELOTT', 'LOTT'] as const satisfies readonly GameCategory[];
export type LotteryCategory = (typeof lotteryCategories)[number];
export const popularSchema = z.object({
  /** Most launches first; each game's gameType is ELOTT or LOTT. */
  list: z.array(gameSchema.extend({ gameType: z.enum(lotteryCategories) })),
});

/** MCSFE_getFavoriteGames: the member's favourite node ids. */
export const favoriteIdsSchema = z.object({ nodeIds: z.array(z.number().int()) });
export type FavoriteIds = z.infer<typeof favoriteIdsSchema>;

/** MCSFE_getFavoriteGamesList (pageNo, pageSize, gameType; value.content, totalPages). */
export const favoriteListQuerySchema = z
  .object({ pageNo, pageSize, gameType: gameCategorySchema.optional(), language })
  .strict();
export const favoriteListSchema = z.object({
  content: z.array(gameSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});

/** Add or remove a favourite (nodeId, vendor, gameType); the game must match all three. */
export const favoriteBodySchema = z
  .object({ nodeId: nodeIdSchema, vendor: vendorCode, gameType: gameCategorySchema })
  .strict();
export type FavoriteBody = z.infer<typeof favoriteBodySchema>;

/** GCS_recentGame (clientType 3, language, pageNo, pageSize; value.list, totalPages). */
export const recentGamesQuerySchema = z
  .object({
    clientType: z.coerce.number().int().pipe(z.literal(3)).default(3),
    gameType: gameCategorySchema.optional(),
    pageNo,
    pageSize,
    language,
  })
  .strict();
export const recentGameSchema = gameSchema.extend({
  /** When the member last launched it (ISO 8601). */
  playedAt: z.string(),
});
export const recentGamesSchema = z.object({
  list: z.array(recentGameSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});

/** GCSGAME_getRankList (gameCategory ALL, language, limitNum 50; value.list of records with vo). */
export const rankListQuerySchema = z
  .object({
    gameCategory: z.enum(['ALL', ...gameCategories]).default('ALL'),
    limitNum: z.coerce
      .number()
      .int()
      .min(1)
      .max(constants.winnerBoardSize)
      .default(constants.winnerBoardSize),
    language,
  })
  .strict();
export const rankRecordSchema = z.object({
  vo: z.object({
    /** The winner's username, masked on the server (`ra***77`). */
    memberName: z.string(),
    /** The catalog game; 0 for a lottery win (gameType LOTT, vassalage LOTTERY). */
    nodeId: z.number().int(),
    gameName: z.string(),
    gameType: gameCategorySchema,
    vassalage: z.string(),
    /** The win, integer minor units. */
    amount: minorUnitsSchema,
    wonAt: z.string(),
  }),
});
export const rankListSchema = z.object({ list: z.array(rankRecordSchema) });

/** GLS2_roomList: the bet-tier rooms of PVP games (one vendor's or one game's). */
export const roomListQuerySchema = z
  .object({ vassalage: vendorCode.optional(), nodeId: nodeIdParam.optional(), language })
  .strict();
export const roomSchema = z.object({
  roomId: z.string(),
  nodeId: z.number().int(),
  vassalage: z.string(),
  gameName: z.string(),
  /** The room's smallest bet, integer minor units. */
  minBet: minorUnitsSchema,
  /** 1 beginner, 2 standard, 3 high rollers. */
  level: z.number().int(),
  maintenance: z.boolean(),
});
export const roomListSchema = z.object({ list: z.array(roomSchema) });

export const artParamsSchema = z.object({
  file: z.string().regex(/^\d{1,10}\.svg$/, 'nodeId.svg'),
});

// --- Operator API ---

const namesSchema = z.object({ hi: text(120).min(1), en: text(120).min(1), bn: text(120).min(1) });
/** Integer minor units above zero, as a string (no leading zero). */
const minorInput = z.string().regex(/^[1-9]\d{0,11}$/, 'integer minor units above zero');

/** A game as the operator sees it: every language's name and its own flags. */
export const opsGameSchema = z.object({
  nodeId: z.number().int(),
  vassalage: z.string(),
  gameType: gameCategorySchema,
  gameCode: z.string(),
  gameName: z.object({ hi: z.string(), en: z.string(), bn: z.string() }),
  gameClassify: z.string(),
  displayName: z.string(),
  minBet: minorUnitsSchema,
  minLineNum: z.number().int(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  status: gameStatusSchema,
  maintenance: z.boolean(),
  popularity: z.number().int(),
  sort: z.number().int(),
  imageUrl: z.string(),
});
export type OpsGame = z.infer<typeof opsGameSchema>;

export const opsGameCreateSchema = z
  .object({
    vassalage: vendorCode,
    gameType: gameCategorySchema,
    gameCode: text(60).min(1),
    gameName: namesSchema,
    gameClassify: text(40).min(1),
    displayName: text(80).min(1),
    minBet: minorInput,
    minLineNum: z.number().int().min(1).max(10_000).default(1),
    isHot: z.union([z.literal(0), z.literal(1)]).default(0),
    sort: z.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
export type OpsGameCreate = z.input<typeof opsGameCreateSchema>;

export const opsGamePatchSchema = z
  .object({
    gameName: namesSchema.partial().strict().optional(),
    gameClassify: text(40).min(1).optional(),
    displayName: text(80).min(1).optional(),
    minBet: minorInput.optional(),
    minLineNum: z.number().int().min(1).max(10_000).optional(),
    isHot: z.union([z.literal(0), z.literal(1)]).optional(),
    status: gameStatusSchema.optional(),
    maintenance: z.boolean().optional(),
    sort: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'nothing to change' });
export type OpsGamePatch = z.input<typeof opsGamePatchSchema>;

export const opsGameParamsSchema = z.object({ nodeId: nodeIdParam });
export const opsGameSearchSchema = z
  .object({
    vassalage: vendorCode.optional(),
    gameName: text(60).optional(),
    status: gameStatusSchema.optional(),
    pageNo,
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export const opsGamePageSchema = z.object({
  list: z.array(opsGameSchema),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});

export const opsVendorParamsSchema = z.object({ vassalage: vendorCode });
export const opsVendorStatusBodySchema = z
  .object({ maintenance: z.boolean().optional(), disabled: z.boolean().optional() })
  .strict()
  .refine((body) => body.maintenance !== undefined || body.disabled !== undefined, {
    message: 'nothing to change',
  });
export const opsVendorStatusSchema = z.object({
  vassalage: z.string(),
  maintenance: z.boolean(),
  disabled: z.boolean(),
});
