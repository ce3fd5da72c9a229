import { createScratchDatabase } from '../../tests/support/scratch-database.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  /** The server process, whose resident memory the benchmarks sample. */
  pid: number;
  stop: () => Promise<void>;
};

/** Resident memory of a process now (VmRSS) and its peak since it started (VmHWM), in bytes. */
export function residentMemory(pid: number): { rssBytes: number; peakBytes: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) * 1024 : Number.NaN;
  };
  return { rssBytes: field('VmRSS'), peakBytes: field('VmHWM') };
}

/** A process's resident memory by kind of mapping, in bytes (memoryParts). */
export type MemoryParts = {
  /** glibc's main malloc heap (`[heap]`): native allocations of Node and V8, ArrayBuffers' bytes. */
  mallocHeap: number;
  /** WebAssembly memories (PGlite's): each the accessible start of a large reservation. */
  wasm: number;
  /** Other anonymous memory: the V8 heap and its code, thread stacks, other malloc arenas. */
  anonymous: number;
  /** Mapped files: the node binary, its libraries, ICU data. */
  files: number;
};

export const memoryPartKeys = ['mallocHeap', 'wasm', 'anonymous', 'files'] as const;

/** Reservations at least this large are WebAssembly memories with their guard regions. */
const wasmReservationBytes = 4 * 2 ** 30;

/**
 * Resident memory of the process `pid` by kind, from /proc/<pid>/smaps (Linux). A WebAssembly
 * memory is one reservation of several GiB of which only the accessible start (its current size)
 * can be resident; smaps shows that start as its own mapping just before the rest, so it is told
 * from other anonymous memory by that neighbour. A read costs a few milliseconds.
 */
export function memoryParts(pid: number): MemoryParts {
  const parts: MemoryParts = { mallocHeap: 0, wasm: 0, anonymous: 0, files: 0 };
  type Mapping = { start: bigint; end: bigint; name: string; rss: number };
  const mappings: Mapping[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const [, start = '0', end = '0', name = ''] = header;
      mappings.push({ start: BigInt(`0x${start}`), end: BigInt(`0x${end}`), name, rss: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = mappings.at(-1);
    if (rss && last) last.rss = Number(rss[1]) * 1024;
  }
  const wasmStarts = new Set(
    mappings
      .filter((m) => m.name === '' && m.end - m.start >= BigInt(wasmReservationBytes))
      .map((m) => m.start),
  );
  for (const m of mappings) {
    if (m.name === '[heap]') parts.mallocHeap += m.rss;
    else if (m.name === '' && wasmStarts.has(m.end)) parts.wasm += m.rss;
    else if (m.name === '' || m.name.startsWith('[')) parts.anonymous += m.rss;
    else parts.files += m.rss;
  }
  return parts;
}

/**
 * CPU time (user + system) the process `pid` has used so far, in microseconds, from
 * /proc/<pid>/stat (clock ticks of 1/100 s on Linux). Unlike requests per second it hardly moves
 * with what else the machine runs, so CPU per request compares two servers on a busy machine.
 */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

export type MemoryFigures = {
  /** Resident memory when sampling began and when it ended. */
  startBytes: number;
  endBytes: number;
  /** The highest resident memory seen while sampling. */
  peakBytes: number;
  /** Every sample: milliseconds since sampling began, resident bytes. */
  samples: [number, number][];
};

/**
 * Samples a process's resident memory every `intervalMs` until `stop()`, which returns the start,
 * the peak and the end. A sample is a read of /proc/<pid>/status (Linux), cheap next to the load.
 */
export function sampleMemory(pid: number, intervalMs = 100): { stop: () => MemoryFigures } {
  const began = performance.now();
  const samples: [number, number][] = [];
  const take = () => {
    try {
      samples.push([Math.round(performance.now() - began), residentMemory(pid).rssBytes]);
    } catch {
      // the process is gone
    }
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      const values = samples.map(([, bytes]) => bytes);
      return {
        startBytes: values[0] ?? Number.NaN,
        endBytes: values.at(-1) ?? Number.NaN,
        peakBytes: Math.max(...values),
        samples,
      };
    },
  };
}

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
  const launch = script === siteScript ? siteLaunch() : { env: {}, flags: [] };
  const child: ChildProcess = spawn(process.execPath, [...launch.flags, script], {
    cwd: root,
    env: { ...launch.env, ...childEnv, PORT: String(port) },
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
  if (child.pid === undefined) throw new Error(`${script} has no pid`);
  return { baseURL, startMs: performance.now() - started, pid: child.pid, stop };
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
    OUTCOME_KEYS: `bench:${Buffer.alloc(32, 4).toString('base64url')}`,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** The server bundle `npm run build` makes and `npm start` runs (scripts/build-server.ts). */
export const siteScript = join(root, 'dist-server', 'main.js');

/**
 * The environment and Node flags `npm start` gives the server (package.json), so the benchmarks
 * run it as it is deployed. BENCH_NODE_FLAGS (space-separated, may be empty) replaces the flags,
 * to compare others.
 */
export function siteLaunch(): { env: Record<string, string>; flags: string[] } {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const start = /((?:[A-Z_]+=\S* )*)node ((?:--\S+ )*)dist-server\/main\.js/.exec(
    scripts.start ?? '',
  );
  const env = Object.fromEntries(
    (start?.[1] ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const flags = process.env.BENCH_NODE_FLAGS ?? start?.[2] ?? '';
  return { env, flags: flags.split(' ').filter(Boolean) };
}
/**
 * Runs `runOn` on PGlite, then on a scratch database of `DATABASE_URL`'s server (dropped after)
 * when it is set, and answers both results in that order.
 */
export async function onEachDatabase<T>(
  prefix: string,
  runOn: (database: 'PGlite' | 'PostgreSQL', databaseUrl: string | undefined) => Promise<T>,
  log: (line: string) => void,
): Promise<T[]> {
  const results = [await runOn('PGlite', undefined)];
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    log('  PostgreSQL: skipped (DATABASE_URL is not set)');
    return results;
  }
  const scratch = await createScratchDatabase(adminUrl, prefix);
  try {
    results.push(await runOn('PostgreSQL', scratch.url));
  } finally {
    await scratch.drop();
  }
  return results;
}

export const bareScript = join(root, 'bench', 'support', 'bare-server.ts');

/** A reply for the bare server (bare-server.ts): its body and the headers it sets. */
export type BareReply = { body: string; headers: Record<string, string> };

/** Headers Node writes itself on every reply (framing, date, keep-alive): not copied. */
const nodeOwnHeaders = new Set([
  'connection',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * The real server's reply as the bare server's: the same body and the same headers (the security
 * headers and the content type among them), so both write the same bytes for the same call and
 * the ratio measures the work behind them, not a shorter reply.
 */
export async function sameReply(response: Response): Promise<BareReply> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!nodeOwnHeaders.has(name)) headers[name] = value;
  });
  return { body: await response.text(), headers };
}
