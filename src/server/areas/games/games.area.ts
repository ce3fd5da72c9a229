import fp from 'fastify-plugin';
import { createCatalogService } from './catalog.service.ts';
import { createCatalogCache } from './catalog-cache.ts';
import { createCatalogOpsService } from './catalog-ops.service.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { catalogOpsRoutes } from './catalog-ops.routes.ts';
import { createGamesPort } from './catalog-lookup.ts';
import { gamesSeedSteps } from './games.seed-steps.ts';
import type { GamesPort } from './games.port.ts';
import { seamlessGames } from './seamless/seamless.plugin.ts';
import { catalogGames } from './seamless/launch.service.ts';
import { createBetSources } from './seamless/bet-sources.ts';

/**
 * The area's seed steps that write the same rows on every install, all of them: the demo
 * catalog of this size over the seeded vendors (app.ts, demoTemplateSeed).
 */
export const gamesTemplateSeedSteps = gamesSeedSteps;

/**
 * Games: the catalog (menus, list and search, hot, popular, favourites, recent, winner board,
 * rooms, artwork), its operator API, and the port the launch and seamless wallet use.
 */
export const gamesArea = fp(
  async (app) => {
    await app.seed(gamesSeedSteps(app.config.demoCatalog));
    const { db } = app.database;
    const { clock } = app;
    const cache = createCatalogCache({ ttlMs: app.config.siteCacheMs });
    await app.register(catalogRoutes, { catalog: createCatalogService({ db, clock, cache }) });
    await app.register(catalogOpsRoutes, {
      ops: createCatalogOpsService({ db, clock, onChange: cache.clear }),
    });
    // Other products' bets in the member's records: the lottery registers its own at its start.
    const betSources = createBetSources();
    const port = {
      ...createGamesPort({ db, clock }),
      betSources: { register: betSources.register },
    } satisfies GamesPort as GamesPort;
    app.decorate('games', port);
    // The seamless wallet, launches and game records (seamless/), over the catalog's port.
    const lookup = catalogGames(port);
    await app.register(seamlessGames, {
      games: () => lookup,
      gameNames: port.gameNames,
      betSources: betSources.list,
    });
  },
  { name: 'games', dependencies: ['platform', 'system', 'identity', 'wallet'], fastify: '5.x' },
);
