import fp from 'fastify-plugin';
import { createSiteCache } from './site-cache.ts';
import { createSystemService } from './system.service.ts';
import { createOpsService } from './system-ops.service.ts';
import { systemRoutes } from './system.routes.ts';
import { relayRoutes } from './relay.routes.ts';
import { opsRoutes } from './system-ops.routes.ts';
import { systemSeedSteps, vendorsSeedStep } from './system.seed-steps.ts';
import type { SystemPort } from './system.port.ts';

/** The area's seed steps that write the same rows on every install (app.ts, demoTemplateSeed). */
export const systemTemplateSeedSteps = [vendorsSeedStep];

/**
 * The site itself: status, permission/bootstrap, whitelabel, banners, announcements,
 * vendors, modules and validators (player routes), and the operator routes that edit them. Edits
 * clear the site cache.
 */
export const systemArea = fp(
  async (app) => {
    await app.seed(systemSeedSteps);
    const { db } = app.database;
    const cache = createSiteCache({ ttlMs: app.config.siteCacheMs });
    const system = createSystemService({ db, cache, moneyGrouping: app.config.moneyGrouping });
    // The routes that stop in maintenance (config.stopsInMaintenance) ask the operator's switch.
    app.provideMaintenanceCheck(() => system.inMaintenance());
    const ops = createOpsService({ db, clock: app.clock, onChange: cache.clear });
    await app.register(systemRoutes, { system, keys: app.keys });
    await app.register(relayRoutes, { system });
    await app.register(opsRoutes, { ops });
    app.decorate('system', system satisfies SystemPort as SystemPort);
  },
  { name: 'system', dependencies: ['platform'], fastify: '5.x' },
);
