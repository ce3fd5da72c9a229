/**
 * Agent wage settlement on PostgreSQL (issue 15): one real-time window settled as the
 * `agent-wage-realtime` job settles it (`settle`: the seal, the mark, then ONE statement that
 * sums every contracted agent's team from the rollups through the closure table, caps the rates
 * down the contract chain and pays every wage through `ledger_post_many`), timed from the run's
 * start to the commit, at three sizes to show it grows linearly; the full size is 100,000
 * players with 1,000,000 bets in the window (target < 5 s). The tree: a top agent (house
 * contract), 100 agents under it, 10 under each of those (1,101 contracts), and the players
 * spread under the 1,000 lowest agents. The bets are in the rollups (game_rollups_5m, two rows per
 * player, 10 bets each), as the seamless wallet leaves them.
 *
 * The baseline, on the same data in the same run: the plain team aggregate (one GROUP BY of the
 * window's rollups joined to the closure table, no rates, no postings), the least any settlement
 * on rollups must read. A fresh database per size is made and dropped. Skipped, with the reason
 * printed, without DATABASE_URL.
 *
 * `npm exec -- node bench/agent-wages.bench.ts` runs it alone; `npm run bench -- --only agent`
 * runs it with the others' tables.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/platform/db/client.ts';
import { createLedgerService } from '../src/server/areas/wallet/ledger.service.ts';
import { settle, settleStatement } from '../src/server/areas/agent/settlement.ts';
import { createScratchDatabase } from '../tests/support/scratch-database.ts';

export const agentWagesSettings = {
  /** Players at the full size; the two smaller sizes are a quarter and a half of it. */
  players: Number(process.env.AGENT_BENCH_PLAYERS ?? 100_000),
  betsPerPlayer: 10,
  targetSeconds: 5,
} as const;

export type AgentWagesRow = {
  players: number;
  bets: number;
  contracts: number;
  wages: number;
  seconds: number;
  baselineSeconds: number;
};
export type AgentWagesBenchResult = { skipped: string } | { server: string; rows: AgentWagesRow[] };

