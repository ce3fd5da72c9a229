import { lotteryRefreshMachine } from '../src/machines/lottery-refresh.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { lotteryRefreshMachine };

export const model = defineModel({
  name: 'lottery-refresh',
  title: 'Lottery lobby refresh',
  summary:
    'Keeps the games of a lottery lobby (/lottery, /vnlottery) fresh: it loads the list, waits ' +
    'the smallest remaining time of the open draws (and, for a game between a close and its ' +
    'next opening, the time to that opening) capped at 30000 ms (7000 ms when that is ' +
    'zero or less) and loads again. A failed load keeps the games shown with an error and tries ' +
    'again after 7000 ms or when the player asks. A page out of sight loads nothing until it is ' +
    'seen again, then loads at once.',
  source: 'src/machines/lottery-refresh.machine.ts',
  machine: lotteryRefreshMachine,
  events: {
    'user.refresh': [{}],
    'app.hidden': [{}],
    'app.visible': [{}],
    'xstate.done.actor.loadLotteryList': [
      {
        label: 'two open draws, 45 s and 12 min left',
        output: {
          games: [
            {
              gameId: 'VN_FAST_1',
              numero: '202611260815',
              remainTime: 45_000,
              nextOpenTime: 0,
            },
            { gameId: 'VN_NORTH', numero: '20261126', remainTime: 720_000, nextOpenTime: 0 },
          ],
        },
      },
      { label: 'no open draw', output: { games: [] } },
    ],
    'xstate.error.actor.loadLotteryList': [
      { label: 'network error', error: { code: 'network_error', message: 'Network error' } },
    ],
    'xstate.after.refresh.lotteryRefresh.waiting': [{}],
    'xstate.after.retry.lotteryRefresh.failed': [{}],
  },
  states: {
    'lotteryRefresh.loading': {
      shows: 'the lottery list with a busy indicator while it loads',
      testId: 'lottery-list-loading',
    },
    'lotteryRefresh.waiting': {
      shows: 'the lottery games with their open draw and remaining time',
      testId: 'lottery-list',
    },
    'lotteryRefresh.failed': {
      shows: 'an error above the games last shown, with a retry button',
      testId: 'lottery-list-error',
    },
    'lotteryRefresh.paused': {
      shows: 'the games last shown (the page is out of sight)',
      testId: 'lottery-list',
    },
  },
});
