import { join } from 'node:path';
import fp from 'fastify-plugin';
import { createSecretBox, developmentSecretKey } from '../../../platform/keys/secret-box.ts';
import { getSettings } from '../../system/system.port.ts';
import { createSeamlessService } from './seamless.service.ts';
import { createLaunchService, providerGames, type GameLookup } from './launch.service.ts';
import { createBetRecordsService, type GameNames } from './bet-records.service.ts';
import type { BetSource } from './bet-sources.ts';
import { createProvidersService } from './providers.service.ts';
import { hub88Routes, seamlessRoutes } from './seamless.routes.ts';
import { launchRoutes, seamlessOpsRoutes } from './launch.routes.ts';
import type { SeamlessPort } from './seamless.port.ts';

export type SeamlessOptions = {
  /** The catalog's game lookup (games.port.ts); without it, the providers' vendors answer. */
  games?: () => GameLookup;
  /** The catalog's game names for the betting record; without it a bet shows its game code. */
  gameNames?: GameNames;
  /** Other products' bets for the member's records (the games area's registry). */
  betSources?: () => readonly BetSource[];
};

/**
 * The seamless wallet of the games area: the signed API game providers call (ours and a
 * Hub88-shaped adapter), launches, the member's game records and the operator's providers.
 * Decorates `app.seamless` (seamless.port.ts). Registered by the games area, after the wallet,
 * with the catalog's port as its game lookup.
 */
export const seamlessGames = fp<SeamlessOptions>(
  async (app, options) => {
    const { db } = app.database;
    const { config, clock } = app;
    const box = createSecretBox(
      config.totpKeys ?? [await developmentSecretKey(join(config.dataDir, 'dev-secret.key'))],
    );
    const fallback = providerGames(db);
    const games = options.games ?? (() => fallback);
    const seamless = createSeamlessService({
      db,
      clock,
      ledger: app.wallet.ledger,
      box,
      inMaintenance: () => app.system.inMaintenance(),
      // The winner board of the catalog, written in the win's own statement.
      winBoard: options.games !== undefined,
    });
    const providers = createProvidersService({
      db,
      clock,
      box,
      changed: (code) => seamless.forgetProvider(code),
    });
    await providers.ensureBuiltin(config.builtinGamesSecret);
    const launch = createLaunchService({
      db,
      clock,
      games,
      launchCdns: async () => (await getSettings(db)).launchGameCdns.filter((cdn) => cdn !== ''),
    });
    const records = createBetRecordsService({
      db,
      clock,
      timeZone: config.operatorTimeZone,
      ...(options.gameNames ? { gameNames: options.gameNames } : {}),
      ...(options.betSources ? { sources: options.betSources } : {}),
    });
    await app.register(seamlessRoutes, { seamless });
    await app.register(hub88Routes, { seamless });
    await app.register(launchRoutes, { launch, records });
    await app.register(seamlessOpsRoutes, { providers });
    app.decorate('seamless', {
      providerSecret: (code: string) => providers.secretOf(code),
    } satisfies SeamlessPort);
  },
  { name: 'games-seamless', dependencies: ['platform', 'system', 'wallet'], fastify: '5.x' },
);
