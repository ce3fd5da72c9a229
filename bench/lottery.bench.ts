/**
 * Lottery settlement on PostgreSQL (issue 14): one drawn draw with 100,000 open bets of every
 * bet type from 1,000 members, settled as the draw engine settles it (`settleDraws`: every bet
 * judged, updated and each win paid through `ledger_post_many`, ONE statement), timed from the
 * statement's start to the commit; beside `pgbench -b simple-update` on the same server in the
 * same run (16 clients, 2 s warm-up + 8 s), the server's plain one-row update transaction rate.
 * A fresh database is made and dropped. Skipped, with the reason printed, without DATABASE_URL or
 * without pgbench.
 *
 * `npm exec -- node bench/lottery.bench.ts` runs it alone; `npm run bench -- --only lottery`
 * runs it with the others' tables.
 */
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { drawNumbers, seedHashOf } from '../src/contract/lottery-draw.ts';
import { openDatabase } from '../src/server/platform/db/client.ts';
import { createLedgerService } from '../src/server/areas/wallet/ledger.service.ts';
import {
  defaultGameConfig,
  insertLotteryGames,
  lotteryGameSeeds,
} from '../src/server/areas/lottery/lottery.seed-steps.ts';
import { settleDraws, settleStatement } from '../src/server/areas/lottery/settlement.ts';
import { freshBenchDatabase, pgbench, type DebitFigures } from './ledger.bench.ts';
import { spawn } from 'node:child_process';

export const lotterySettings = {
  bets: Number(process.env.LOTTERY_BENCH_BETS ?? 100_000),
  members: Number(process.env.LOTTERY_BENCH_MEMBERS ?? 1_000),
} as const;

export type LotteryBenchResult =
  | { skipped: string }
  | {
      server: string;
      pgbench: string;
      bets: number;
      won: number;
      seconds: number;
      betsPerSecond: number;
      simpleUpdate: DebitFigures;
    };

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited ${code}: ${output}`)),
    );
  });
}

const betMix = ['lo', 'lo', 'lo', 'de', 'de', 'bao_lo', 'ba_cang', 'dau', 'duoi', 'xien2'];

export async function runLotteryBench(log: (line: string) => void): Promise<LotteryBenchResult> {
  const database = await freshBenchDatabase('bench_lottery', 'lottery');
  if ('skipped' in database) return database;
  const { binary, server, pgbenchVersion, url } = database;
  const s = lotterySettings;
  try {
    const migrated = await openDatabase({ databaseUrl: url, pgliteDir: '' });
    await migrated.migrateAndRun(async () => undefined);
    await migrated.close();
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    const db = drizzle(pool);
    const ledger = createLedgerService({ db, currency: 'INR' });
    try {
      await insertLotteryGames(db, lotteryGameSeeds);
      const made = (await db.execute(sql`
        INSERT INTO members (username)
        SELECT 'benchlotto' || i FROM generate_series(1, ${s.members}) AS i
        RETURNING id`)) as unknown as { rows: { id: number }[] };
      const ids = made.rows.map((row) => row.id);
      await ledger.postMany(
        db,
        ids.map((id) => ({
          key: `bench:fund:${id}`,
          member_id: id,
          wallet_kind: 'main',
          kind: 'deposit',
          amount: '1000000000',
          reference: null,
          actor: 'system:bench',
        })),
      );
      // One drawn in-house draw with its result, and the bets (their stakes are not posted:
      // the bench times the settlement only).
      const seed = randomBytes(32).toString('hex');
      const draw = { gameId: 'VN_FAST_1', numero: '209901010001' };
      const now = new Date();
      await db.execute(sql`
        INSERT INTO lottery_draws (game_id, numero, opens_at, locks_at, draws_at, state, seed,
          seed_hash, result_revision, drawn_at)
        VALUES (${draw.gameId}, ${draw.numero}, ${now}, ${now}, ${now}, 'drawn', ${seed},
          ${seedHashOf(seed)}, 1, ${now})`);
      await db.execute(sql`
        INSERT INTO lottery_results (game_id, numero, revision, numbers, source)
        VALUES (${draw.gameId}, ${draw.numero}, 1,
          ${JSON.stringify(drawNumbers(seed, draw.gameId, draw.numero, 'north27'))}::jsonb, 'rng')`);
      const odds = JSON.stringify(
        Object.fromEntries(betMix.map((t) => [t, defaultGameConfig.betTypes[t as 'lo']!.oddsX100])),
      );
      await db.execute(sql`
        INSERT INTO lottery_bets (slip_id, member_id, game_id, numero, bet_type, selection,
          unit_amount, stake, odds_x100, currency)
        SELECT 'bench' || i, (${JSON.stringify(ids)}::jsonb ->> (i % ${ids.length}))::int,
          ${draw.gameId}, ${draw.numero}, t.bet_type,
          CASE t.bet_type
            WHEN 'bao_lo' THEN lpad((i % 1000)::text, 3, '0')
            WHEN 'ba_cang' THEN lpad((i % 1000)::text, 3, '0')
            WHEN 'dau' THEN (i % 10)::text
            WHEN 'duoi' THEN (i % 10)::text
            WHEN 'xien2' THEN lpad((i % 100)::text, 2, '0') || '-' || lpad(((i / 100) % 100)::text, 2, '0')
            ELSE lpad((i % 100)::text, 2, '0') END,
          1000, 1000, (${odds}::jsonb ->> t.bet_type)::int, 'INR'
        FROM generate_series(0, ${s.bets - 1}) AS i,
          LATERAL (SELECT (${JSON.stringify(betMix)}::jsonb ->> (i % ${betMix.length})) AS bet_type) t`);
      // No ANALYZE: a draw's bets come in just before it settles, before autovacuum looks.
      if (process.env.LOTTERY_BENCH_EXPLAIN) {
        const plan = (await db.execute(
          sql`EXPLAIN ${settleStatement(ledger, now, [draw])}`,
        )) as unknown as { rows: { 'QUERY PLAN': string }[] };
        log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
      }

      log(`  settling one draw of ${s.bets} bets (${s.members} members) in one statement`);
      const started = performance.now();
      const outcome = await db.transaction((tx) => settleDraws(tx, ledger, now, [draw]));
      const seconds = (performance.now() - started) / 1000;
      const won = outcome.bets.filter((bet) => bet.state === 'won').length;
      log(`  ${outcome.bets.length} bets settled (${won} won) in ${seconds.toFixed(2)} s`);
      const report = await ledger.reconcile();
      if (report.differences.length > 0) throw new Error('reconcile found differences');

      log('  pgbench -i -s 1, then -b simple-update, -c 16');
      await run(binary, ['-i', '-s', '1', '-q', url]);
      const simpleUpdate = await pgbench(binary, url, 'simple-update');
      log(`  pgbench simple-update: ${Math.round(simpleUpdate.perSecond)} tps`);
      return {
        server,
        pgbench: pgbenchVersion,
        bets: outcome.bets.length,
        won,
        seconds,
        betsPerSecond: outcome.bets.length / seconds,
        simpleUpdate,
      };
    } finally {
      await pool.end();
    }
  } finally {
    await database.drop();
  }
}

if (import.meta.main) {
  const result = await runLotteryBench((line) => console.log(line));
  console.log(JSON.stringify(result, null, 2));
}
