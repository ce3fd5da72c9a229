/**
 * The baseline: a bare Fastify server answering fixed JSON bytes, no plugins, no database.
 * BARE_BODIES is a JSON object { "<path>": "<body>" }; every path answers its body.
 */
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const bodies = JSON.parse(process.env.BARE_BODIES ?? '{}') as Record<string, string>;

const app = Fastify({ logger: false });
app.get('/', async (_request, reply) => reply.type('application/json').send('{}'));
for (const [path, body] of Object.entries(bodies)) {
  const url = new URL(path, 'http://x');
  app.get(url.pathname, async (_request, reply) => reply.type('application/json').send(body));
}
await app.listen({ port, host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
