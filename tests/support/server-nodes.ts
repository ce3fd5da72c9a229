import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/server/platform/db/client.ts';
import { createTestDatabase, testOperator, type TestDatabase } from './server.ts';

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

/** A server process and the base URL it answers on. */
export type ServerNode = { process: ChildProcess; url: string };

/**
 * `node src/server/main.ts` on the test's database, as `npm start` runs it; resolves once it
 * answers. Several of them on one PostgreSQL database are several nodes of one site.
 *
 * @example
 * const first = await startNode(testDb);
 * await fetch(`${first.url}/wps/system/status`);
 * await stopNode(first);
 */
export async function startNode(
  testDb: TestDatabase,
  env: Record<string, string> = {},
): Promise<ServerNode> {
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
      ...env,
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

/** SIGTERM, as an operator stops a node; resolves when the process has exited. */
export async function stopNode(node: ServerNode | undefined): Promise<void> {
  if (!node || node.process.exitCode !== null) return;
  const exited = new Promise((resolve) => node.process.once('exit', resolve));
  node.process.kill('SIGTERM');
  await exited;
}

/** Two nodes of one site on a fresh database, for the tests of one file. */
export type TwoNodes = {
  testDb: TestDatabase;
  /** The test's own connection to the nodes' database. */
  database: Database;
  /** The nodes; a test may stop one and start another in its place. */
  first: ServerNode | undefined;
  second: ServerNode | undefined;
};

/**
 * Starts two nodes before the file's tests (the first migrates and seeds, the second starts on
 * the same database after it) and stops them and drops the database after.
 *
 * @example
 * const nodes = twoNodes({ AGENT_REALTIME_WINDOW_SECONDS: '2' });
 * it('…', async () => fetch(`${nodes.first!.url}/wps/system/status`));
 */
export function twoNodes(env: Record<string, string> = {}): TwoNodes {
  const nodes = { first: undefined, second: undefined } as TwoNodes;
  beforeAll(async () => {
    nodes.testDb = await createTestDatabase();
    nodes.first = await startNode(nodes.testDb, env);
    nodes.second = await startNode(nodes.testDb, env);
    nodes.database = await nodes.testDb.open();
  }, 120_000);
  afterAll(async () => {
    await stopNode(nodes.first);
    await stopNode(nodes.second);
    await nodes.database?.close();
    await nodes.testDb?.drop();
  }, 120_000);
  return nodes;
}
