/**
 * The real server the end-to-end tests drive: `node src/server/main.ts` on the built app
 * (dist/), a free port, a fresh temporary DATA_DIR and known operator credentials.
 *
 * Every Playwright worker starts one of its own (tests/e2e/support/fixtures.ts), so the specs
 * of one worker never see the site settings, players or login failures of another.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemPaths } from '../../../src/contract/system.ts';
import { scratchDir } from '../../support/scratch-dir.ts';

export const opsCredentials = {
  username: 'e2e-operator',
  password: 'e2e-operator-password',
} as const;

/** The UPI provider's webhook secret of every e2e server (tests/e2e/support/deposit.ts signs with it). */
export const e2eUpiWebhookSecret = 'e2e-upi-webhook-secret-0123456789';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export type E2eServer = {
  port: number;
  baseURL: string;
  dataDir: string;
  /** Environment for the server process. */
  env: Record<string, string>;
};

export type RunningServer = E2eServer & {
  /** Stops the process (SIGTERM, then SIGKILL after 10 s) and removes its DATA_DIR. */
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** A free port, a fresh DATA_DIR and the environment a server process needs. */
export async function e2eServer(): Promise<E2eServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(scratchDir(), 'site-e2e-'));
  return {
    port,
    baseURL: `http://127.0.0.1:${port}`,
    dataDir,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: 'dist',
      OPS_USERNAME: opsCredentials.username,
      OPS_PASSWORD: opsCredentials.password,
      LOG_LEVEL: 'warn',
      // The loopback proxy is trusted, so a spec may appear from another address with an
      // X-Forwarded-For header (second-factor.spec.ts); without the header nothing changes.
      TRUST_PROXY: '127.0.0.1',
      UPI_WEBHOOK_SECRET: e2eUpiWebhookSecret,
    },
  };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/**
 * Starts `node src/server/main.ts` (the Node that runs Playwright: the project's pinned one)
 * and waits until its status route answers. Throws with the server's error output when it
 * exits or does not answer within `timeoutMs`.
 */
export async function startServer(
  timeoutMs = 120_000,
  /** Extra environment (e.g. a prepared DATA_DIR, a short real-time wage window). */
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const base = await e2eServer();
  if (env.DATA_DIR) rmSync(base.dataDir, { recursive: true, force: true });
  const server = { ...base, dataDir: env.DATA_DIR ?? base.dataDir, env: { ...base.env, ...env } };
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...server.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    errors = (errors + chunk).slice(-4000);
    process.stderr.write(chunk);
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    }
    rmSync(server.dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the e2e server exited (${child.exitCode ?? child.signalCode}):\n${errors}`);
    }
    try {
      const reply = await fetch(new URL(systemPaths.status, server.baseURL));
      if (reply.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the e2e server did not answer within ${timeoutMs} ms:\n${errors}`);
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return { ...server, stop };
}
