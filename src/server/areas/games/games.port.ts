/**
 * What other parts of the server may use of the games catalog (decorated as `app.games`):
 * find a game by (vendor, game code) or node id and whether it is playable now, record a launch
 * (recent games, popularity) and a win (the winner board). The seamless wallet and the launch
 * call use these; they never touch the catalog tables.
 */
import type { createGamesPort } from './catalog-lookup.ts';

export type GamesPort = ReturnType<typeof createGamesPort>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The games area's catalog port (registered by `gamesArea`). */
    games: GamesPort;
  }
}

export {
  findGame,
  findGameByNodeId,
  recordPlay,
  recordWin,
  type BoardWin,
  type CatalogGame,
} from './catalog-lookup.ts';
