/**
 * The phone bench's baseline server: bare Fastify with @fastify/static in pre-compressed mode
 * serving a built app from BARE_STATIC_DIR (the .br and .gz copies scripts/lib/precompress.ts
 * writes), with the real server's cache headers (src/server/platform/http/static.ts) and nothing
 * else: no security headers, no API, no database.
 */
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const root = resolve(process.env.BARE_STATIC_DIR ?? '.');

const app = Fastify({ logger: false });
await app.register(fastifyStatic, {
  root,
  prefix: '/',
  index: 'index.html',
  wildcard: true,
  cacheControl: false,
  preCompressed: true,
  setHeaders(reply, path) {
    if (path.includes(`${root}/assets/`)) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    } else if (path.endsWith('.html')) {
      reply.header('cache-control', 'no-cache');
    } else {
      reply.header('cache-control', 'public, max-age=3600');
    }
  },
});
// History-mode fallback, as the real server's: any other page path answers index.html.
app.setNotFoundHandler(async (_request, reply) =>
  reply.header('cache-control', 'no-cache').sendFile('index.html', root),
);
await app.listen({ port, host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
