import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { builtinProviderCode } from '../../../contract/builtin-games.ts';
import { builtinGameOfCode } from '../../../contract/builtin-games/verify.ts';
import { builtinGamesRoutes } from './builtin-games.routes.ts';
import { sendBuiltPage } from '../../platform/http/precompressed.ts';
import { createBuiltinGamesService } from './builtin-games.service.ts';
import { type SeamlessTransport, createSeamlessClient, httpTransport } from './seamless-client.ts';

/**
 * The built-in game provider (issue 13 point 6): its game pages under /builtin/<game>, its API
 * under /builtin-games/api, and its own tables. It reaches the wallet only over the signed
 * seamless wallet API, at BUILTIN_GAMES_WALLET_URL or this server's own listening address.
 */
export const builtinGamesProvider = fp(
  async (app) => {
    const { config } = app;
    // This server's own listening address; an app that only answers inject() (tests that
    // listen nowhere) gets the same signed bytes through inject.
    const ownAddress = () => {
      const address = app.server.address() as AddressInfo | string | null;
      if (!address || typeof address === 'string') return null;
      const host = address.family === 'IPv6' ? '[::1]' : '127.0.0.1';
      return `http://${host}:${address.port}`;
    };
    const injected: SeamlessTransport = async (path, init) => {
      const reply = await app.inject({
        method: 'POST',
        url: path,
        headers: init.headers,
        payload: init.body,
      });
      let json: unknown;
      try {
        json = reply.json();
      } catch {
        json = undefined;
      }
      return { status: reply.statusCode, json };
    };
    const wallet = createSeamlessClient({
      transport: () => {
        const base = config.builtinGames.walletUrl ?? ownAddress();
        return base ? httpTransport(() => base) : injected;
      },
      provider: builtinProviderCode,
      // The secret the wallet keeps for provider BUILTIN (BUILTIN_GAMES_SECRET or made at start).
      secret: async () => {
        const secret = await app.seamless.providerSecret(builtinProviderCode);
        if (!secret) throw new Error('the wallet has no secret for the built-in provider');
        return secret;
      },
    });
    const games = createBuiltinGamesService({
      db: app.database.db,
      clock: app.clock,
      wallet,
      keys: app.outcomeKeys,
    });
    // Every start: server seeds stored in clear by an earlier version, or under an outcome key
    // no longer first, revealed and rotated (builtin-seeds.ts).
    await app.seed([
      {
        name: 'builtin-games-seeds',
        everyStart: true,
        run: async (db) => void (await games.renewSeeds(db)),
      },
    ]);
    await app.register(builtinGamesRoutes, { games });
    // Rollbacks the wallet did not acknowledge, sent again with backoff until it does.
    app.scheduler.register({
      name: 'builtin-games-rollbacks',
      cron: '*/10 * * * * *',
      run: async (tx, period) => {
        const claimed = await games.retryRollbacks(tx, period.end);
        if (claimed > 0) app.log.info({ claimed }, 'built-in games: rollbacks sent again');
      },
    });
    // Before the database closes (the platform's onClose stops the scheduler, then closes it).
    app.addHook('preClose', () => games.rollbacksSettled());

    // The game pages: the built page of the games entry (vite.config.ts), when there is a build.
    const page = join(resolve(config.staticDir), 'builtin.html');
    if (existsSync(page)) {
      const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
        const { game } = request.params as { game: string };
        const known = game === 'verify' || builtinGameOfCode(game) !== undefined;
        return sendBuiltPage(request, reply.code(known ? 200 : 404), page);
      };
      // Both the short path and the one under the /game frame's path (the launch URL's).
      app.get('/builtin/:game', { schema: { hide: true } }, sendPage);
      app.get('/game/builtin/:game', { schema: { hide: true } }, sendPage);
    }
  },
  { name: 'builtin-games', dependencies: ['platform', 'games-seamless'], fastify: '5.x' },
);
