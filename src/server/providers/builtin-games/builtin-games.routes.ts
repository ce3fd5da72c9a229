import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  builtinGamesPaths,
  builtinPlayBodySchema,
  builtinPlayReplySchema,
  builtinRotateBodySchema,
  builtinSeedsSchema,
  builtinSessionBodySchema,
  builtinSessionReplySchema,
  builtinStateSchema,
} from '../../../contract/builtin-games.ts';
import { AppError } from '../../platform/errors.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import type { BuiltinGamesService } from './builtin-games.service.ts';

const tags = ['builtin-games'];
const security = [{ bearer: [] }];

/** The provider's own API, called by its game pages (Bearer: the provider session). */
export const builtinGamesRoutes: FastifyPluginAsyncZod<{ games: BuiltinGamesService }> = async (
  app,
  { games },
) => {
  const sessionOf = (authorization: string | undefined) => {
    const token = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(authorization ?? '')?.[1];
    if (!token) throw new AppError(401, 'session_expired');
    return games.sessionOf(token);
  };
  const limit = { rateLimit: { max: 600, timeWindow: '1 minute' } };

  app.post(
    builtinGamesPaths.session,
    {
      config: { ...limit, stopsInMaintenance: true },
      schema: {
        tags,
        summary:
          'Built-in games: a launch token (from /wps/game/launchGame) for a provider session; the provider authenticates it with the seamless wallet',
        body: builtinSessionBodySchema,
        response: replies(builtinSessionReplySchema),
      },
    },
    async (request) => ok(await games.openSession(request.body.launchToken)),
  );

  app.get(
    builtinGamesPaths.state,
    {
      config: limit,
      schema: {
        tags,
        security,
        summary: 'Built-in games: balance (from the wallet), seeds and the latest rounds',
        response: replies(builtinStateSchema),
      },
    },
    async (request) => ok(await games.state(await sessionOf(request.headers.authorization))),
  );

  app.post(
    builtinGamesPaths.play,
    {
      config: { ...limit, stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary:
          'Built-in games: play one round (outcome from the seeds and nonce; stake and win through the seamless wallet)',
        body: builtinPlayBodySchema,
        response: replies(builtinPlayReplySchema),
      },
    },
    async (request) =>
      ok(await games.play(await sessionOf(request.headers.authorization), request.body)),
  );

  app.post(
    builtinGamesPaths.rotateSeeds,
    {
      config: limit,
      schema: {
        tags,
        security,
        summary:
          'Built-in games: reveal the server seed in use; the next server seed (its hash shown before) starts a pair with the client seed given or a new one (nonce 0), and a new next one is committed. With nextServerSeedHash, 409 builtin_seeds_changed when it is no longer the next one',
        body: builtinRotateBodySchema,
        response: replies(builtinSeedsSchema),
      },
    },
    async (request) =>
      ok(
        await games.rotateSeeds(
          await sessionOf(request.headers.authorization),
          request.body.clientSeed,
          request.body.nextServerSeedHash,
        ),
      ),
  );
};
