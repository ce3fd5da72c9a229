import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { scratchDir } from '../support/scratch-dir.ts';

const root = join(import.meta.dirname, '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The environment assignments and Node flags of `npm start`, and the script it runs. */
function startCommand(): { env: Record<string, string>; flags: string[]; script: string } {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = scripts.start.split('&&').at(-1)?.trim().split(/\s+/) ?? [];
  const node = words.indexOf('node');
  const env = Object.fromEntries(
    words.slice(0, node).map((pair) => [pair.split('=')[0], pair.split('=')[1] ?? '']),
  );
  const rest = words.slice(node + 1);
  return {
    env,
    flags: rest.filter((word) => word.startsWith('--')),
    script: rest.find((word) => !word.startsWith('--')) ?? '',
  };
}

describe('server bundle', () => {
  it('is what npm start runs, builds, and answers on a fresh PGlite directory', async () => {
    const start = startCommand();
    expect(start.script).toBe('dist-server/main.js');
    // Built into a folder of its own inside the project (so the bundle finds node_modules): the
    // end-to-end servers may be running the one in dist-server/ meanwhile.
    const cache = join(root, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const outDir = mkdtempSync(join(cache, 'server-bundle-'));
    onTestFinished(() => rmSync(outDir, { recursive: true, force: true }));
    const built = spawnSync(process.execPath, ['scripts/build-server.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, SERVER_OUT_DIR: outDir },
    });
    expect(built.status, built.stderr).toBe(0);
    // ASCII only: V8 keeps the bundle's source in the heap, and one other character (a Hindi
    // text in a tagged template, which esbuild cannot escape) makes all of it a two-byte string.
    const outputs = readdirSync(outDir).filter((name) => name.endsWith('.js'));
    expect(outputs).toContain('server.js');
    for (const name of outputs) {
      const bundle = readFileSync(join(outDir, name));
      expect({ name, nonAscii: bundle.findIndex((byte) => byte > 0x7f) }).toEqual({
        name,
        nonAscii: -1,
      });
    }

    const dataDir = mkdtempSync(join(scratchDir(), 'site-bundle-'));
    const port = await freePort();
    // On PGlite, even in the CI pass that sets DATABASE_URL for the other tests.
    const { DATABASE_URL: _postgres, ...inherited } = process.env;
    const child = spawn(process.execPath, [...start.flags, join(outDir, 'main.js')], {
      cwd: root,
      env: {
        ...inherited,
        ...start.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        OPS_USERNAME: 'bundle-operator',
        OPS_PASSWORD: 'bundle-operator-password',
        TOTP_ENCRYPTION_KEYS: `t:${Buffer.alloc(32, 5).toString('base64url')}`,
        OUTCOME_KEYS: `o:${Buffer.alloc(32, 6).toString('base64url')}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
    try {
      let status: unknown;
      for (let tries = 0; status === undefined && tries < 1200; tries += 1) {
        if (child.exitCode !== null) break;
        try {
          const response = await fetch(`http://127.0.0.1:${port}/wps/system/status`);
          if (response.ok) status = await response.json();
        } catch {
          await new Promise((resolveWait) => setTimeout(resolveWait, 100));
        }
      }
      expect(status, output).toMatchObject({ success: true, value: { status: 0 } });
    } finally {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
