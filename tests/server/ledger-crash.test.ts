import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  walletOpsPaths,
  type AdjustmentBody,
  type PostingReply,
  type ReconcileReply,
} from '../../src/contract/wallet.ts';
import { openDatabase, type Database, type Db } from '../../src/server/platform/db/client.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { createLedgerService } from '../../src/server/areas/wallet/ledger.service.ts';
import {
  basicAuth,
  createTestDatabase,
  testOperator,
  type TestDatabase,
} from '../support/server.ts';
import { scratchDir } from '../support/scratch-dir.ts';

/**
 * Crash test (issue 4, point 9): a real server process (`node src/server/main.ts`) takes
 * concurrent operator adjustments, each with its own idempotency key, and is killed with SIGKILL
 * in the middle of the load. Then, with the database as the kill left it:
 * - every posting acknowledged before the kill is there, with its entry and its audit row;
 * - every posting not acknowledged is either all there or not there at all;
 * - reconcile is clean and the money equals the starting money plus the postings present.
 * The server is restarted; every key is sent again with the same body: each gives one effect
 * (an acknowledged key returns its first reply), reconcile stays clean (over HTTP and with
 * `npm run reconcile`) and the money equals the starting money plus every key's amount.
 *
 * The player API moves no money yet (deposits and withdrawals come with their own routes), so
 * the load is operator adjustments, the money-moving call the server has.
 *
 * On PostgreSQL the kill drops the node's connections mid-transaction; on PGlite the database
 * runs inside the killed process, so it is also a test of PGlite's own crash recovery.
 */
const postgres = Boolean(process.env.DATABASE_URL);
if (!postgres) {
  console.log(
    'ledger-crash: the PostgreSQL crash test is skipped because DATABASE_URL is not set ' +
      '(e.g. DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres); the PGlite one runs',
  );
}

type Sizes = {
  /** Concurrent HTTP clients. */
  workers: number;
  /** Members whose main wallets take the load; the first one is hot (half of all calls). */
  wallets: number;
  /** The server is killed when this many load calls have been acknowledged. */
  killAfterAcks: number;
};

/** Money every wallet starts with, so no debit of the load is ever refused. */
const funding = 100_000_000n;
const maxCredit = 100_000;
const maxDebit = 5_000;

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

type Node = { process: ChildProcess; url: string; exited: Promise<void> };

function serverEnv(env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    ...env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    STATIC_DIR: join(env.DATA_DIR ?? tmpdir(), 'no-build'),
    OPS_USERNAME: testOperator.username,
    OPS_PASSWORD: testOperator.password,
    HUMAN_VERIFICATION: 'off',
    // Every call comes from its own forwarded address, so the per-address rate limits of the
    // operator API do not throttle the load.
    TRUST_PROXY: '127.0.0.1',
  };
}

/** `node src/server/main.ts` on the database; resolves once it listens. */
async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...serverEnv(env), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
      if (output.includes('Site running at')) resolve();
    });
    child.stderr?.on(
      'data',
      (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)),
    );
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`)),
    );
  });
  return { process: child, url: `http://127.0.0.1:${port}`, exited };
}

async function stopNode(node: Node | undefined, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') {
  if (!node || node.process.exitCode !== null || node.process.signalCode !== null) return;
  node.process.kill(signal);
  await node.exited;
}

