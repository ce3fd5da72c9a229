import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
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

export function tempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export type RunningServer = {
  baseURL: string;
  /** Milliseconds from spawn to the first successful answer of the probe path. */
  startMs: number;
  stop: () => Promise<void>;
};

/**
 * Spawns `node <script>` with PORT set and waits until `probePath` answers 2xx.
 * The clock starts right before spawn, so the figure includes Node's own start-up.
 */
export async function startServer(
  script: string,
  /** Added to this process's environment; an undefined value removes the variable. */
  env: Record<string, string | undefined>,
  probePath: string,
): Promise<RunningServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // The server logs to stdout (pino) and fails on stderr; keep the tail of both for errors.
  let output = '';
  const started = performance.now();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...childEnv, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  let exitCode: number | string | null = null;
  const exit = new Promise<void>((resolveExit) =>
    child.once('exit', (code, signal) => {
      exited = true;
      exitCode = code ?? signal;
      resolveExit();
    }),
  );

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };

  const deadline = started + 120_000;
  for (;;) {
    if (exited) throw new Error(`${script} exited (${exitCode}) before answering:\n${output}`);
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`${script} did not answer ${probePath} within 120 s:\n${output}`);
    }
    try {
      const response = await fetch(baseURL + probePath);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 5));
  }
  return { baseURL, startMs: performance.now() - started, stop };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? Number.NaN;
  const lower = sorted[mid - 1] ?? upper;
  return sorted.length % 2 === 1 ? upper : (lower + upper) / 2;
}

/** The real server, run as it would be deployed (production mode, quiet logs). */
export function siteEnv(dataDir: string, extra: Record<string, string | undefined> = {}) {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    STATIC_DIR: join(root, 'dist'),
    OPS_USERNAME: 'bench-operator',
    OPS_PASSWORD: 'bench-operator-password',
    TOTP_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 3).toString('base64url')}`,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

export const siteScript = join(root, 'src', 'server', 'main.ts');
export const bareScript = join(root, 'bench', 'support', 'bare-server.ts');
