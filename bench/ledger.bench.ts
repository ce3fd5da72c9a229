/**
 * Ledger debits per second on PostgreSQL (issue 4, point 12; issue 12), through the ledger
 * service as the server runs it (a posting is one statement, `ledger_post`: key claimed,
 * conditional balance UPDATE, journal entry and reply, one round trip), against `pgbench` on the
 * same server at the same concurrency:
 *
 * - distinct wallets: every client debits its own wallet, against `pgbench -b simple-update`
 *   (UPDATE of a random one of 100,000 accounts, SELECT, INSERT into history: one transaction);
 * - one hot wallet: every client debits the same wallet, against `pgbench -b tpcb-like` at
 *   scale 1, whose single branch row every transaction updates (the same one-row contention).
 *
 * Both sides run `warmupSeconds + durationSeconds`; only what completes after the warm-up counts
 * (pgbench's per-transaction log, `-l`, gives its completion times and latencies). The ledger's
 * clients are async calls in this one Node process on a pool of `clients` connections; pgbench
 * runs `clients` connections on one thread per core. A fresh database is made and dropped.
 * Skipped, with the reason printed, without DATABASE_URL or without pgbench.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase } from '../src/server/platform/db/client.ts';
import { members } from '../src/server/platform/members/members.schema.ts';
import { createLedgerService } from '../src/server/areas/wallet/ledger.service.ts';
import { createScratchDatabase } from '../tests/support/scratch-database.ts';
import { tempDir } from './support/process.ts';

export const ledgerSettings = {
  /** Concurrent clients on both sides (ledger calls in flight; pgbench -c). */
  clients: 16,
  warmupSeconds: 2,
  durationSeconds: 8,
} as const;

export type DebitFigures = {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  count: number;
  /** Refused or failed calls (none expected: every wallet can afford the run). */
  errors: number;
};
export type LedgerBenchRow = {
  name: 'distinct wallets' | 'one hot wallet';
  baseline: string;
  ours: DebitFigures & { cpuMsPerDebit: number };
  pgbench: DebitFigures;
};
export type LedgerBenchResult =
  { skipped: string } | { server: string; pgbench: string; rows: LedgerBenchRow[] };

/** The pgbench on PATH, else the newest of Debian's /usr/lib/postgresql/<v>/bin/pgbench. */
export function findPgbench(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'pgbench'))) return join(dir, 'pgbench');
  }
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const path = join(base, version, 'bin', 'pgbench');
    if (existsSync(path)) return path;
  }
  return undefined;
}

export function figures(latencies: number[], seconds: number, errors: number): DebitFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return {
    perSecond: sorted.length / seconds,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    count: sorted.length,
    errors,
  };
}

