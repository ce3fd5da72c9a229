import { z } from 'zod';
import {
  drawViewSchema,
  lobbyLaunchReplySchema,
  lotteryMenuSchema,
  lotteryPaths,
  memberBetsPageSchema,
  openNumeroSchema,
  placeSlipReplySchema,
  type BetState,
  type PlaceSlipBody,
} from '../contract/lottery.ts';
import { constants } from '../contract/constants.ts';
import { gamesPaths, popularSchema } from '../contract/games.ts';
import type { PrizeMode } from '../contract/prize-mode.ts';
import type { HttpClient } from './http-client.ts';

/** The member's bets as the bets list asks for them. */
export type LotteryBetsQuery = {
  gameId?: string;
  numero?: string;
  state?: BetState;
  pageNo?: number;
  pageSize?: number;
};

const drawListSchema = z.array(drawViewSchema);
const openNumeroListSchema = z.array(openNumeroSchema);

/** A path of `lotteryPaths` with its `:params` filled in (each encoded). */
function fill(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * The lottery calls (src/contract/lottery.ts, spec section 7): the menu, the member's recent
 * games, the most played lottery games (gamesPaths.popular), each game's open draw, past draws with their results, one draw, the bet slip and the
 * member's bets, the lobby launch. Replies are read with the contract's schemas (zod classic:
 * the app loads this module lazily with the lottery pages).
 *
 * @example
 * const lottery = createLotteryClient(http);
 * const menu = await lottery.menu();
 * await lottery.placeSlip({ gameId: 'VN_FAST_1', numero, bets: [{ betType: 'de',
 *   selections: ['27'], unitAmount: '1000' }] });
 */
export function createLotteryClient(http: HttpClient) {
  return {
    /** The lottery menu: tags with their games, each with its open draw (device WEB). */
    menu: (signal?: AbortSignal) =>
      http.get(lotteryPaths.gameMenu, lotteryMenuSchema, { signal, query: { device: 'WEB' } }),
    /** The games the member bet on lately (recentCount 100, the site's prize mode). */
    recent: (prizeMode: PrizeMode, signal?: AbortSignal) =>
      http.get(lotteryPaths.recent, lotteryMenuSchema, {
        signal,
        query: { prizeMode, device: 'WEB', recentCount: 100 },
      }),
    /** The most played lottery games of the site's prize mode (count 20, device WEB). */
    popular: (prizeMode: PrizeMode, signal?: AbortSignal) =>
      http.get(gamesPaths.popular, popularSchema, {
        signal,
        query: { count: constants.popularSize, prizeMode, device: 'WEB' },
      }),
    /** The open draw of the given games (all games when none is given). */
    openedNumero: (gameIds: readonly string[] = [], signal?: AbortSignal) =>
      http.get(lotteryPaths.openedNumero, openNumeroListSchema, {
        signal,
        query: { gameIds: gameIds.length > 0 ? gameIds.join(',') : undefined },
      }),
    /** A game's past draws with their results, newest first (the result board). */
    openedNumeros: (gameId: string, count = 100, signal?: AbortSignal) =>
      http.get(lotteryPaths.openedNumeros, drawListSchema, { signal, query: { gameId, count } }),
    /** One draw in full: state, seed hash, seed once drawn, numbers. */
    draw: (gameId: string, numero: string, signal?: AbortSignal) =>
      http.get(fill(lotteryPaths.draw, { gameId, numero }), drawViewSchema, { signal }),
    /** Places a slip of bets on one open draw; the reply has the bets, the total and balance. */
    placeSlip: (body: PlaceSlipBody, signal?: AbortSignal) =>
      http.post(lotteryPaths.bets, placeSlipReplySchema, { signal, body }),
    /** The member's bets, newest first. */
    bets: (query: LotteryBetsQuery = {}, signal?: AbortSignal) =>
      http.get(lotteryPaths.bets, memberBetsPageSchema, { signal, query }),
    /** The lobby launch (lottoArea VN, launchMode LOTT). */
    launch: (
      query: { view: 'betting' | 'lobby'; gameId?: string; backUrl?: string; language?: string },
      signal?: AbortSignal,
    ) =>
      http.get(lotteryPaths.lobbyLaunch, lobbyLaunchReplySchema, {
        signal,
        query: { lottoArea: 'VN', launchMode: 'LOTT', ...query },
      }),
  };
}

export type LotteryClient = ReturnType<typeof createLotteryClient>;