async function oneSize(adminUrl: string, players: number, log: (line: string) => void) {
  const scratch = await createScratchDatabase(adminUrl, 'bench_agent');
  try {
    const migrated = await openDatabase({ databaseUrl: scratch.url, pgliteDir: '' });
    await migrated.migrateAndRun(async () => undefined);
    await migrated.close();
    const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    const db = drizzle(pool);
    const ledger = createLedgerService({ db, currency: 'INR' });
    try {
      // Members: 1 top, 100 agents, 1,000 agents, then the players (ids in that order).
      await db.execute(sql`
        INSERT INTO members (username, type)
        SELECT 'benchagent' || i, CASE WHEN i = 1 THEN 1 ELSE 2 END
        FROM generate_series(1, 1101) AS i`);
      await db.execute(sql`
        INSERT INTO members (username, type)
        SELECT 'benchplayer' || i, 0 FROM generate_series(1, ${players}) AS i`);
      const [first] = (
        (await db.execute(sql`SELECT min(id)::int AS id FROM members`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      const base = first!.id - 1;
      // The closure rows (the trigger made each member's own row): a level-1 agent k (2..101)
      // under the top; a level-2 agent j (102..1101) under 2 + (j - 102) / 10; a player p under
      // level-2 agent 102 + (p % 1000).
      await db.execute(sql`
        WITH RECURSIVE parent AS (
          SELECT ${base} + i AS id, ${base} + 1 AS parent FROM generate_series(2, 101) AS i
          UNION ALL
          SELECT ${base} + i, ${base} + 2 + (i - 102) / 10 FROM generate_series(102, 1101) AS i
          UNION ALL
          SELECT ${base} + 1101 + p, ${base} + 102 + (p % 1000) FROM generate_series(1, ${players}) AS p
        ), chain AS (
          SELECT p.id AS descendant, p.parent AS ancestor, 1 AS depth FROM parent p
          UNION ALL
          SELECT c.descendant, p.parent, c.depth + 1 FROM chain c JOIN parent p ON p.id = c.ancestor
        )
        INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
        SELECT ancestor, descendant, depth FROM chain`);
      // Contracts: the house with the top (1 %), the top with each level-1 agent (0.8 %), each
      // level-1 agent with its level-2 agents (0.5 %).
      const tiers = (rate: number) =>
        JSON.stringify([{ minTurnover: '0', minNetLoss: '0', minActiveMembers: 0, rateBps: rate }]);
      await db.execute(sql`
        INSERT INTO agent_contracts (kind, state, upline_id, downline_id, tiers, max_rate_bps,
          accepted_at)
        SELECT 'realtime', 'active', parent, id, tiers::jsonb, rate, now() - interval '1 day'
        FROM (
          SELECT NULL::int AS parent, ${base} + 1 AS id, ${tiers(100)} AS tiers, 100 AS rate
          UNION ALL
          SELECT ${base} + 1, ${base} + i, ${tiers(80)}, 80 FROM generate_series(2, 101) AS i
          UNION ALL
          SELECT ${base} + 2 + (i - 102) / 10, ${base} + i, ${tiers(50)}, 50
          FROM generate_series(102, 1101) AS i
        ) c`);
      // The window's bets as the seamless wallet rolls them up: two rows per player, 5 bets each.
      const end = new Date(Math.floor(Date.now() / 300_000) * 300_000);
      const start = new Date(end.getTime() - 300_000);
      await db.execute(sql`
        INSERT INTO game_rollups_5m (member_id, window_start, vassalage, game_type, bet_count,
          stake, valid_turnover, win, net_loss)
        SELECT ${base} + 1101 + p, ${start.toISOString()}::timestamptz, v.vassalage, 'SLOT', 5,
          5000 + p % 977, 5000 + p % 977, 4000, 1000 + p % 977
        FROM generate_series(1, ${players}) AS p, (VALUES ('PG'), ('JILI')) AS v(vassalage)`);
      await db.execute(sql`ANALYZE`);
      const contracts = 1101;
      const bets = players * agentWagesSettings.betsPerPlayer;

      const baselineStarted = performance.now();
      await db.execute(sql`
        SELECT t.ancestor_id, sum(g.valid_turnover), sum(g.net_loss)
        FROM game_rollups_5m g JOIN agent_tree t ON t.descendant_id = g.member_id AND t.depth > 0
        WHERE g.window_start >= ${start.toISOString()}::timestamptz
          AND g.window_start < ${end.toISOString()}::timestamptz
          AND t.ancestor_id IN (SELECT downline_id FROM agent_contracts WHERE kind = 'realtime')
        GROUP BY t.ancestor_id`);
      const baselineSeconds = (performance.now() - baselineStarted) / 1000;

      if (process.env.AGENT_BENCH_EXPLAIN) {
        await db
          .transaction(async (tx) => {
            const plan = (await tx.execute(
              sql`EXPLAIN (ANALYZE, COSTS OFF) ${settleStatement(ledger, { kind: 'realtime' }, start, end, new Date())}`,
            )) as unknown as { rows: { 'QUERY PLAN': string }[] };
            log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
            throw new Error('rollback');
          })
          .catch(() => undefined);
      }
      if (process.env.AGENT_BENCH_PROBE) {
        await db
          .transaction(async (tx) => {
            const items = Array.from({ length: 1101 }, (_, i) => ({
              key: `probe:${i}`,
              member_id: base + 1 + i,
              wallet_kind: 'main',
              kind: 'wage' as const,
              amount: '1000',
              reference: null,
              actor: 'system:bench',
            }));
            const debits = Array.from({ length: 1100 }, (_, i) => ({
              ...items[0]!,
              key: `probe:d:${i}`,
              member_id: base + 1 + (i < 100 ? 0 : 1 + Math.floor((i - 100) / 10)),
              kind: 'wage_paid' as const,
              amount: '-1',
            }));
            let t = performance.now();
            await ledger.postMany(tx, items);
            log(`  probe: ${items.length} credits ${(performance.now() - t).toFixed(0)} ms`);
            t = performance.now();
            await ledger.postMany(tx, debits);
            log(`  probe: ${debits.length} debits ${(performance.now() - t).toFixed(0)} ms`);
            throw new Error('rollback');
          })
          .catch(() => undefined);
      }
      const started = performance.now();
      const outcome = await db.transaction((tx) =>
        settle(tx, ledger, { kind: 'realtime' }, { start, end }, new Date()),
      );
      const seconds = (performance.now() - started) / 1000;
      log(
        `  ${players} players, ${bets} bets: ${outcome.wages.length} wages in ${seconds.toFixed(2)} s ` +
          `(team aggregate alone ${baselineSeconds.toFixed(2)} s)`,
      );
      if (outcome.wages.length !== contracts) throw new Error('not every contract was paid');
      const report = await ledger.reconcile();
      if (report.differences.length > 0) throw new Error('reconcile found differences');
      return { players, bets, contracts, wages: outcome.wages.length, seconds, baselineSeconds };
    } finally {
      await pool.end();
    }
  } finally {
    await scratch.drop();
  }
}

export async function runAgentWagesBench(
  log: (line: string) => void,
): Promise<AgentWagesBenchResult> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    return { skipped: 'DATABASE_URL is not set (the agent wages bench needs PostgreSQL)' };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let server: string;
  try {
    const version = await admin.query<{ server_version: string }>('show server_version');
    server = `PostgreSQL ${version.rows[0]?.server_version ?? '?'}`;
  } finally {
    await admin.end();
  }
  const full = agentWagesSettings.players;
  const rows: AgentWagesRow[] = [];
  for (const players of [Math.round(full / 4), Math.round(full / 2), full]) {
    rows.push(await oneSize(adminUrl, players, log));
  }
  return { server, rows };
}

if (import.meta.main) {
  const result = await runAgentWagesBench((line) => console.log(line));
  console.log(JSON.stringify(result, null, 2));
}
