/**
 * What other parts of the server may use of the games catalog (decorated as `app.games`):
 * find a game by (vendor, game code) or node id and whether it is playable now, record a launch
 * (recent games, popularity) and a win (the winner board). The seamless wallet and the launch
 * call use these; they never touch the catalog tables. `betSources.register` is the extension
 * point of the member's records: a product outside the seamless wallet (the lottery) lists its
 * bets in the betting record and the profit and loss (seamless/bet-sources.ts).
 */
import type { createGamesPort } from './catalog-lookup.ts';
import type { BetSources } from './seamless/bet-sources.ts';

export type GamesPort = ReturnType<typeof createGamesPort> & { betSources: BetSources };

declare module 'fastify' {
  interface FastifyInstance {
    /** The games area's catalog port (registered by `gamesArea`). */
    games: GamesPort;
  }
}

export type { BetSource, BetSourceFilter, BetSources } from './seamless/bet-sources.ts';
export {
  findGame,
  findGameByNodeId,
  recordPlay,
  recordWin,
  type BoardWin,
  type CatalogGame,
} from './catalog-lookup.ts';
