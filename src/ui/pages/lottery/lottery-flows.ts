import { use } from 'react';
import type { drawCountdownMachine } from '../../../machines/draw-countdown.machine.ts';
import type { lotteryRefreshMachine } from '../../../machines/lottery-refresh.machine.ts';
import type {
  BetState,
  BetView,
  DrawView,
  LotteryGame,
  LotteryMenu,
  PlaceSlipBody,
  PlaceSlipReply,
} from '../../../contract/lottery.ts';
import type { Game } from '../../../contract/games.ts';
import type { LotteryBetEvent, LotteryDrawEvent } from '../../../contract/realtime.ts';
import { createFlowsContext } from '../../hooks/flows-context.ts';

/** What the real-time channel tells the lottery pages. */
export type LotteryNews =
  | { name: 'lotteryDraw'; payload: LotteryDrawEvent }
  | { name: 'lotteryBet'; payload: LotteryBetEvent };

/** The lottery calls the pages make themselves (lists shown next to the machines). */
export type LotteryCalls = {
  /** The games the member bet on lately (members only). */
  recent(signal?: AbortSignal): Promise<LotteryMenu>;
  /** The most played lottery games of the site's prize mode (the hot tab). */
  popular(signal?: AbortSignal): Promise<Game[]>;
  /** A game's past draws, newest first (the result board). */
  openedNumeros(gameId: string, count?: number, signal?: AbortSignal): Promise<DrawView[]>;
  placeSlip(body: PlaceSlipBody, signal?: AbortSignal): Promise<PlaceSlipReply>;
  bets(
    query: { gameId?: string; state?: BetState; pageNo?: number; pageSize?: number },
    signal?: AbortSignal,
  ): Promise<{ list: BetView[]; totalPages: number; pageNo: number }>;
};

/**
 * The lottery flows, their effects supplied by the app (src/app/lottery-actors.ts). The lobby
 * and the betting view run `lobbyRefresh` (its games are the menu's full `LotteryGame`s); the
 * betting view runs `drawCountdown(gameId)` for its draw's timer.
 */
export type LotteryFlows = {
  lobbyRefresh: typeof lotteryRefreshMachine;
  drawCountdown: (gameId: string) => typeof drawCountdownMachine;
  calls: LotteryCalls;
  /** Listens to draw and bet news while a member is connected; returns the unsubscribe. */
  listen(listener: (news: LotteryNews) => void): () => void;
  /** The favourite game ids of this username (local storage LOTTFAV, per username). */
  favourites(username: string): string[];
  saveFavourites(username: string, gameIds: readonly string[]): void;
  /** A confirmed slip's balance, shown at once (the ledger's event follows). */
  showBalance(balance: string): void;
  /** Opens the login popup. */
  askLogin(): void;
};

/** The lottery flows come with the first lottery page: one promise the pages wait for. */
export type LotteryFlowsLoader = () => Promise<LotteryFlows>;

export const [LotteryFlowsProvider, useLotteryFlowsLoader] =
  createFlowsContext<LotteryFlowsLoader>('Lottery');

/** The lottery flows; the page suspends (its Suspense shows loading) until they are made. */
export function useLotteryFlows(): LotteryFlows {
  return use(useLotteryFlowsLoader()());
}

/** A game of the lobby's list: the menu's game and when (monotonic clock) it was read. */
export type LobbyGame = LotteryGame & { receivedAt: number };

/**
 * The games of a refresh snapshot. The lobby's loader gives the menu's full games stamped with
 * their reading time, a superset of the machine's `LotteryListGame`.
 */
export const lobbyGamesOf = (games: readonly { gameId: string }[]) => games as readonly LobbyGame[];
