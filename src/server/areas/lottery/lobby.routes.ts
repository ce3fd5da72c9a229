import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  drawParamsSchema,
  drawViewSchema,
  gameMenuQuerySchema,
  lobbyLaunchQuerySchema,
  lobbyLaunchReplySchema,
  lotteryMenuSchema,
  lotteryPaths,
  openedNumeroQuerySchema,
  openedNumerosQuerySchema,
  openNumeroSchema,
  recentQuerySchema,
} from '../../../contract/lottery.ts';
import { constants } from '../../../contract/constants.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import { createLobbyService, type LobbyService } from './lobby.service.ts';

const tags = ['lottery'];
const security = [{ bearer: [] }];

/** The lottery lobby's read calls of spec section 7: thin, each one service call. */
export const lobbyRoutes: FastifyPluginAsyncZod<{ lobby: LobbyService }> = async (
  app,
  { lobby },
) => {
  app.get(
    lotteryPaths.gameMenu,
    {
      schema: {
        tags,
        summary:
          'The lottery menu: tags FAST, NORTH, CENTRAL, SOUTH with their games, each with its open draw (remainTime, lockTime in ms on the server clock), seed hash and bet types',
        querystring: gameMenuQuerySchema,
        response: replies(lotteryMenuSchema),
      },
    },
    async (request) => ok(await lobby.gameMenu(request.language)),
  );

  app.get(
    lotteryPaths.recent,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary:
          "The member's lottery games by their last bet, most recent first (one tag, RECENT; recentCount at most 100)",
        querystring: recentQuerySchema,
        response: replies(lotteryMenuSchema),
      },
    },
    async (request) =>
      ok(
        await lobby.recent(
          memberOf(request).member.id,
          request.query.recentCount ?? constants.recentLotterySize,
          request.language,
        ),
      ),
  );

  app.get(
    lotteryPaths.openedNumeros,
    {
      schema: {
        tags,
        summary:
          "A game's past draws, newest first (count at most 100): numbers, seed once drawn, seed hash, revision, state",
        querystring: openedNumerosQuerySchema,
        response: replies(z.array(drawViewSchema)),
      },
    },
    async (request) =>
      ok(
        await lobby.openedNumeros(
          request.query.gameId,
          request.query.count ?? constants.vnNumbersCount,
        ),
      ),
  );

  app.get(
    lotteryPaths.openedNumero,
    {
      schema: {
        tags,
        summary:
          'The open draw of each game, or of gameIds (comma-separated): numero, remainTime, lockTime, winningTime, seedHash',
        querystring: openedNumeroQuerySchema,
        response: replies(z.array(openNumeroSchema)),
      },
    },
    async (request) => ok(await lobby.openedNumero(request.query.gameIds)),
  );

  app.get(
    lotteryPaths.draw,
    {
      schema: {
        tags,
        summary: 'One draw: times, state, seed hash, the seed only once drawn, the result in force',
        params: drawParamsSchema,
        response: replies(drawViewSchema),
      },
    },
    async (request) => ok(await lobby.draw(request.params.gameId, request.params.numero)),
  );

  app.get(
    lotteryPaths.lobbyLaunch,
    {
      onRequest: app.requireMember,
      config: { stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary:
          'The lottery lobby launch (lottoArea VN, launchMode LOTT, view betting or lobby): the URL of our own lottery page; backUrl only to this site',
        querystring: lobbyLaunchQuerySchema,
        response: replies(lobbyLaunchReplySchema),
      },
    },
    async (request) =>
      ok(
        await lobby.lobbyLaunch(request.query, {
          host: request.host,
          language: request.language,
        }),
      ),
  );
};

/** The lobby's service over the app's database, clock and cache TTL, and its routes. */
export const lobbyPlugin: FastifyPluginAsyncZod = async (app) => {
  const lobby = createLobbyService({
    db: app.database.db,
    clock: app.clock,
    gamesTtlMs: app.config.siteCacheMs,
    siteDomains: app.config.siteDomains,
  });
  await app.register(lobbyRoutes, { lobby });
};