/** `npm run reconcile` against the database; its exit code and output. */
async function runReconcileScript(env: Record<string, string>) {
  const child = spawn('npm', ['run', '--silent', 'reconcile'], {
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

let forwarded = 0;
const opsHeaders = () => {
  forwarded += 1;
  return {
    authorization: basicAuth(testOperator.username, testOperator.password),
    'content-type': 'application/json',
    'x-forwarded-for': `10.77.${(forwarded >> 8) & 255}.${forwarded & 255}`,
  };
};

type Envelope<T> = { success: boolean; value?: T; code?: string };

async function adjust(url: string, body: AdjustmentBody) {
  const response = await fetch(url + walletOpsPaths.adjustment, {
    method: 'POST',
    headers: opsHeaders(),
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<PostingReply> };
}

async function reconcileOverHttp(url: string): Promise<ReconcileReply> {
  const response = await fetch(url + walletOpsPaths.reconcile, { headers: opsHeaders() });
  const body = (await response.json()) as Envelope<ReconcileReply>;
  if (response.status !== 200 || !body.value) throw new Error(`reconcile: ${response.status}`);
  return body.value;
}

/** Raw query rows: PGlite and node-postgres both answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type StoredPosting = { key: string; postingId: string; entries: number; amount: bigint };

/** The postings of this run's keys as the database holds them, and their audit rows. */
async function storedPostings(db: Db, run: string) {
  const opsPrefix = `ops:${testOperator.username}:`;
  const like = `${opsPrefix}${run}-%`;
  const rows = rowsOf<{ key: string; id: string; entries: string; amount: string | null }>(
    await db.execute(sql`
      select p.idempotency_key as key, p.id::text as id, count(e.id)::text as entries,
        sum(e.amount)::text as amount
      from ledger_postings p left join ledger_entries e on e.posting_id = p.id
      where p.idempotency_key like ${like}
      group by p.id`),
  );
  const [audits] = rowsOf<{ n: string }>(
    await db.execute(sql`
      select count(*)::text as n from ledger_postings p
      join audit_log a on a.action = 'ledger.adjustment' and a.after->>'postingId' = p.id::text
      where p.idempotency_key like ${like}`),
  );
  const postings = new Map<string, StoredPosting>(
    rows.map((row) => [
      row.key.slice(opsPrefix.length),
      {
        key: row.key,
        postingId: row.id,
        entries: Number(row.entries),
        amount: BigInt(row.amount ?? '0'),
      },
    ]),
  );
  return { postings, audits: Number(audits?.n ?? 0) };
}

type Call = {
  body: AdjustmentBody;
  amount: bigint;
  /** acked: 200 with its reply; unknown: no answer (the kill came first). */
  outcome: 'pending' | 'acked' | 'unknown' | 'failed';
  reply?: PostingReply;
  failure?: string;
};

/** Random amounts: credits up to maxCredit, debits up to maxDebit; never zero. */
function randomAmount(): bigint {
  return Math.random() < 0.5
    ? BigInt(1 + Math.floor(Math.random() * maxCredit))
    : -BigInt(1 + Math.floor(Math.random() * maxDebit));
}

/**
 * `workers` clients post adjustments in a loop; once `killAfterAcks` have been acknowledged
 * the server gets SIGKILL while the other clients' calls are in flight.
 */
async function loadAndKill(node: Node, memberIds: number[], run: string, sizes: Sizes) {
  const calls: Call[] = [];
  let acked = 0;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    node.process.kill('SIGKILL');
  };
  let next = 0;
  const worker = async () => {
    while (!killed) {
      const hot = Math.random() < 0.5;
      const memberId = hot
        ? (memberIds[0] ?? 0)
        : (memberIds[1 + Math.floor(Math.random() * (memberIds.length - 1))] ?? 0);
      const amount = randomAmount();
      next += 1;
      const call: Call = {
        body: {
          memberId,
          walletKind: 'main',
          amount: amount.toString(),
          reason: `crash test load ${run}`,
          idempotencyKey: `${run}-${next}`,
        },
        amount,
        outcome: 'pending',
      };
      calls.push(call);
      try {
        const answer = await adjust(node.url, call.body);
        if (answer.status === 200 && answer.body.value) {
          call.outcome = 'acked';
          call.reply = answer.body.value;
          acked += 1;
          if (acked >= sizes.killAfterAcks) kill();
        } else {
          call.outcome = 'failed';
          call.failure = `${answer.status} ${answer.body.code ?? ''}`;
        }
      } catch {
        // No answer: the connection died with the server.
        call.outcome = 'unknown';
      }
    }
  };
  await Promise.all(Array.from({ length: sizes.workers }, worker));
  await node.exited;
  return calls;
}

async function makeMembers(db: Db, count: number, run: string): Promise<number[]> {
  const rows = await db
    .insert(members)
    .values(Array.from({ length: count }, (_, i) => ({ username: `crash${run}m${i}` })))
    .returning({ id: members.id });
  return rows.map((row) => row.id);
}

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

/** In parallel, `workers` at a time. */
async function eachConcurrently<T>(items: T[], workers: number, work: (item: T) => Promise<void>) {
  let index = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (index < items.length) {
        const item = items[index];
        index += 1;
        if (item !== undefined) await work(item);
      }
    }),
  );
}

type Target = {
  /** Server environment pointing at the database (DATABASE_URL or DATA_DIR). */
  env: Record<string, string>;
  open(): Promise<Database>;
  /** PGlite allows one process: the server must be stopped while the test reads the files. */
  oneProcess: boolean;
};

