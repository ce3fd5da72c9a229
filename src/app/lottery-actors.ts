import { fromPromise, type ActorRefFrom } from 'xstate';
import { drawCountdownMachine } from '../machines/draw-countdown.machine.ts';
import { lotteryRefreshMachine } from '../machines/lottery-refresh.machine.ts';
import type { sessionMachine } from '../machines/session.machine.ts';
import type { LotteryClient } from '../services/lottery.service.ts';
import { createLotteryFavourites } from '../services/lottery-favourites.ts';
import type { dialogLogic } from '../ui/modals/dialogs.ts';
import type { LotteryFlows } from '../ui/pages/lottery/lottery-flows.ts';
import type { LotteryNewsHub } from './lottery-news.ts';
import { prizeModeOf } from '../contract/prize-mode.ts';
import type { GameVendorLanes } from '../contract/system.ts';

/**
 * The lottery flows wired to the lottery client, the session and the login popup. Loaded with
 * the first lottery page (site-actors.ts imports it on demand): the machines stay out of the
 * first page's script.
 */
export function createLotteryFlows({
  lottery,
  news,
  session,
  dialogs,
  vendors,
}: {
  lottery: LotteryClient;
  news: LotteryNewsHub;
  session: ActorRefFrom<typeof sessionMachine>;
  dialogs: ActorRefFrom<typeof dialogLogic>;
  /** The game vendor call's lanes once read (the prize mode comes from them). */
  vendors: () => GameVendorLanes | null;
}): LotteryFlows {
  const favourites = createLotteryFavourites();
  return {
    lobbyRefresh: lotteryRefreshMachine.provide({
      actors: {
        loadLotteryList: fromPromise(async ({ signal }) => {
          const menu = await lottery.menu(signal);
          // The durations count from the answer: the pages subtract the time since.
          const receivedAt = performance.now();
          return {
            games: menu.flatMap((tag) => tag.gameMenus.map((game) => ({ ...game, receivedAt }))),
          };
        }),
      },
    }),
    drawCountdown: (gameId) =>
      drawCountdownMachine.provide({
        actors: {
          loadDrawResult: fromPromise(async ({ input, signal }) => {
            const draw = await lottery.draw(gameId, input.numero, signal);
            return draw.numbers ? { numero: draw.numero, numbers: draw.numbers } : null;
          }),
        },
      }),
    calls: {
      recent: (signal) => lottery.recent(prizeModeOf(vendors()), signal),
      popular: async (signal) => (await lottery.popular(prizeModeOf(vendors()), signal)).list,
      openedNumeros: (gameId, count, signal) => lottery.openedNumeros(gameId, count, signal),
      placeSlip: (body, signal) => lottery.placeSlip(body, signal),
      bets: (query, signal) => lottery.bets(query, signal),
    },
    listen: news.listen,
    favourites: favourites.get,
    saveFavourites: favourites.set,
    showBalance: (balance) => session.send({ type: 'realtime.balance', balance }),
    askLogin: () => dialogs.send({ type: 'user.openLogin' }),
  };
}
