import { assign, fromPromise, setup } from 'xstate';
import { constants } from '../contract/constants.ts';
import type { Game } from '../contract/games.ts';

/** The lobby tabs (spec 2, category page): `fav` (saved) and `recent` need a session. */
export const gameListTabs = ['all', 'hot', 'fav', 'recent'] as const;
export type GameListTab = (typeof gameListTabs)[number];

/** The minimum bet filter values (spec 2): all, or a minimum bet in the site currency. */
export const minBetOptions = ['all', '0.01', '0.05', '0.1', '0.5', '0.75'] as const;
export type MinBetOption = (typeof minBetOptions)[number];

/** A game as the lobby shows it: the catalog's game (spec 3). */
export type GameCardItem = Game;

/** What the list asks the services for: one page of one tab with the filters. */
export type GameListQuery = {
  gameType: string;
  tab: GameListTab;
  vassalage: string | null;
  gameClassify: string | null;
  gameName: string;
  minBet: MinBetOption;
  pageNo: number;
};

/** One page of games; `favourites` are the player's saved nodeIds when the services know them. */
export type GameListPage = {
  list: GameCardItem[];
  totalPages: number;
  favourites?: number[];
};

/** Saving or removing one favourite (spec 7: nodeId, vendor, gameType). */
export type FavouriteChange = { game: GameCardItem; add: boolean };

export type GameListContext = {
  gameType: string;
  tab: GameListTab;
  vassalage: string | null;
  gameClassify: string | null;
  /** The name typed; the query goes out after the debounce delay. */
  gameName: string;
  minBet: MinBetOption;
  pageNo: number;
  totalPages: number;
  games: GameCardItem[];
  favourites: number[];
  /** The vendor carousel: how many vendors, and the first one shown. */
  vendorCount: number;
  carouselStart: number;
  /** The code of the last failure of the list, or of a favourite change. */
  error: string | null;
  notice: 'favourite_failed' | null;
  /** The favourite change being saved. */
  pending: FavouriteChange | null;
};

export type GameListInput = {
  gameType: string;
  tab?: GameListTab;
  vassalage?: string | null;
  vendorCount?: number;
};

export type GameListEvent =
  /** The route's query changed: ?page= (tab) and ?vassalage= (vendor). */
  | { type: 'app.paramsChanged'; tab: GameListTab; vassalage: string | null }
  /** The catalog's vendors of this category arrived or changed. */
  | { type: 'app.vendorsChanged'; count: number }
  | { type: 'user.selectClassify'; gameClassify: string | null }
  | { type: 'user.selectMinBet'; minBet: MinBetOption }
  | { type: 'user.typeName'; gameName: string }
  | { type: 'user.firstPage' }
  | { type: 'user.prevPage' }
  | { type: 'user.nextPage' }
  | { type: 'user.lastPage' }
  | { type: 'user.carouselPrev' }
  | { type: 'user.carouselNext' }
  | { type: 'user.retry' }
  | { type: 'user.toggleFavourite'; game: GameCardItem }
  | { type: 'user.launch'; game: GameCardItem };

/** How many vendors the carousel shows at once; arrows appear over this (spec 9). */
export const carouselVisible = constants.carouselArrowsOver;

const codeOf = (error: unknown): string =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'system_error';

/** Any filter change starts again at page 1. */
const firstPage = { pageNo: 1 } as const;

/**
 * A category's game list (spec 2, category page): tabs all, hot, saved and recent (the last two
 * for a player only), a vendor carousel with arrows over 7 vendors, classify, name search
 * (debounced), minimum bet, paging first/prev/next/last. Every filter change goes back to page
 * 1. loading, ready (browsing or saving a favourite), empty and failed (retry). Launching asks a
 * visitor to log in; a player's game opens through the app's `openGame`.
 */
