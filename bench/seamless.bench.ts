/**
 * Seamless bet+win pairs per second on PostgreSQL (issue 13, point 9): a game provider's signed
 * HTTP calls against the real server (buildApp in this process, listening on a port), each pair
 * a `bet` then its `win` on one player's wallet (two ledger postings with their bet row, stored
 * replies and 5-minute rollup), `clients` players at once, against `pgbench -b simple-update`
 * at the same concurrency on the same server in the same run. Warm-up, then the measured window;
 * only what completes inside it counts; the server's statements to PostgreSQL are counted per
 * pair (a bet and a win are one statement each). A fresh database is made and dropped. Skipped, with the
 * reason printed, without DATABASE_URL or without pgbench.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { members, sessions } from '../src/server/platform/members/members.schema.ts';
import { hashToken } from '../src/server/platform/hash-token.ts';
import { signSeamless } from '../src/server/areas/games/seamless/seamless.service.ts';
import {
  launchPaths,
  seamlessHeaders,
  seamlessPaths,
  type AuthenticateReply,
  type LaunchReply,
} from '../src/contract/seamless.ts';
import type { Envelope } from '../src/contract/envelope.ts';
import {
  figures,
  freshBenchDatabase,
  ledgerSettings,
  pgbench,
  run,
  type DebitFigures,
} from './ledger.bench.ts';
import { tempDir } from './support/process.ts';

export const seamlessSettings = {
  /** Players betting at once, and pgbench -c (the ledger bench's concurrency and durations). */
  clients: ledgerSettings.clients,
  warmupSeconds: ledgerSettings.warmupSeconds,
  durationSeconds: ledgerSettings.durationSeconds,
} as const;

export type SeamlessBenchResult =
  | { skipped: string }
  | {
      server: string;
      pgbench: string;
      /** Bet+win pairs (figures per pair: its two signed HTTP calls). */
      pairs: DebitFigures & { cpuMsPerPair: number; statementsPerPair: number };
      simpleUpdate: DebitFigures;
    };

/**
 * Counts the statements every pg client of this process sends (the server's round trips to
 * PostgreSQL) until `stop`.
 */
function countStatements() {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let count = 0;
  proto.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  return {
    stop() {
      proto.query = original;
      return count;
    },
  };
}

