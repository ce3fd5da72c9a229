import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  artParamsSchema,
  favoriteBodySchema,
  favoriteIdsSchema,
  favoriteListQuerySchema,
  favoriteListSchema,
  gameListQuerySchema,
  gameMenusQuerySchema,
  gameMenusSchema,
  gamePageSchema,
  gamesPaths,
  hotGamesQuerySchema,
  hotGamesSchema,
  popularQuerySchema,
  popularSchema,
  rankListQuerySchema,
  rankListSchema,
  recentGamesQuerySchema,
  recentGamesSchema,
  roomListQuerySchema,
  roomListSchema,
  vassGameTypeQuerySchema,
  vassGameTypeSchema,
} from '../../../contract/games.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { bodyOf, noBody, ok, rawReplies, replies } from '../../platform/http/responses.ts';
import type { CatalogService } from './catalog.service.ts';
import { artEtag, gameArtSvg } from './game-art.ts';

const tags = ['games'];
const security = [{ bearer: [] }];

/** The catalog calls of spec section 7: thin, each a service call in the asked language. */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (
  app,
  { catalog },
) => {
  app.get(
    gamesPaths.gameMenus,
    {
      schema: {
        tags,
        summary: 'Categories (gameType, name, page) with their vendors and game counts',
        querystring: gameMenusQuerySchema,
        response: replies(gameMenusSchema),
      },
    },
    async (request) => ok(await catalog.gameMenus(request.query.language ?? request.language)),
  );

  app.get(
    gamesPaths.gameList,
    {
      schema: {
        tags,
        summary:
          'A page (15) of games by category, vendor, classify, name (any language, accents and case ignored), min bet and lines',
        querystring: gameListQuerySchema,
        response: replies(gamePageSchema),
      },
    },
    async (request) =>
      ok(await catalog.gameList(request.query, request.query.language ?? request.language)),
  );

  app.get(
    gamesPaths.vassGameType,
    {
      schema: {
        tags,
        summary: "Each vendor's category and the classifies of its games",
        querystring: vassGameTypeQuerySchema,
        response: replies(vassGameTypeSchema),
      },
    },
    async (request) => ok(await catalog.vassGameType(request.query.vassalage)),
  );

  app.get(
    gamesPaths.hotGames,
    {
      schema: {
        tags,
        summary: 'Hot games by category (value.list) and the footer vendor strip (value.footer)',
        querystring: hotGamesQuerySchema,
        response: replies(hotGamesSchema),
      },
    },
    async (request) => ok(await catalog.hotGames(request.query.language ?? request.language)),
  );

  app.get(
    gamesPaths.popular,
    {
      schema: {
        tags,
        summary:
          'The most played lottery games of the prize mode (Elott: ELOTT, else LOTT), at most count (20)',
        querystring: popularQuerySchema,
        response: replies(popularSchema),
      },
    },
    async (request) =>
      ok(
        await catalog.popular(
          request.query.count,
          request.query.prizeMode,
          request.query.language ?? request.language,
        ),
      ),
  );

  app.get(
    gamesPaths.favoriteIds,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "The member's favourite game node ids",
        response: replies(favoriteIdsSchema),
      },
    },
    async (request) => ok(await catalog.favoriteIds(memberOf(request).member.id)),
  );

  app.get(
    gamesPaths.favoriteList,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "The member's favourite games, newest first (value.content, totalPages)",
        querystring: favoriteListQuerySchema,
        response: replies(favoriteListSchema),
      },
    },
    async (request) =>
      ok(
        await catalog.favoriteList(
          memberOf(request).member.id,
          request.query,
          request.query.language ?? request.language,
        ),
      ),
  );

  app.post(
    gamesPaths.addFavorite,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Add a favourite (nodeId, vendor, gameType); answers the favourite ids',
        body: favoriteBodySchema,
        response: replies(favoriteIdsSchema),
      },
    },
    async (request) => ok(await catalog.addFavorite(memberOf(request).member.id, request.body)),
  );

  app.post(
    gamesPaths.removeFavorite,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Remove a favourite (nodeId, vendor, gameType); answers the favourite ids',
        body: favoriteBodySchema,
        response: replies(favoriteIdsSchema),
      },
    },
    async (request) => ok(await catalog.removeFavorite(memberOf(request).member.id, request.body)),
  );

  app.get(
    gamesPaths.recentGames,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "The member's recently launched games, newest first (value.list, totalPages)",
        querystring: recentGamesQuerySchema,
        response: replies(recentGamesSchema),
      },
    },
    async (request) =>
      ok(
        await catalog.recentGames(
          memberOf(request).member.id,
          request.query,
          request.query.language ?? request.language,
        ),
      ),
  );

  app.get(
    gamesPaths.rankList,
    {
      schema: {
        tags,
        summary: 'The winner board: the biggest wins of the last 7 days (limitNum, at most 50)',
        querystring: rankListQuerySchema,
        response: replies(rankListSchema),
      },
    },
    async (request) =>
      ok(await catalog.rankList(request.query, request.query.language ?? request.language)),
  );

  app.get(
    gamesPaths.roomList,
    {
      schema: {
        tags,
        summary: 'Rooms (three bet tiers) of PVP games, of one vendor or one game',
        querystring: roomListQuerySchema,
        response: replies(roomListSchema),
      },
    },
    async (request) =>
      ok(await catalog.roomList(request.query, request.query.language ?? request.language)),
  );

  app.get(
    gamesPaths.art,
    {
      schema: {
        tags,
        summary: "A game's artwork: an SVG drawn from its id and category (cached a day)",
        params: artParamsSchema,
        response: rawReplies({
          200: bodyOf('The artwork, with its ETag', ['image/svg+xml']),
          304: noBody('Not modified: If-None-Match names the current ETag'),
        }),
      },
    },
    async (request, reply) => {
      const nodeId = Number(request.params.file.slice(0, -'.svg'.length));
      const svg = gameArtSvg(await catalog.artSource(nodeId));
      const etag = artEtag(svg);
      void reply
        .header('cache-control', 'public, max-age=86400')
        .header('etag', etag)
        .type('image/svg+xml; charset=utf-8');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return svg;
    },
  );
};
