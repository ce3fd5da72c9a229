import fp from 'fastify-plugin';
import { createCatalogService } from './catalog.service.ts';
import { createCatalogCache } from './catalog-cache.ts';
import { createCatalogOpsService } from './catalog-ops.service.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { catalogOpsRoutes } from './catalog-ops.routes.ts';
import { createGamesPort } from './catalog-lookup.ts';
import { gamesSeedSteps } from './games.seed-steps.ts';
import type { GamesPort } from './games.port.ts';

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
    app.decorate('games', createGamesPort({ db, clock }) satisfies GamesPort as GamesPort);
  },
  { name: 'games', dependencies: ['platform', 'system', 'identity'], fastify: '5.x' },
);
