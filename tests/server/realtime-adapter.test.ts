import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/platform/db/client.ts';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../support/server.ts';
import { startPgProxy } from '../support/pg-proxy.ts';

const postgres = Boolean(process.env.DATABASE_URL);

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.skipIf(!postgres)(
  'the socket.io PostgreSQL adapter (needs DATABASE_URL; on PGlite one process runs the in-memory adapter)',
  () => {
    let testDb: TestDatabase;
    let database: Database;

    beforeAll(async () => {
      testDb = await createTestDatabase();
      database = await testDb.open();
    });

    afterAll(async () => {
      await database?.close();
      await testDb?.drop();
    });

    it('a node closes while the adapter is still sending its LISTEN, and lets go of that connection', async () => {
      const proxy = await startPgProxy(testDb.env.DATABASE_URL ?? '', (chunk) =>
        chunk.includes('LISTEN "socket.io'),
      );
      // The app's own database is the test's; only the adapter goes through the proxy.
      const app = await buildTestApp(testDb, database, { DATABASE_URL: proxy.url });
      await until(() => proxy.holding() === 1);
      await app.close();
      await until(() => proxy.holding() === 0);
      expect(proxy.holding()).toBe(0);
      await proxy.close();
    });

    it('a node closes at once after it started, and after it served', async () => {
      for (let i = 0; i < 3; i += 1) {
        const app = await buildTestApp(testDb, database);
        if (i > 0) await app.listen({ port: 0, host: '127.0.0.1' });
        await app.close();
      }
    });
  },
);
