/**
 * Real-time channel latency (issue 4, point 12): with N sockets connected (one player each),
 * the time from a committed change to the event's arrival at the player's socket, through the
 * real gateway (publisher: the member's sequence number taken in the database, then the emit),
 * against a bare socket.io server emitting the same payload to the same number of sockets.
 *
 * Two figures per N: a single event (sequential samples, p50/p99), and a burst (one event for
 * every connected player at once, as a settlement run would publish; p50/p99 over the sockets
 * of the time to arrival, and the time until the last one).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { realtimePath } from '../src/contract/realtime.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { members, sessions } from '../src/server/platform/members/members.schema.ts';
import { auditLog } from '../src/server/platform/audit/audit.schema.ts';
import { hashToken } from '../src/server/platform/hash-token.ts';
import { tempDir } from './support/process.ts';

export const realtimeSettings = {
  sockets: [1000, 5000],
  singleSamples: 200,
} as const;

export type LatencyFigures = { p50Ms: number; p99Ms: number; maxMs: number; samples: number };
export type RealtimeBenchRow = {
  sockets: number;
  ours: { single: LatencyFigures; burst: LatencyFigures };
  bare: { single: LatencyFigures; burst: LatencyFigures };
};

function figures(values: number[]): LatencyFigures {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted.at(-1) ?? NaN, samples: values.length };
}

/** Connects `count` sockets, 100 at a time; `auth(i)` is the handshake of the i-th. */
async function connectMany(url: string, count: number, auth: (i: number) => object) {
  const sockets: Socket[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, (_, k) => {
      const socket = connect(url, {
        path: realtimePath,
        transports: ['websocket'],
        auth: auth(start + k),
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

/** Waits for `balance` on each socket; resolves with arrival times (ms since t0). */
function arrivals(sockets: Socket[], t0: () => number): Promise<number[]> {
  return Promise.all(
    sockets.map(
      (socket) =>
        new Promise<number>((resolve) =>
          socket.once('balance', () => resolve(performance.now() - t0())),
        ),
    ),
  );
}

async function measure(
  sockets: Socket[],
  emit: (i: number) => Promise<unknown> | void,
  commit: () => Promise<void>,
): Promise<{ single: LatencyFigures; burst: LatencyFigures }> {
  const single: number[] = [];
  for (let n = 0; n < realtimeSettings.singleSamples; n += 1) {
    const i = Math.floor(Math.random() * sockets.length);
    const target = sockets[i] as Socket;
    await commit();
    let t0 = 0;
    const arrived = arrivals([target], () => t0);
    t0 = performance.now();
    await emit(i);
    single.push(...(await arrived));
  }
  await commit();
  let t0 = 0;
  const all = arrivals(sockets, () => t0);
  t0 = performance.now();
  await Promise.all(sockets.map((_, i) => emit(i)));
  const burst = await all;
  return { single: figures(single), burst: figures(burst) };
}

async function oursFor(count: number, phase: (name: string) => void) {
  const dir = tempDir('bench-realtime-');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dir.path,
    STATIC_DIR: join(dir.path, 'none'),
    OPS_USERNAME: 'bench-operator',
    OPS_PASSWORD: 'bench-operator-password',
    TOTP_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 3).toString('base64url')}`,
    OUTCOME_KEYS: `bench:${Buffer.alloc(32, 4).toString('base64url')}`,
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const db = app.database.db;
  const tokens: string[] = [];
  const ids: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const rows = await db
      .insert(members)
      .values(
        Array.from({ length: size }, (_, k) => ({
          username: `bench${start + k}${randomBytes(3).toString('hex')}`,
        })),
      )
      .returning({ id: members.id });
    const batch = rows.map((row) => ({ id: row.id, token: randomBytes(32).toString('base64url') }));
    await db.insert(sessions).values(
      batch.map((b) => ({
        tokenHash: hashToken(b.token),
        memberId: b.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      })),
    );
    for (const b of batch) {
      ids.push(b.id);
      tokens.push(b.token);
    }
  }
  phase('members and sessions written');
  const sockets = await connectMany(url, count, (i) => ({ token: tokens[i] }));
  phase('sockets connected');
  // A committed change first (an audited row), then the publish, as services do.
  const commit = async () => {
    await db.transaction(async (tx) => {
      await tx.insert(auditLog).values({
        actor: 'bench',
        action: 'bench.change',
        target: 'bench',
        before: null,
        after: null,
      });
    });
  };
  const result = await measure(
    sockets,
    (i) =>
      app.realtime.publisher.publish(ids[i] as number, {
        name: 'balance',
        payload: { balance: '125050' },
      }),
    commit,
  );
  phase('measured');
  for (const socket of sockets) socket.close();
  await app.close();
  dir.remove();
  return result;
}

async function bareFor(count: number) {
  const http = createServer();
  const io = new Server(http, { path: realtimePath });
  io.on('connection', (socket) => {
    void socket.join(`member:${(socket.handshake.auth as { i: number }).i}`);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const sockets = await connectMany(url, count, (i) => ({ i }));
  const result = await measure(
    sockets,
    (i) => {
      io.to(`member:${i}`).emit('balance', { balance: '125050', seq: 1 });
    },
    async () => {},
  );
  for (const socket of sockets) socket.close();
  await io.close();
  return result;
}

export async function runRealtimeBench(
  log: (line: string) => void,
  counts: readonly number[] = realtimeSettings.sockets,
): Promise<RealtimeBenchRow[]> {
  const rows: RealtimeBenchRow[] = [];
  for (const count of counts) {
    let started = performance.now();
    const ours = await oursFor(count, (phase) => {
      log(`  ${count} sockets, ours: ${phase} (${Math.round(performance.now() - started)} ms)`);
      started = performance.now();
    });
    const bare = await bareFor(count);
    const row = { sockets: count, ours, bare };
    log(`  ${JSON.stringify(row)}`);
    rows.push(row);
  }
  return rows;
}

// `node bench/realtime.bench.ts` runs it alone.
if (import.meta.main) {
  const at = process.argv.indexOf('--sockets');
  const counts = at === -1 ? undefined : (process.argv[at + 1] ?? '').split(',').map(Number);
  const rows = await runRealtimeBench(console.log, counts);
  console.log(JSON.stringify(rows, null, 2));
  process.exit(0);
}
