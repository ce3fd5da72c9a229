import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { findRoute } from '../../../contract/routes.ts';
import { translate } from '../i18n/messages.ts';
import { sendBuiltPage } from './precompressed.ts';

const API_PREFIX = /^\/(wps|lgw|ops|docs)(\/|$)/;

/** API calls count against the per-client rate limit; the app's files and pages do not. */
export function isApiPath(url: string): boolean {
  return API_PREFIX.test(url.split('?')[0] ?? '/');
}

/**
 * Serves the built app from STATIC_DIR with history-mode fallback: every route of the route table
 * answers index.html (200); other page paths get index.html with 404 so the app shows its
 * not-found page. API paths answer a JSON 404. Without a build only the API runs. Files and pages
 * go out as the build's pre-compressed copies when the client takes them.
 */
export async function registerStatic(app: FastifyInstance, config: Config): Promise<void> {
  const root = resolve(config.staticDir);
  const indexPath = join(root, 'index.html');
  const hasApp = existsSync(indexPath);

  if (hasApp) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: 'index.html',
      wildcard: true,
      cacheControl: false,
      // The .br and .gz copies `npm run build` writes beside the files (scripts/precompress.ts):
      // brotli or gzip as the client takes them, with Vary: Accept-Encoding; the file otherwise.
      preCompressed: true,
      setHeaders(reply, path) {
        if (path.includes(`${root}/assets/`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
          // A hashed file never changes, so it is never asked for again: no validators to send.
          reply.removeHeader('etag');
          reply.removeHeader('last-modified');
        } else if (path.endsWith('.html') || path === join(root, 'sw.js')) {
          // The page and the service worker are asked for again each visit (a new build's
          // worker is found at once); the hashed files they name are kept for a year.
          reply.header('cache-control', 'no-cache');
        } else {
          reply.header('cache-control', 'public, max-age=3600');
        }
      },
    });
  }

  // Page loads are not API calls, but unknown paths are still limited against probing.
  const notFoundLimit = app.rateLimit({
    max: 3000,
    timeWindow: '1 minute',
    allowList: () => false,
  });
  app.setNotFoundHandler({ preHandler: notFoundLimit }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      hasApp &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIX.test(path) &&
      (findRoute(path) !== undefined || !/\.[A-Za-z0-9]+$/.test(path));
    if (!isPage) {
      return reply.code(404).send({
        success: false,
        code: 'not_found',
        message: translate(request.language, 'not_found'),
      });
    }
    return sendBuiltPage(request, reply.code(findRoute(path) ? 200 : 404), indexPath);
  });
}