export const gameListMachine = setup({
  types: {
    context: {} as GameListContext,
    events: {} as GameListEvent,
    input: {} as GameListInput,
  },
  actors: {
    loadGames: fromPromise<GameListPage, GameListQuery>(async () => {
      throw new Error('loadGames is supplied by the app');
    }),
    saveFavourite: fromPromise<unknown, FavouriteChange>(async () => {
      throw new Error('saveFavourite is supplied by the app');
    }),
  },
  actions: {
    /** A visitor asked for a game or a favourite: the app opens the login popup. */
    askLogin: (_, _params: { game: GameCardItem }) => {},
    /** A player asked for a game: the app opens the /game frame or the 1300x900 popup. */
    openGame: (_, _params: { game: GameCardItem }) => {},
  },
  guards: {
    /** Supplied by the app: a player is signed in. */
    hasSession: () => false,
    /** All and hot are open to everyone; saved and recent need a session. */
    isOpenTab: (_, params: { tab: GameListTab }) => params.tab === 'all' || params.tab === 'hot',
    hasPrevPage: ({ context }) => context.pageNo > 1,
    hasNextPage: ({ context }) => context.pageNo < context.totalPages,
    canCarouselPrev: ({ context }) => context.carouselStart > 0,
    canCarouselNext: ({ context }) => context.carouselStart + carouselVisible < context.vendorCount,
    isPageEmpty: (_, params: { page: GameListPage }) => params.page.list.length === 0,
    isSavedTab: ({ context }) => context.tab === 'fav',
  },
  delays: { searchDebounce: constants.gameSearchDebounceMs },
}).createMachine({
  id: 'gameList',
  context: ({ input }) => ({
    gameType: input.gameType,
    tab: input.tab ?? 'all',
    vassalage: input.vassalage ?? null,
    gameClassify: null,
    gameName: '',
    minBet: 'all',
    pageNo: 1,
    totalPages: 0,
    games: [],
    favourites: [],
    vendorCount: input.vendorCount ?? 0,
    carouselStart: 0,
    error: null,
    notice: null,
    pending: null,
  }),
  initial: 'loading',
  on: {
    'app.paramsChanged': [
      {
        guard: { type: 'isOpenTab', params: ({ event }) => ({ tab: event.tab }) },
        target: '.loading',
        reenter: true,
        actions: assign(({ event }) => ({
          tab: event.tab,
          vassalage: event.vassalage,
          ...firstPage,
        })),
      },
      {
        guard: 'hasSession',
        target: '.loading',
        reenter: true,
        actions: assign(({ event }) => ({
          tab: event.tab,
          vassalage: event.vassalage,
          ...firstPage,
        })),
      },
      // A visitor asking for saved or recent gets all.
      {
        target: '.loading',
        reenter: true,
        actions: assign(({ event }) => ({
          tab: 'all' as const,
          vassalage: event.vassalage,
          ...firstPage,
        })),
      },
    ],
    'app.vendorsChanged': {
      actions: assign(({ event, context }) => ({
        vendorCount: event.count,
        carouselStart: Math.max(0, Math.min(context.carouselStart, event.count - carouselVisible)),
      })),
    },
    'user.carouselPrev': {
      guard: 'canCarouselPrev',
      actions: assign({ carouselStart: ({ context }) => context.carouselStart - 1 }),
    },
    'user.carouselNext': {
      guard: 'canCarouselNext',
      actions: assign({ carouselStart: ({ context }) => context.carouselStart + 1 }),
    },
    'user.selectClassify': {
      target: '.loading',
      reenter: true,
      actions: assign(({ event }) => ({ gameClassify: event.gameClassify, ...firstPage })),
    },
    'user.selectMinBet': {
      target: '.loading',
      reenter: true,
      actions: assign(({ event }) => ({ minBet: event.minBet, ...firstPage })),
    },
    'user.typeName': {
      target: '.debouncing',
      reenter: true,
      actions: assign(({ event }) => ({ gameName: event.gameName, ...firstPage })),
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadGames',
        src: 'loadGames',
        input: ({ context }) => ({
          gameType: context.gameType,
          tab: context.tab,
          vassalage: context.vassalage,
          gameClassify: context.gameClassify,
          gameName: context.gameName.trim(),
          minBet: context.minBet,
          pageNo: context.pageNo,
        }),
        onDone: [
          {
            guard: { type: 'isPageEmpty', params: ({ event }) => ({ page: event.output }) },
            target: 'empty',
            actions: assign({ games: [], totalPages: 0, error: null }),
          },
          {
            target: 'ready',
            actions: assign(({ event, context }) => ({
              games: event.output.list,
              totalPages: Math.max(1, event.output.totalPages),
              favourites: event.output.favourites ?? context.favourites,
              error: null,
            })),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => codeOf(event.error) }),
        },
      },
    },
    /** The name is being typed: the query waits for a pause. */
    debouncing: {
      tags: ['busy'],
      after: { searchDebounce: 'loading' },
    },
    ready: {
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            'user.firstPage': {
              guard: 'hasPrevPage',
              target: '#gameList.loading',
              actions: assign(firstPage),
            },
            'user.prevPage': {
              guard: 'hasPrevPage',
              target: '#gameList.loading',
              actions: assign({ pageNo: ({ context }) => context.pageNo - 1 }),
            },
            'user.nextPage': {
              guard: 'hasNextPage',
              target: '#gameList.loading',
              actions: assign({ pageNo: ({ context }) => context.pageNo + 1 }),
            },
            'user.lastPage': {
              guard: 'hasNextPage',
              target: '#gameList.loading',
              actions: assign({ pageNo: ({ context }) => context.totalPages }),
            },
            'user.toggleFavourite': [
              {
                guard: 'hasSession',
                target: 'savingFavourite',
                actions: assign(({ context, event }) => ({
                  notice: null,
                  pending: {
                    game: event.game,
                    add: !context.favourites.includes(event.game.nodeId),
                  },
                })),
              },
              {
                actions: { type: 'askLogin', params: ({ event }) => ({ game: event.game }) },
              },
            ],
            'user.launch': [
              {
                guard: 'hasSession',
                actions: { type: 'openGame', params: ({ event }) => ({ game: event.game }) },
              },
              {
                actions: { type: 'askLogin', params: ({ event }) => ({ game: event.game }) },
              },
            ],
          },
        },
        savingFavourite: {
          tags: ['busy'],
          invoke: {
            id: 'saveFavourite',
            src: 'saveFavourite',
            input: ({ context }) => context.pending!,
            onDone: [
              // Removing a game from the saved tab: the page is read again.
              {
                guard: 'isSavedTab',
                target: '#gameList.loading',
                actions: assign({ pending: null }),
              },
              {
                target: 'browsing',
                actions: assign(({ context }) => {
                  const change = context.pending;
                  if (!change) return {};
                  const rest = context.favourites.filter((id) => id !== change.game.nodeId);
                  return {
                    favourites: change.add ? [...rest, change.game.nodeId] : rest,
                    pending: null,
                  };
                }),
              },
            ],
            onError: {
              target: 'browsing',
              actions: assign({ notice: 'favourite_failed' as const, pending: null }),
            },
          },
        },
      },
    },
    empty: {},
    failed: {
      on: { 'user.retry': 'loading' },
    },
  },
});
