import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { testOperator, type TestDatabase } from './server.ts';

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
