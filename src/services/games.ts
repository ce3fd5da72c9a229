import {
  favoriteIdsSchema,
  favoriteListSchema,
  gameMenusSchema,
  gamePageSchema,
  gamesPaths,
  hotGamesSchema,
  recentGamesSchema,
  vassGameTypeSchema,
  type Game,
  type VendorType,
} from '../contract/games.ts';
import {
  betRecordPageSchema,
  betRecordsPaths,
  launchPaths,
  launchReplySchema,
  profitPageSchema,
  type BetRecordQuery,
  type LaunchFBQuery,
  type LaunchQuery,
} from '../contract/seamless.ts';
import type { Language } from '../contract/constants.ts';
import type { HttpClient } from './http-client.ts';

/** One page of games as the lobby asks for it (the game list machine's query). */
export type GamesQuery = {
  gameType: string;
  tab: 'all' | 'hot' | 'fav' | 'recent';
  vassalage: string | null;
  gameClassify: string | null;
  gameName: string;
  minBet: string;
  pageNo: number;
};

export type GamesPage = { list: Game[]; totalPages: number; favourites?: number[] };

/**
 * The games calls (src/contract/games.ts and the launch and records calls of seamless.ts):
 * the lobby's list by tab, favourites, recent plays, menus, launch and the member's bets.
 * Zod classic: the app loads this module lazily with the game pages.
 *
 * @example
 * const games = createGamesClient(http);
 * const page = await games.page({ gameType: 'RNG', tab: 'all', vassalage: null,
 *   gameClassify: null, gameName: 'tiger', minBet: 'all', pageNo: 1 }, 'en', true);
 */
export function createGamesClient(http: HttpClient) {
  const favouriteIds = async (signal?: AbortSignal) =>
    (await http.get(gamesPaths.favoriteIds, favoriteIdsSchema, { signal })).nodeIds;

  const list = async (query: GamesQuery, language: Language, signal?: AbortSignal) => {
    const page = await http.get(gamesPaths.gameList, gamePageSchema, {
      signal,
      query: {
        clientType: 3,
        gameType: query.gameType,
        vassalage: query.vassalage ?? undefined,
        gameClassify: query.gameClassify ?? undefined,
        gameName: query.gameName || undefined,
        minBet: query.minBet === 'all' ? undefined : query.minBet,
        isHot: query.tab === 'hot' ? 1 : undefined,
        pageNo: query.pageNo,
        language,
      },
    });
    return { list: page.list, totalPages: page.totalPages };
  };

  return {
    /**
     * A page of a tab: all and hot from the game list, saved from the favourites, recent from
     * the member's plays (every page at once for RNG). For a player the favourite ids come
     * along (the stars).
     */
    page: async (
      query: GamesQuery,
      language: Language,
      signedIn: boolean,
      signal?: AbortSignal,
    ): Promise<GamesPage> => {
      const favourites = signedIn ? favouriteIds(signal) : Promise.resolve(undefined);
      let page: { list: Game[]; totalPages: number };
      if (query.tab === 'fav') {
        const saved = await http.get(gamesPaths.favoriteList, favoriteListSchema, {
          signal,
          query: { pageNo: query.pageNo, gameType: query.gameType, language },
        });
        page = { list: saved.content, totalPages: saved.totalPages };
      } else if (query.tab === 'recent') {
        const recentPage = (pageNo: number) =>
          http.get(gamesPaths.recentGames, recentGamesSchema, {
            signal,
            query: { clientType: 3, pageNo, gameType: query.gameType, language },
          });
        if (query.gameType === 'RNG') {
          // Recent games for RNG load all pages (spec section 4): one list, one page.
          const list: Game[] = [];
          for (let pageNo = 1, totalPages = 1; pageNo <= totalPages; pageNo++) {
            const recent = await recentPage(pageNo);
            list.push(...recent.list);
            totalPages = recent.totalPages;
          }
          page = { list, totalPages: 1 };
        } else {
          const recent = await recentPage(query.pageNo);
          page = { list: recent.list, totalPages: recent.totalPages };
        }
      } else {
        page = await list(query, language, signal);
      }
      return { ...page, favourites: await favourites };
    },
    favouriteIds,
    /** Adds or removes a favourite; answers the new id list. */
    saveFavourite: async (game: Game, add: boolean) =>
      (
        await http.post(
          add ? gamesPaths.addFavorite : gamesPaths.removeFavorite,
          favoriteIdsSchema,
          {
            body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
          },
        )
      ).nodeIds,
    /** The side menu's recent games (first page, every category). */
    recent: async (language: Language, signal?: AbortSignal) =>
      (
        await http.get(gamesPaths.recentGames, recentGamesSchema, {
          signal,
          query: { clientType: 3, pageNo: 1, language },
        })
      ).list,
    /**
     * One vendor's category, name, classifies and maintenance (GCSGAME_getVassGameType); null
     * for a code no vendor has (or one the call would refuse).
     */
    vendorType: async (vassalage: string, signal?: AbortSignal): Promise<VendorType | null> => {
      if (!/^[A-Za-z0-9_]{1,40}$/.test(vassalage)) return null;
      const reply = await http.get(gamesPaths.vassGameType, vassGameTypeSchema, {
        signal,
        query: { vassalage },
      });
      return reply.list[0] ?? null;
    },
    menus: (language: Language, signal?: AbortSignal) =>
      http.get(gamesPaths.gameMenus, gameMenusSchema, { signal, query: { language } }),
    hot: (language: Language, signal?: AbortSignal) =>
      http.get(gamesPaths.hotGames, hotGamesSchema, { signal, query: { isPlatform: 2, language } }),
    /** Other games to offer when one is under maintenance: the category's first page. */
    others: (gameType: string, language: Language, signal?: AbortSignal) =>
      list(
        {
          gameType,
          tab: 'hot',
          vassalage: null,
          gameClassify: null,
          gameName: '',
          minBet: 'all',
          pageNo: 1,
        },
        language,
        signal,
      ),
    /** Launches one game: the URL with its single-use token and how to open it. */
    launch: (query: LaunchQuery, signal?: AbortSignal) =>
      http.get(launchPaths.launchGame, launchReplySchema, {
        signal,
        query: query as Record<string, string | number | undefined>,
      }),
    /** Launches a vendor's lobby (GCS_gameLaunchFB: the FB sports book of /fbsports). */
    launchVendor: (query: LaunchFBQuery, signal?: AbortSignal) =>
      http.get(launchPaths.gameLaunchFB, launchReplySchema, {
        signal,
        query: query as Record<string, string | number | undefined>,
      }),
    /** Betting record (personalHistoryCopy), 15 a page. */
    bets: (query: BetRecordQuery, signal?: AbortSignal) =>
      http.get(betRecordsPaths.personalHistory, betRecordPageSchema, {
        signal,
        query: query as Record<string, string | number | undefined>,
      }),
    /** Personal profit and loss (personalProfit), per day, 15 a page. */
    profit: (query: BetRecordQuery, signal?: AbortSignal) =>
      http.get(betRecordsPaths.personalProfit, profitPageSchema, {
        signal,
        query: query as Record<string, string | number | undefined>,
      }),
  };
}

export type GamesClient = ReturnType<typeof createGamesClient>;