async function crashRun(target: Target, sizes: Sizes) {
  const run = `crash${Math.random().toString(36).slice(2, 8)}`;

  // Schema and the members the load moves money for, before the server starts.
  let database = await target.open();
  await database.migrateAndRun(async () => undefined);
  const memberIds = await makeMembers(database.db, sizes.wallets, run);
  await database.close();

  let node: Node | undefined = await startNode(target.env);
  try {
    for (const [i, memberId] of memberIds.entries()) {
      const funded = await adjust(node.url, {
        memberId,
        walletKind: 'main',
        amount: funding.toString(),
        reason: 'crash test funding',
        idempotencyKey: `${run}-funding-${i}`,
      });
      expect(funded.status).toBe(200);
    }
    const before = await reconcileOverHttp(node.url);
    const startingMoney = BigInt(before.totalBalance);

    // The load, and the kill in the middle of it.
    const calls = await loadAndKill(node, memberIds, run, sizes);
    node = undefined;
    const acked = calls.filter((c) => c.outcome === 'acked');
    const unknown = calls.filter((c) => c.outcome === 'unknown');
    expect(calls.filter((c) => c.outcome === 'failed').map((c) => c.failure)).toEqual([]);
    expect(acked.length).toBeGreaterThanOrEqual(sizes.killAfterAcks);

    // The database as the kill left it (on PGlite: opened after the crash, its recovery).
    database = await target.open();
    let atKill;
    let reconcileAtKill;
    try {
      atKill = await storedPostings(database.db, run);
      reconcileAtKill = await createLedgerService({ db: database.db }).reconcile();
    } finally {
      await database.close();
    }
    const byKey = new Map(calls.map((c) => [c.body.idempotencyKey, c]));
    for (const call of acked) {
      const stored = atKill.postings.get(call.body.idempotencyKey);
      expect(stored, `acknowledged ${call.body.idempotencyKey} is stored`).toBeDefined();
      expect(stored?.postingId).toBe(call.reply?.postingId);
    }
    for (const [key, stored] of atKill.postings) {
      if (key.startsWith(`${run}-funding-`)) continue;
      const call = byKey.get(key);
      expect(call, `stored ${key} was sent`).toBeDefined();
      // All there: its one entry with its amount.
      expect(stored.entries).toBe(1);
      expect(stored.amount).toBe(call?.amount);
    }
    expect(atKill.audits).toBe(atKill.postings.size);
    const present = calls.filter((c) => atKill.postings.has(c.body.idempotencyKey));
    expect(reconcileAtKill.differences).toEqual([]);
    expect(reconcileAtKill.unbalancedTransfers).toBe(0);
    expect(BigInt(reconcileAtKill.totalBalance)).toBe(
      startingMoney + sum(present.map((c) => c.amount)),
    );
    expect(reconcileAtKill.totalEntries).toBe(reconcileAtKill.totalBalance);

    // Restart, and replay every key with its body.
    node = await startNode(target.env);
    const url = node.url;
    const replies = new Map<string, PostingReply>();
    await eachConcurrently(calls, sizes.workers, async (call) => {
      const answer = await adjust(url, call.body);
      expect(answer.status, `replay of ${call.body.idempotencyKey}`).toBe(200);
      if (answer.body.value) replies.set(call.body.idempotencyKey, answer.body.value);
    });
    for (const call of acked) expect(replies.get(call.body.idempotencyKey)).toEqual(call.reply);
    for (const call of present) {
      expect(replies.get(call.body.idempotencyKey)?.postingId).toBe(
        atKill.postings.get(call.body.idempotencyKey)?.postingId,
      );
    }
    // Some keys once more, several at once: still the one reply.
    for (const call of [...unknown, ...acked].slice(0, 6)) {
      const again = await Promise.all(Array.from({ length: 5 }, () => adjust(url, call.body)));
      for (const answer of again) {
        expect(answer.body.value).toEqual(replies.get(call.body.idempotencyKey));
      }
    }

    const final = await reconcileOverHttp(url);
    expect(final.differences).toEqual([]);
    expect(final.unbalancedTransfers).toBe(0);
    const expectedMoney = startingMoney + sum(calls.map((c) => c.amount));
    expect(BigInt(final.totalBalance)).toBe(expectedMoney);
    expect(final.totalEntries).toBe(final.totalBalance);

    if (target.oneProcess) {
      await stopNode(node);
      node = undefined;
    }
    const script = await runReconcileScript(target.env);
    expect(script.code, script.output).toBe(0);
    expect(script.output).toContain('ledger is clean');

    database = await target.open();
    try {
      const after = await storedPostings(database.db, run);
      // One posting per key sent (and the funding), each with its audit row.
      expect(after.postings.size).toBe(calls.length + memberIds.length);
      expect(after.audits).toBe(after.postings.size);
      for (const call of calls) {
        expect(after.postings.get(call.body.idempotencyKey)?.amount).toBe(call.amount);
      }
    } finally {
      await database.close();
    }

    const summary = {
      sent: calls.length,
      ackedBeforeKill: acked.length,
      unansweredAtKill: unknown.length,
      unansweredButCommitted: unknown.filter((c) => atKill.postings.has(c.body.idempotencyKey))
        .length,
    };
    console.log(`ledger-crash (${target.oneProcess ? 'PGlite' : 'PostgreSQL'}):`, summary);
    return summary;
  } finally {
    await stopNode(node, 'SIGKILL');
  }
}

describe.skipIf(!postgres)(
  'SIGKILL of a server process under load, on PostgreSQL (needs DATABASE_URL)',
  () => {
    it('keeps every acknowledged posting, none half-made, and reconcile clean after restart', async () => {
      const testDb: TestDatabase = await createTestDatabase();
      try {
        await crashRun(
          { env: testDb.env, open: () => testDb.open(), oneProcess: false },
          { workers: 16, wallets: 6, killAfterAcks: 200 },
        );
      } finally {
        await testDb.drop();
      }
    }, 240_000);
  },
);

describe('SIGKILL of a server process under load, on PGlite (its database dies with it)', () => {
  it('keeps every acknowledged posting, none half-made, and reconcile clean after restart', async () => {
    const dataDir = await mkdtemp(join(scratchDir(), 'site-crash-'));
    try {
      await crashRun(
        {
          env: { DATA_DIR: dataDir },
          open: () => openDatabase({ databaseUrl: null, pgliteDir: join(dataDir, 'pglite') }),
          oneProcess: true,
        },
        { workers: 6, wallets: 4, killAfterAcks: 80 },
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
