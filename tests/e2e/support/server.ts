/**
 * The real server the end-to-end tests drive: `node src/server/main.ts` on the built app
 * (dist/), a free port, a fresh temporary DATA_DIR and known operator credentials.
 *
 * Playwright evaluates its config in the runner and again in every worker; the choices are
 * kept in environment variables on first evaluation, which the workers inherit, so all of
 * them talk to the same server.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const opsCredentials = {
  username: 'e2e-operator',
  password: 'e2e-operator-password',
} as const;

export type E2eServer = {
  port: number;
  baseURL: string;
  dataDir: string;
  /** Environment for the server process. */
  env: Record<string, string>;
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

export async function e2eServer(): Promise<E2eServer> {
  process.env.E2E_PORT ??= String(await freePort());
  process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'site-e2e-'));
  const port = Number(process.env.E2E_PORT);
  const dataDir = process.env.E2E_DATA_DIR;
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
    },
  };
}
