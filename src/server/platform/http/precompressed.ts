import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The encoding of a pre-compressed copy the client takes (`br` before `gzip`, like
 * @fastify/static's preCompressed mode), or undefined for the file as it is.
 */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return undefined;
}

const extensions = { br: '.br', gzip: '.gz' } as const;

/**
 * Sends a built page (index.html, builtin.html) answered by a route of its own rather than by
 * @fastify/static: its .br or .gz copy from the build when the client takes it and it exists
 * (scripts/lib/precompress.ts), with `Vary: Accept-Encoding` either way.
 */
export async function sendBuiltPage(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<FastifyReply> {
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const compressed = encoding ? `${path}${extensions[encoding]}` : undefined;
  if (encoding && compressed && existsSync(compressed)) {
    return reply.header('content-encoding', encoding).send(await readFile(compressed));
  }
  return reply.send(await readFile(path));
}
