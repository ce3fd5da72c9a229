import { assign, fromPromise, setup } from 'xstate';
import { constants } from '../contract/constants.ts';

/**
 * A lottery game of the lobby as far as the refresh goes (spec 3, lottery game): its open draw
 * (`numero`) and `remainTime`, the milliseconds until that draw stops taking bets, and, while
 * none is open, `nextOpenTime`, the milliseconds until the next one opens (null: none
 * planned), as the server counted them when it answered.
 */
export type LotteryListGame = {
  gameId: string;
  numero: string | null;
  remainTime: number;
  nextOpenTime: number | null;
};

/** What the lobby shows: the games of the current list, from one answer of the server. */
export type LotteryList = { games: LotteryListGame[] };

export type LotteryRefreshContext = {
  games: LotteryListGame[];
  /** The wait before the next load, worked out from the last answer (spec 4). */
  refreshMs: number;
  /** The code of the last failed load; the list keeps what it showed. */
  error: string | null;
};

export type LotteryRefreshEvent =
  /** The player asks for fresh numbers now (pull to refresh, the refresh button). */
  | { type: 'user.refresh' }
  /** The page went out of sight (another tab, the phone locked): no loads meanwhile. */
  | { type: 'app.hidden' }
  /** The page is seen again: load at once, the numbers may have moved on. */
  | { type: 'app.visible' };

/**
 * The spec's rule (section 4): the smallest remaining time of the open draws, capped at
 * 30000 ms; 7000 ms when that is zero or less (a draw is closing now: ask again soon). A game
 * between a close and its next opening counts with the time to that opening, so the list
 * brings the new draw when it opens rather than up to 30 s later. Nothing timed waits the
 * whole 30000 ms.
 */
export function refreshDelayOf(games: readonly LotteryListGame[]): number {
  const timed = games.flatMap((game) =>
    game.numero !== null
      ? [game.remainTime]
      : game.nextOpenTime !== null
        ? [game.nextOpenTime]
        : [],
  );
  if (timed.length === 0) return constants.lotteryRefreshMaxMs;
  const least = Math.min(...timed);
  if (!(least > 0)) return constants.lotteryRefreshFallbackMs;
  return Math.min(least, constants.lotteryRefreshMaxMs);
}

/** Reads a rejected load (the app's ApiError or anything else) as a code. */
function errorCodeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error as { code: unknown };
    if (typeof code === 'string') return code;
  }
  return 'network_error';
}

/**
 * `lotteryRefreshMachine`: keeps a lottery lobby's list fresh (spec 4, 9). It loads the list,
 * waits the time `refreshDelayOf` gives (the next draw to close, at most 30 s, 7 s when a draw is
 * closing now) and loads again; a failed load keeps the games shown and tries again after 7 s or
 * when the player asks. A hidden page does not poll; it loads as soon as it is seen again. The
 * app supplies `loadLotteryList`.
 */
export const lotteryRefreshMachine = setup({
  types: {
    context: {} as LotteryRefreshContext,
    events: {} as LotteryRefreshEvent,
  },
  actors: {
    loadLotteryList: fromPromise<LotteryList, void>(async () => {
      throw new Error('loadLotteryList is supplied by the app');
    }),
  },
  delays: {
    refresh: ({ context }) => context.refreshMs,
    retry: constants.lotteryRefreshFallbackMs,
  },
}).createMachine({
  id: 'lotteryRefresh',
  context: { games: [], refreshMs: constants.lotteryRefreshMaxMs, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadLotteryList',
        src: 'loadLotteryList',
        onDone: {
          target: 'waiting',
          actions: assign({
            games: ({ event }) => event.output.games,
            refreshMs: ({ event }) => refreshDelayOf(event.output.games),
            error: null,
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorCodeOf(event.error) }),
        },
      },
      on: { 'app.hidden': 'paused' },
    },
    waiting: {
      after: { refresh: 'loading' },
      on: { 'user.refresh': 'loading', 'app.hidden': 'paused' },
    },
    failed: {
      after: { retry: 'loading' },
      on: { 'user.refresh': 'loading', 'app.hidden': 'paused' },
    },
    /** Out of sight: no timer runs and no load goes out. */
    paused: {
      on: { 'app.visible': 'loading' },
    },
  },
});
