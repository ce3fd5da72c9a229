import { gameListMachine } from '../src/machines/game-list.machine.ts';
import type { Game } from '../src/contract/games.ts';
import { defineModel } from '../tests/support/model.ts';

export { gameListMachine };

const game: Game = {
  nodeId: 100234,
  vassalage: 'PG',
  gameType: 'RNG',
  gameCode: 'fortune-tiger',
  gameName: 'Fortune Tiger',
  gameClassify: 'SLOT',
  displayName: 'PG Soft',
  minBet: '5',
  minLineNum: 1,
  isHot: 1,
  maintenance: false,
  imageUrl: '/lgw/games/art/100234.svg',
};

export const model = defineModel({
  name: 'game-list',
  title: 'Game list (category lobby)',
  summary:
    'The games of a category page (/rng, /live, ...): tabs all, hot, saved and recent (saved ' +
    'and recent for a signed-in player only; a visitor asking for them gets all), the vendor ' +
    'carousel with arrows when there are more than 7 vendors, the classify filter, a name ' +
    'search that waits for a pause in typing, the minimum bet filter and paging first, ' +
    'previous, next and last. Any filter change goes back to page 1. While a page loads a busy ' +
    'indicator shows; no games shows an empty message; a failure shows an error with a retry. ' +
    'A star saves or removes a favourite (a failure says so); launching a game opens it for a ' +
    'player and asks a visitor to log in.',
  source: 'src/machines/game-list.machine.ts',
  machine: gameListMachine,
  input: { gameType: 'RNG', tab: 'all', vassalage: null, vendorCount: 0 },
  settings: [
    {
      name: 'visitor',
      description: 'no session: saved and recent fall back to all; launch and star ask to log in',
      provide: { guards: { hasSession: () => false } },
    },
    {
      name: 'player',
      description: 'a signed-in player: every tab, favourites saved, games open',
      provide: { guards: { hasSession: () => true } },
    },
  ],
  project: (context) => ({
    tab: context.tab,
    pageNo: context.pageNo,
    totalPages: context.totalPages,
    vendorCount: context.vendorCount,
    carouselStart: context.carouselStart,
  }),
  events: {
    'app.paramsChanged': [
      { label: 'vendor PG', tab: 'all', vassalage: 'PG' },
      { label: 'saved tab', tab: 'fav', vassalage: null },
    ],
    'app.vendorsChanged': [{ label: '8 vendors', count: 8 }],
    'user.selectClassify': [{ label: 'slots', gameClassify: 'SLOT' }],
    'user.selectMinBet': [{ label: 'from 0.05', minBet: '0.05' }],
    'user.typeName': [{ label: 'tiger', gameName: 'tiger' }],
    'user.firstPage': [{}],
    'user.prevPage': [{}],
    'user.nextPage': [{}],
    'user.lastPage': [{}],
    'user.carouselPrev': [{}],
    'user.carouselNext': [{}],
    'user.retry': [{}],
    'user.toggleFavourite': [{ label: 'Fortune Tiger', game }],
    'user.launch': [{ label: 'Fortune Tiger', game }],
    'xstate.done.actor.loadGames': [
      { label: 'three pages', output: { list: [game], totalPages: 3, favourites: [] } },
      { label: 'no games', output: { list: [], totalPages: 0 } },
    ],
    'xstate.error.actor.loadGames': [{ label: 'network error', error: { code: 'network_error' } }],
    'xstate.done.actor.saveFavourite': [{ label: 'saved', output: null }],
    'xstate.error.actor.saveFavourite': [
      { label: 'network error', error: { code: 'network_error' } },
    ],
    'xstate.after.searchDebounce.gameList.debouncing': [{}],
  },
  states: {
    'gameList.loading': {
      shows: 'the filters and a busy indicator where the game cards go',
      testId: 'game-list-loading',
    },
    'gameList.debouncing': {
      shows: 'the name typed in the search box; the list waits for a pause in typing',
      testId: 'game-list-loading',
    },
    'gameList.ready': {
      shows: 'the game cards of the page with star and play buttons, and the pager',
      testId: 'game-list',
    },
    'gameList.ready.browsing': {
      shows: 'the game cards; first/prev disabled on page 1, next/last on the last page',
      testId: 'game-list',
    },
    'gameList.ready.savingFavourite': {
      shows: 'the star of the game busy while the favourite is saved or removed',
      testId: 'game-list',
    },
    'gameList.empty': {
      shows: 'the translated "no games" message with the filters still there',
      testId: 'game-list-empty',
    },
    'gameList.failed': {
      shows: 'a translated error message and a retry button',
      role: { role: 'button', name: 'Retry' },
    },
  },
});
