/**
 * The baseline: a bare Fastify server answering fixed JSON bytes, no plugins, no database.
 * BARE_BODIES is a JSON object { "<path>": "<body>" }; every path answers its body.
 */
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const bodies = JSON.parse(process.env.BARE_BODIES ?? '{}') as Record<string, string>;

const app = Fastify({ logger: false });
const routes = new Map([['/', '{}']]);
for (const [path, body] of Object.entries(bodies))
  routes.set(new URL(path, 'http://x').pathname, body);
for (const [path, body] of routes) {
  const type = body.startsWith('<') ? 'text/html; charset=utf-8' : 'application/json';
  app.get(path, async (_request, reply) => reply.type(type).send(body));
}
await app.listen({ port, host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
