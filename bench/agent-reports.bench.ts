/**
 * The agent center's read calls on PostgreSQL (issue 15): a top agent with 10 sub-agents and
 * `players` players under them (the closure tree kept by the members trigger), each player with a
 * deposit through `ledger_post_many`, `windows` 5-minute rollup rows over the last 7 days and
 * `bets` game bets; then each read of the top agent's whole team over the last 7 days, through
 * the reports service as the routes call it (one statement each), timed as the median of 5 runs
 * after one warm-up, at three team sizes to show how the time grows. A fresh database per size
 * is made and dropped. Skipped, with the reason printed, without DATABASE_URL.
 *
 * `DATABASE_URL=... npm exec -- node bench/agent-reports.bench.ts` (sizes: AGENT_REPORTS_SIZES,
 * default 10000,30000,100000 players).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/platform/db/client.ts';
import { createLedgerService } from '../src/server/areas/wallet/ledger.service.ts';
import { createReportsService } from '../src/server/areas/agent/reports.service.ts';
import type { MemberRow } from '../src/server/platform/http/auth.ts';
import { createScratchDatabase } from '../tests/support/scratch-database.ts';

const sizes = (process.env.AGENT_REPORTS_SIZES ?? '10000,30000,100000')
  .split(',')
  .map((text) => Number(text));
const windowsPerPlayer = 10;
const betsPerPlayer = 5;

type Figures = { players: number; rollups: number; bets: number; ms: Record<string, number> };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function one(
  adminUrl: string,
  players: number,
  log: (line: string) => void,
): Promise<Figures> {
  const scratch = await createScratchDatabase(adminUrl, 'bench_agent_reports');
  try {
    const migrated = await openDatabase({ databaseUrl: scratch.url, pgliteDir: '' });
    await migrated.migrateAndRun(async () => undefined);
    await migrated.close();
    const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
    const db = drizzle(pool);
    try {
      // The reads' clock a minute ahead, so the deposits posted below fall in their range too.
      const now = new Date(Date.now() + 60_000);
      await db.execute(sql`
        INSERT INTO members (username, type, affiliate_code) VALUES ('benchtop', 1, 'BTOP')`);
      await db.execute(sql`
        INSERT INTO members (username, type, affiliate_code, upline_affiliate_code)
        SELECT 'benchsub' || i, 2, 'BSUB' || i, 'BTOP' FROM generate_series(1, 10) AS i`);
      // The players in bulk with their tree rows written directly (self, sub-agent, top), as
      // the tree's trigger would write them one registration at a time.
      await db.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE members DISABLE TRIGGER agent_tree_join`);
        await tx.execute(sql`
          INSERT INTO members (username, upline_affiliate_code)
          SELECT 'benchp' || i, 'BSUB' || (1 + i % 10) FROM generate_series(1, ${players}) AS i`);
        await tx.execute(sql`
          INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
          SELECT p.id, p.id, 0 FROM members p WHERE p.username LIKE 'benchp%'
          UNION ALL
          SELECT s.id, p.id, 1 FROM members p JOIN members s ON s.affiliate_code = p.upline_affiliate_code
          WHERE p.username LIKE 'benchp%'
          UNION ALL
          SELECT t.id, p.id, 2 FROM members p, members t
          WHERE p.username LIKE 'benchp%' AND t.username = 'benchtop'`);
        await tx.execute(sql`ALTER TABLE members ENABLE TRIGGER agent_tree_join`);
      });
      const ids = (
        (await db.execute(
          sql`SELECT id FROM members WHERE username LIKE 'benchp%'`,
        )) as unknown as { rows: { id: number }[] }
      ).rows.map((row) => row.id);
      const ledger = createLedgerService({ db, currency: 'INR' });
      for (let i = 0; i < ids.length; i += 20_000) {
        await ledger.postMany(
          db,
          ids.slice(i, i + 20_000).map((id) => ({
            key: `bench:dep:${id}`,
            member_id: id,
            wallet_kind: 'main',
            kind: 'deposit',
            amount: '100000',
            reference: null,
            actor: 'system:bench',
          })),
        );
      }
      // Rollups and bets spread over the last 7 days, in 5-minute windows.
      await db.execute(sql`
        INSERT INTO game_rollups_5m (member_id, window_start, vassalage, game_type, bet_count,
          stake, valid_turnover, win, net_loss)
        SELECT m.id, date_bin('5 minutes', ${now.toISOString()}::timestamptz
            - make_interval(mins => ((m.id * 7 + w * 131) % 10000)), 'epoch'::timestamptz),
          'BENCH', 'RNG', 1, 1000, 1000, 400, 600
        FROM members m, generate_series(1, ${windowsPerPlayer}) AS w
        WHERE m.username LIKE 'benchp%'
        ON CONFLICT DO NOTHING`);
      await db.execute(sql`
        INSERT INTO game_bets (provider_code, round_id, transaction_id, member_id, vassalage,
          game_type, game_code, stake, win, valid_turnover, status, placed_at, posting_id)
        SELECT 'BENCH', 'r' || m.id || '-' || b, 't' || m.id || '-' || b, m.id, 'BENCH', 'RNG',
          'slot-1', 1000, 400, 1000, 'settled',
          ${now.toISOString()}::timestamptz - make_interval(mins => ((m.id * 11 + b * 97) % 10000)),
          'bench'
        FROM members m, generate_series(1, ${betsPerPlayer}) AS b
        WHERE m.username LIKE 'benchp%'`);
      await db.execute(sql`ANALYZE`);
      const counts = (
        (await db.execute(sql`SELECT (SELECT count(*) FROM game_rollups_5m)::int AS rollups,
          (SELECT count(*) FROM game_bets)::int AS bets`)) as unknown as {
          rows: { rollups: number; bets: number }[];
        }
      ).rows[0] ?? { rollups: 0, bets: 0 };
      const [top] = (
        (await db.execute(sql`SELECT * FROM members WHERE username = 'benchtop'`)) as unknown as {
          rows: MemberRow[];
        }
      ).rows;
      if (!top) throw new Error('no top agent');
      const reports = createReportsService({ db, clock: () => now });
      const paged = { preset: 'last7' as const, pageNo: 1, pageSize: 15 };
      const calls: Record<string, () => Promise<unknown>> = {
        teamOverview: () => reports.teamOverview(top, { preset: 'last7' }),
        downline: () => reports.downline(top, { pageNo: 1, pageSize: 15 }),
        downlineOfSub: () =>
          reports.downline(top, { parent: 'benchsub1', pageNo: 1, pageSize: 15 }),
        search: () => reports.downline(top, { search: 'benchp99', pageNo: 1, pageSize: 15 }),
        member: () => reports.member(top, 'benchsub1', { preset: 'last7' }),
        teamBets: () => reports.teamBets(top, paged, 'en'),
        profitLoss: () => reports.profitLoss(top, paged),
        income: () => reports.income(top, paged),
        transactions: () => reports.transactions(top, paged),
      };
      const ms: Record<string, number> = {};
      for (const [name, run] of Object.entries(calls)) {
        await run();
        const times: number[] = [];
        for (let i = 0; i < 5; i += 1) {
          const started = performance.now();
          await run();
          times.push(performance.now() - started);
        }
        ms[name] = median(times);
      }
      log(
        `  ${players} players, ${counts.rollups} rollups, ${counts.bets} bets: ` +
          Object.entries(ms)
            .map(([name, value]) => `${name} ${value.toFixed(0)} ms`)
            .join(', '),
      );
      return { players, rollups: counts.rollups, bets: counts.bets, ms };
    } finally {
      await pool.end();
    }
  } finally {
    await scratch.drop();
  }
}

export async function runAgentReportsBench(log: (line: string) => void) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    return { skipped: 'DATABASE_URL is not set (the agent reports bench needs PostgreSQL)' };
  const figures: Figures[] = [];
  for (const players of sizes) figures.push(await one(adminUrl, players, log));
  return { figures };
}

if (import.meta.main) {
  const result = await runAgentReportsBench((line) => console.log(line));
  console.log(JSON.stringify(result, null, 2));
}
