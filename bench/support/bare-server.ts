/**
 * The baseline: a bare Fastify server answering fixed replies, no plugins, no database.
 * BARE_BODIES is a JSON object { "<path>": <reply> }, each reply the body alone (a string) or
 * `{ body, headers }` (`sameReply` in process.ts: the real server's own reply, so the bare one
 * writes the same bytes, headers included); every path answers its reply.
 */
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
type Reply = string | { body: string; headers: Record<string, string> };
const replies = JSON.parse(process.env.BARE_BODIES ?? '{}') as Record<string, Reply>;

const app = Fastify({ logger: false });
const routes = new Map<string, Reply>([['/', '{}']]);
for (const [path, reply] of Object.entries(replies))
  routes.set(new URL(path, 'http://x').pathname, reply);
for (const [path, reply] of routes) {
  if (typeof reply === 'string') {
    const type = reply.startsWith('<') ? 'text/html; charset=utf-8' : 'application/json';
    app.get(path, async (_request, answer) => answer.type(type).send(reply));
  } else {
    const { body, headers } = reply;
    app.get(path, async (_request, answer) => answer.headers(headers).send(body));
  }
}
await app.listen({ port, host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
