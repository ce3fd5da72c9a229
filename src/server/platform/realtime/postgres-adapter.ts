import type { FastifyBaseLogger } from 'fastify';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';

/** Never settles: the adapter's reconnection loop waits here for good once the node closes. */
const never = <T>() => new Promise<T>(() => {});

/**
 * The socket.io PostgreSQL adapter on its own small pool, with a close that always ends.
 *
 * The adapter holds one pool client for its LISTEN and releases it in its `close()`, but only
 * once it has it: a node closed while that client was still connecting or sending LISTEN kept
 * it checked out, so `pool.end()` waited for ever; and a client lost on close made the adapter
 * schedule reconnections after it. Here every client the adapter takes is tracked; `close()`
 * stops handing out clients (the adapter's reconnection then waits on a promise that never
 * settles, holding no timer or socket), destroys the clients it still holds, then ends the pool.
 */
export function createPostgresAdapter(options: {
  databaseUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  pool.on('error', (error) => options.log.error({ err: error }, 'real-time adapter pool error'));
  const held = new Set<pg.PoolClient>();
  let closed = false;

  async function connect(): Promise<pg.PoolClient> {
    if (closed) return never();
    const client = await pool.connect();
    if (closed) {
      client.release(true);
      return never();
    }
    held.add(client);
    // A checked-out client (the LISTEN) that the server ends emits 'error' on itself, not on the
    // pool: unheard, it would crash the node. The adapter notices the end and reconnects.
    client.on('error', (error) =>
      options.log.error({ err: error }, 'real-time adapter client error'),
    );
    const release = client.release;
    client.release = (destroy?: boolean | Error) => {
      held.delete(client);
      release(destroy);
    };
    return client;
  }

  // The adapter uses the pool's query (publish, attachments, cleanup) and connect (LISTEN).
  const adapterPool = { query: pool.query.bind(pool), connect } as unknown as pg.Pool;
  const adapter = createAdapter(adapterPool, {
    tableName: 'socket_io_attachments',
    errorHandler: (error: Error) => options.log.error({ err: error }, 'real-time adapter error'),
  });

  return {
    adapter,
    /** Call after the namespace's adapter has closed (socket.io's `adapter.close()`). */
    async close() {
      closed = true;
      for (const client of held) {
        // The adapter's listeners would schedule a reconnection when the client ends.
        client.removeAllListeners('end');
        client.removeAllListeners('notification');
        client.release(true);
      }
      await pool.end();
    },
  };
}
