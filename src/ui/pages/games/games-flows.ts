import type { gameListMachine } from '../../../machines/game-list.machine.ts';
import type { remoteDataMachine } from '../../../machines/remote-data.machine.ts';
import type { Game } from '../../../contract/games.ts';
import type { LaunchReply } from '../../../contract/seamless.ts';
import { createFlowsContext } from '../../hooks/flows-context.ts';

/**
 * What the /game page gets for a launch: the game's URL, maintenance with other games, or a
 * trial (free play) account refused (need_true_account): register first, never a retry.
 */
export type LaunchOutcome =
  | { kind: 'launched'; reply: LaunchReply }
  | { kind: 'maintenance'; others: Game[] }
  | { kind: 'registerFirst' };

/**
 * The games flows, their effects supplied by the app (src/app/games-actors.ts). A page starts
 * its own actor with `useActorRef(flow, { input })`.
 */
export type GamesFlows = {
  /** A category's list: input { gameType, tab, vassalage, vendorCount }. */
  gameList: typeof gameListMachine;
  /**
   * /game: params { nodeId, gameCode, gameType, vassalage, backUrl } -> LaunchOutcome; with
   * { lobby: vendor, gameType } a vendor's lobby instead (GCS_gameLaunchFB, /fbsports).
   */
  launch: typeof remoteDataMachine;
  /**
   * A category page's chosen vendor: params { vassalage } -> VendorType | null (its classifies
   * and maintenance, GCSGAME_getVassGameType); no call without a vendor.
   */
  vendorType: typeof remoteDataMachine;
  /** The side menu's recent games: params {} -> Game[] (a visitor gets none). */
  recentGames: typeof remoteDataMachine;
  /** Betting record: params BetRecordQuery as strings -> BetRecordPage. */
  bets: typeof remoteDataMachine;
  /** Personal profit and loss: params as the betting record -> ProfitPage. */
  profit: typeof remoteDataMachine;
  /** Opens a game for a player: RNG in the /game frame, other vendors in a 1300x900 popup. */
  openGame: (game: Game) => void;
};

export const [GamesFlowsProvider, useGamesFlows] = createFlowsContext<GamesFlows>('Games');

/** The /game path of a game. */
export function gamePath(
  game: Pick<Game, 'nodeId' | 'gameType' | 'vassalage'> & { gameCode?: string },
): string {
  const query = new URLSearchParams({
    nodeId: String(game.nodeId),
    gameType: game.gameType,
    vassalage: game.vassalage,
  });
  if (game.gameCode) query.set('gameCode', game.gameCode);
  return `/game?${query.toString()}`;
}