export async function runSeamlessBench(log: (line: string) => void): Promise<SeamlessBenchResult> {
  const database = await freshBenchDatabase('bench_seamless', 'seamless');
  if ('skipped' in database) return database;
  const { binary, server, pgbenchVersion, url: benchUrl } = database;
  const s = seamlessSettings;
  const dataDir = tempDir('bench-seamless-');
  const secret = randomBytes(32).toString('base64url');
  try {
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir.path,
        DATABASE_URL: benchUrl,
        STATIC_DIR: `${dataDir.path}/no-build`,
        OPS_USERNAME: 'bench-operator',
        OPS_PASSWORD: 'bench-operator-password',
        TOTP_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 3).toString('base64url')}`,
        OUTCOME_KEYS: `bench:${Buffer.alloc(32, 4).toString('base64url')}`,
        BUILTIN_GAMES_SECRET: secret,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
      }),
    );
    try {
      const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const provider = { code: 'BUILTIN', secret };
      const db = app.database.db;
      const game = await db.execute<{ node_id: number; game_code: string }>(
        sql`select node_id, game_code from games where vassalage = 'BUILTIN' and maintenance = false order by node_id limit 1`,
      );
      const gameRows = (Array.isArray(game) ? game : (game as { rows: unknown[] }).rows) as {
        node_id: number;
        game_code: string;
      }[];
      const nodeId = gameRows[0]?.node_id;
      // A provider bets only on games of the vendors it serves: the launched game's code.
      const gameCode = gameRows[0]?.game_code;
      if (!nodeId || !gameCode) throw new Error('no built-in game in the catalog');
      const signed = async <T>(path: string, body: unknown): Promise<Envelope<T>> => {
        const raw = JSON.stringify(body);
        const timestamp = String(Math.floor(Date.now() / 1000));
        const response = await fetch(baseUrl + path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [seamlessHeaders.provider]: provider.code,
            [seamlessHeaders.timestamp]: timestamp,
            [seamlessHeaders.signature]: signSeamless(provider.secret, timestamp, raw),
          },
          body: raw,
        });
        return (await response.json()) as Envelope<T>;
      };

      // Players: a site session each, money, a launch and the provider's session.
      const players: { sessionToken: string; playerId: string }[] = [];
      for (let i = 0; i < s.clients; i++) {
        const [member] = await db
          .insert(members)
          .values({ username: `benchplayer${i}` })
          .returning({ id: members.id });
        if (!member) throw new Error('member not made');
        await app.wallet.ledger.post({
          memberId: member.id,
          kind: 'deposit',
          amount: 1_000_000_000n,
          idempotencyKey: `bench:fund:${i}`,
          actor: 'system:bench',
        });
        const token = randomBytes(32).toString('base64url');
        await db.insert(sessions).values({
          tokenHash: hashToken(token),
          memberId: member.id,
          expiresAt: new Date(Date.now() + 3_600_000),
        });
        const launched = await fetch(`${baseUrl}${launchPaths.launchGame}?nodeId=${nodeId}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const launch = (await launched.json()) as Envelope<LaunchReply>;
        const launchToken = new URL(launch.value?.url ?? '', baseUrl).searchParams.get('token');
        const auth = await signed<AuthenticateReply>(seamlessPaths.authenticate, { launchToken });
        if (!auth.value) throw new Error(`authenticate failed: ${JSON.stringify(auth)}`);
        players.push({ sessionToken: auth.value.sessionToken, playerId: auth.value.playerId });
      }

      log(`  seamless bet+win pairs over signed HTTP, ${s.clients} players`);
      const statements = countStatements();
      const cpuBefore = process.cpuUsage();
      let calls = 0;
      const started = performance.now();
      const from = started + s.warmupSeconds * 1000;
      const end = from + s.durationSeconds * 1000;
      const latencies: number[] = [];
      let errors = 0;
      let sequence = 0;
      await Promise.all(
        players.map(async (session) => {
          for (let t = performance.now(); t < end; t = performance.now()) {
            sequence += 1;
            calls += 1;
            const n = sequence;
            const roundId = `r${n}`;
            const betId = `b${n}`;
            const bet = await signed(seamlessPaths.bet, {
              ...session,
              transactionId: betId,
              roundId,
              gameCode,
              amount: '100',
              currency: app.wallet.ledger.currency,
            });
            const win = await signed(seamlessPaths.win, {
              ...session,
              transactionId: `w${n}`,
              roundId,
              betTransactionId: betId,
              gameCode,
              amount: '90',
              currency: app.wallet.ledger.currency,
            });
            const done = performance.now();
            if (!bet.success || !win.success) {
              if (errors === 0) log(`  first refusal: ${JSON.stringify(bet.success ? win : bet)}`);
              errors += 1;
            } else if (t >= from && done <= end) latencies.push(done - t);
          }
        }),
      );
      const cpu = process.cpuUsage(cpuBefore);
      const statementCount = statements.stop();
      const pairs = {
        ...figures(latencies, s.durationSeconds, errors),
        // This process's CPU (server and the players' HTTP clients) per pair, warm-up included.
        cpuMsPerPair: (cpu.user + cpu.system) / 1000 / Math.max(1, calls),
        // Every statement the server sent while the pairs ran (the balance events included).
        statementsPerPair: statementCount / Math.max(1, calls),
      };

      log(`  pgbench -i -s 1, then -b simple-update, -c ${s.clients}`);
      await run(binary, ['-i', '-s', '1', '-q', benchUrl]);
      const simpleUpdate = await pgbench(binary, benchUrl, 'simple-update');
      return { server, pgbench: pgbenchVersion, pairs, simpleUpdate };
    } finally {
      await app.close();
    }
  } finally {
    dataDir.remove();
    await database.drop();
  }
}
