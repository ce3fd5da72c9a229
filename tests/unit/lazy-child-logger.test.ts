import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from '../../src/server/platform/http/lazy-child-logger.ts';

/** A Fastify app whose log lines land in `lines`, at `level`. */
function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    childLoggerFactory: lazyChildLoggerFactory,
  });
  app.get('/quiet', async (request) => {
    request.log.info('an info line');
    return { level: request.log.level };
  });
  app.get('/loud', async (request) => {
    request.log.error({ detail: 7 }, 'an error line');
    request.log.child({ part: 'inner' }).warn('a warning from a child');
    return {};
  });
  return { app, lines };
}

describe('lazyChildLoggerFactory', () => {
  it('writes nothing for a level the server does not log, and reports the server level', async () => {
    const { app, lines } = appLogging('warn');
    const reply = await app.inject({ url: '/quiet' });
    expect(reply.json()).toEqual({ level: 'warn' });
    expect(lines).toEqual([]);
    await app.close();
  });

  it('writes the lines of enabled levels with the request id, as a pino child does', async () => {
    const { app, lines } = appLogging('warn');
    await app.inject({ url: '/loud' });
    await app.inject({ url: '/loud' });
    expect(lines.map(({ msg, reqId, detail, part }) => ({ msg, reqId, detail, part }))).toEqual([
      { msg: 'an error line', reqId: 'req-1', detail: 7, part: undefined },
      { msg: 'a warning from a child', reqId: 'req-1', detail: undefined, part: 'inner' },
      { msg: 'an error line', reqId: 'req-2', detail: 7, part: undefined },
      { msg: 'a warning from a child', reqId: 'req-2', detail: undefined, part: 'inner' },
    ]);
    await app.close();
  });

  it('writes info lines when the server logs at info', async () => {
    const { app, lines } = appLogging('info');
    await app.inject({ url: '/quiet' });
    expect(lines.filter((line) => line.msg === 'an info line')).toHaveLength(1);
    expect(lines.find((line) => line.msg === 'an info line')?.reqId).toBe('req-1');
    await app.close();
  });
});
