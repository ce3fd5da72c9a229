import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityPaths } from '../../src/contract/identity.ts';
import { notifyPath } from '../../src/contract/realtime.ts';
import type { Database } from '../../src/server/platform/db/client.ts';
import {
  basicAuth,
  createTestDatabase,
  testOperator,
  type TestDatabase,
} from '../support/server.ts';
import { createMemberSession } from '../support/server-factories.ts';
import { realtimeClient } from '../support/realtime.ts';

const postgres = Boolean(process.env.DATABASE_URL);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

type Node = { process: ChildProcess; url: string };

/** `node src/server/main.ts` on the test's database, as `npm start` runs it; resolves once it answers. */
async function startNode(testDb: TestDatabase): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      ...testDb.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      STATIC_DIR: join(testDb.env.DATA_DIR ?? '/tmp', 'no-build'),
      OPS_USERNAME: testOperator.username,
      OPS_PASSWORD: testOperator.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Site running at')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { process: child, url: `http://127.0.0.1:${port}` };
}

async function stopNode(node: Node | undefined) {
  if (!node || node.process.exitCode !== null) return;
  const exited = new Promise((resolve) => node.process.once('exit', resolve));
  node.process.kill('SIGTERM');
  await exited;
}

describe.skipIf(!postgres)(
  'several server nodes on one PostgreSQL database (needs DATABASE_URL; skipped on PGlite, which is one process)',
  () => {
    let testDb: TestDatabase;
    let database: Database;
    let first: Node | undefined;
    let second: Node | undefined;

    beforeAll(async () => {
      testDb = await createTestDatabase();
      // The first node migrates and seeds; the second starts on the same database after it.
      first = await startNode(testDb);
      second = await startNode(testDb);
      database = await testDb.open();
    }, 120_000);

    afterAll(async () => {
      await stopNode(first);
      await stopNode(second);
      await database?.close();
      await testDb?.drop();
    });

    it('an event published on the second node reaches a socket on the first', async () => {
      const { member, token } = await createMemberSession(database.db);
      const client = realtimeClient(first?.url ?? '', token);
      await client.connected();
      expect(await client.next('sync')).toEqual({ seq: 0 });

      for (const title of ['From node two', 'Again from node two']) {
        const reply = await fetch(
          `${second?.url}${notifyPath.replace(':memberId', String(member.id))}`,
          {
            method: 'POST',
            headers: {
              authorization: basicAuth(testOperator.username, testOperator.password),
              'content-type': 'application/json',
            },
            body: JSON.stringify({ title }),
          },
        );
        expect(reply.status).toBe(200);
      }
      expect(await client.next('notification')).toMatchObject({ title: 'From node two', seq: 1 });
      expect(await client.next('notification')).toMatchObject({
        title: 'Again from node two',
        seq: 2,
      });
      client.close();
    });

    it('a logout on the second node disconnects the socket on the first', async () => {
      const { token } = await createMemberSession(database.db);
      const client = realtimeClient(first?.url ?? '', token);
      await client.connected();
      await client.next('sync');
      const reply = await fetch(`${second?.url}${identityPaths.logout}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(reply.status).toBe(200);
      expect(await client.disconnected).toBe('io server disconnect');
    });
  },
);