export function run(command: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

/**
 * `pgbench -b <script>` for warm-up + duration; figures from its per-transaction log: lines
 * `client_id transaction_no time_us script_no time_epoch time_us_fraction`.
 */
export async function pgbench(binary: string, url: string, script: string): Promise<DebitFigures> {
  const s = ledgerSettings;
  const logs = tempDir('bench-pgbench-');
  try {
    const threads = Math.max(1, Math.min(cpus().length, s.clients));
    await run(binary, [
      '-b',
      script,
      '-c',
      String(s.clients),
      '-j',
      String(threads),
      '-T',
      String(s.warmupSeconds + s.durationSeconds),
      '-n',
      '-l',
      '--log-prefix',
      join(logs.path, 'tx'),
      url,
    ]);
    const done: { at: number; latencyMs: number }[] = [];
    let errors = 0;
    for (const file of readdirSync(logs.path)) {
      for (const line of readFileSync(join(logs.path, file), 'utf8').split('\n')) {
        const parts = line.trim().split(/\s+/);
        if (parts.length < 6) continue;
        const latency = parts[2] ?? '';
        // pgbench writes "failed"/"skipped" instead of a latency for such transactions.
        if (!/^\d+$/.test(latency)) {
          errors += 1;
          continue;
        }
        const at = Number(parts[4]) * 1000 + Number(parts[5]) / 1000;
        done.push({ at, latencyMs: Number(latency) / 1000 });
      }
    }
    if (done.length === 0) throw new Error('pgbench logged no transactions');
    const first = Math.min(...done.map((d) => d.at - d.latencyMs));
    const from = first + s.warmupSeconds * 1000;
    const counted = done.filter((d) => d.at >= from);
    const last = Math.max(...counted.map((d) => d.at));
    return figures(
      counted.map((d) => d.latencyMs),
      (last - from) / 1000,
      errors,
    );
  } finally {
    logs.remove();
  }
}

type Ledger = ReturnType<typeof createLedgerService>;

/** `clients` async loops of one-unit debits; `walletOf(i)` is the member client i debits. */
async function ledgerDebits(
  ledger: Ledger,
  walletOf: (client: number) => number,
  label: string,
): Promise<DebitFigures & { cpuMsPerDebit: number }> {
  const s = ledgerSettings;
  const cpuBefore = process.cpuUsage();
  let calls = 0;
  const started = performance.now();
  const from = started + s.warmupSeconds * 1000;
  const end = from + s.durationSeconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let sequence = 0;
  await Promise.all(
    Array.from({ length: s.clients }, async (_, client) => {
      const memberId = walletOf(client);
      for (let t = performance.now(); t < end; t = performance.now()) {
        sequence += 1;
        calls += 1;
        try {
          await ledger.post({
            memberId,
            kind: 'withdrawal',
            amount: -1n,
            idempotencyKey: `bench:${label}:${client}:${sequence}`,
            actor: 'system:bench',
          });
          const done = performance.now();
          if (t >= from && done <= end) latencies.push(done - t);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return {
    ...figures(latencies, s.durationSeconds, errors),
    // This process's CPU (driver, Drizzle, the service) per call, warm-up included.
    cpuMsPerDebit: (cpu.user + cpu.system) / 1000 / Math.max(1, calls),
  };
}

/** A fresh database on `DATABASE_URL`'s server for one bench, and the pgbench to compare with. */
export type BenchDatabase = {
  binary: string;
  /** "PostgreSQL <version>" of the server. */
  server: string;
  pgbenchVersion: string;
  url: string;
  /** Drops the database (forcing its connections closed). */
  drop: () => Promise<void>;
};

/** Creates the database `<prefix>_<random>`, or says why the bench `what` is skipped. */
export async function freshBenchDatabase(
  prefix: string,
  what: string,
): Promise<BenchDatabase | { skipped: string }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { skipped: `DATABASE_URL is not set (the ${what} bench needs PostgreSQL)` };
  const binary = findPgbench();
  if (!binary) {
    return {
      skipped: 'pgbench not found on PATH nor in /usr/lib/postgresql/*/bin (Debian: postgresql)',
    };
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let server: string;
  try {
    const version = await admin.query<{ server_version: string }>('show server_version');
    server = `PostgreSQL ${version.rows[0]?.server_version ?? '?'}`;
  } finally {
    await admin.end();
  }
  const scratch = await createScratchDatabase(adminUrl, prefix);
  const pgbenchVersion = (await run(binary, ['--version'])).trim();
  return { binary, server, pgbenchVersion, url: scratch.url, drop: scratch.drop };
}

export async function runLedgerBench(log: (line: string) => void): Promise<LedgerBenchResult> {
  const database = await freshBenchDatabase('bench_ledger', 'ledger');
  if ('skipped' in database) return database;
  const { binary, server, pgbenchVersion, url: benchUrl } = database;
  const s = ledgerSettings;
  try {
    // The schema through the server's own migrations, then a pool as wide as the clients.
    const migrated = await openDatabase({ databaseUrl: benchUrl, pgliteDir: '' });
    await migrated.migrateAndRun(async () => undefined);
    await migrated.close();
    const pool = new pg.Pool({ connectionString: benchUrl, max: s.clients });
    const ledger = createLedgerService({ db: drizzle(pool) });
    const rows: LedgerBenchRow[] = [];
    try {
      const made = await drizzle(pool)
        .insert(members)
        .values(Array.from({ length: s.clients + 1 }, (_, i) => ({ username: `benchplayer${i}` })))
        .returning({ id: members.id });
      const ids = made.map((row) => row.id);
      for (const [i, memberId] of ids.entries()) {
        await ledger.post({
          memberId,
          kind: 'deposit',
          amount: 1_000_000_000n,
          idempotencyKey: `bench:fund:${i}`,
          actor: 'system:bench',
        });
      }
      const hot = ids[s.clients] ?? 0;

      log(`  ledger debits, ${s.clients} clients on ${s.clients} wallets`);
      const distinct = await ledgerDebits(ledger, (client) => ids[client] ?? 0, 'distinct');
      log(`  ledger debits, ${s.clients} clients on one wallet`);
      const hotFigures = await ledgerDebits(ledger, () => hot, 'hot');

      log(`  pgbench -i -s 1, then -b simple-update and -b tpcb-like, -c ${s.clients}`);
      await run(binary, ['-i', '-s', '1', '-q', benchUrl]);
      const simpleUpdate = await pgbench(binary, benchUrl, 'simple-update');
      const tpcb = await pgbench(binary, benchUrl, 'tpcb-like');
      rows.push(
        {
          name: 'distinct wallets',
          baseline: 'pgbench simple-update',
          ours: distinct,
          pgbench: simpleUpdate,
        },
        {
          name: 'one hot wallet',
          baseline: 'pgbench tpcb-like, scale 1',
          ours: hotFigures,
          pgbench: tpcb,
        },
      );
    } finally {
      await pool.end();
    }
    return { server, pgbench: pgbenchVersion, rows };
  } finally {
    await database.drop();
  }
}
