import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Replies made per request (JSON, the OpenAPI document, pages built by a route) go out
 * compressed when the client asks and the body is large enough to pay (issue 35: a phone on
 * mobile data moved 33 KB of uncompressed JSON on the home page). Brotli at quality 4 costs
 * about what gzip 6 does and compresses JSON better; gzip is the fallback. Files of the built
 * app are not compressed here: they carry the Content-Encoding of the copy the build step
 * wrote (platform/http/precompressed.ts), and a reply that has one is sent as it is.
 */
export const compressionThresholdBytes = 1024;

/** The routes @fastify/static adds for the built app's files (platform/http/static.ts). */
const builtFileRoutes = new Set(['/', '/*']);

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // A built file is sent as the copy the build compressed, or as it is: a file too small to be
  // worth a copy would otherwise be compressed on every request (a file's stream has no size
  // the threshold could read). This hook runs before the plugin's own, which reads the flag.
  app.addHook('onRoute', (route) => {
    if (builtFileRoutes.has(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: compressionThresholdBytes,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
