import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLedgerService } from '../../src/server/areas/wallet/ledger.service.ts';
import type { Db } from '../../src/server/platform/db/client.ts';
import { treeMember, type TreeMember } from '../support/agent-tree.ts';
import { twoNodes } from '../support/server-nodes.ts';

/**
 * The real-time wage on two server processes sharing one PostgreSQL database (issue 15), with
 * a 2-second window: bets keep arriving while both nodes settle window after window; every
 * window is settled once (one wage row and one posting per contract and window), every bet is
 * counted in exactly one window (the wages' bases add up to the stakes, none lost, none twice),
 * and the ledger reconciles. PGlite is one process, so this runs only with DATABASE_URL.
 */
const postgres = Boolean(process.env.DATABASE_URL);

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function waitFor<T>(what: string, probe: () => Promise<T | null>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A bet rolled up as the seamless wallet does it: in the 5-minute window of now. */
async function bet(db: Db, member: TreeMember, stake: number) {
  const window = new Date(Math.floor(Date.now() / 300_000) * 300_000).toISOString();
  await db.execute(sql`
    INSERT INTO game_rollups_5m AS r (member_id, window_start, vassalage, game_type, bet_count,
      stake, valid_turnover, win, net_loss)
    VALUES (${member.id}, ${window}::timestamptz, 'PG', 'SLOT', 1, ${stake}, ${stake}, 0, ${stake})
    ON CONFLICT (member_id, window_start, vassalage, game_type) DO UPDATE SET
      bet_count = r.bet_count + 1, stake = r.stake + excluded.stake,
      valid_turnover = r.valid_turnover + excluded.valid_turnover,
      net_loss = r.net_loss + excluded.net_loss`);
}

describe.skipIf(!postgres)(
  'the real-time wage on two server nodes (needs DATABASE_URL; skipped on PGlite, which is one process)',
  () => {
    const site = twoNodes({ AGENT_REALTIME_WINDOW_SECONDS: '2' });
    const db = () => site.database.db;

    it('settles each window once and counts each bet in exactly one window', async () => {
      const top = await treeMember(db(), { type: 1 });
      const sub = await treeMember(db(), { type: 2, upline: top });
      const players = [
        ...(await Promise.all([1, 2, 3].map(() => treeMember(db(), { upline: sub })))),
        await treeMember(db(), { upline: top }),
      ];
      const tiers = (rateBps: number) =>
        JSON.stringify([{ minTurnover: '0', minNetLoss: '0', minActiveMembers: 0, rateBps }]);
      const [root] = await rows<{ id: number }>(
        db(),
        sql`INSERT INTO agent_contracts (kind, state, upline_id, downline_id, tiers, max_rate_bps,
          accepted_at)
        VALUES ('realtime', 'active', NULL, ${top.id}, ${tiers(200)}::jsonb, 200, now())
        RETURNING id`,
      );
      const [down] = await rows<{ id: number }>(
        db(),
        sql`INSERT INTO agent_contracts (kind, state, upline_id, downline_id, tiers, max_rate_bps,
          accepted_at)
        VALUES ('realtime', 'active', ${top.id}, ${sub.id}, ${tiers(150)}::jsonb, 150, now())
        RETURNING id`,
      );
      // Bets for about three windows, each in its own transaction, while both nodes settle.
      let total = 0;
      let underSub = 0;
      const until = Date.now() + 6000;
      for (let i = 0; Date.now() < until; i++) {
        const player = players[i % players.length]!;
        const stake = 10_000 + ((i * 7919) % 5000);
        await bet(db(), player, stake);
        total += stake;
        if (player !== players[3]) underSub += stake;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const sums = async () =>
        (
          await rows<{ contract_id: number; base: string; n: number; amount: string }>(
            db(),
            sql`SELECT contract_id, sum(base)::text AS base, count(*)::int AS n,
              sum(amount)::text AS amount
            FROM agent_wages GROUP BY contract_id ORDER BY contract_id`,
          )
        ).map((row) => ({ ...row, base: Number(row.base) }));
      const settled = await waitFor(
        'every bet settled',
        async () => {
          const now = await sums();
          return now.find((row) => row.contract_id === root!.id)?.base === total ? now : null;
        },
        30_000,
      );
      expect(settled.find((row) => row.contract_id === down!.id)?.base).toBe(underSub);
      expect(settled[0]!.n).toBeGreaterThanOrEqual(2);
      // Each (contract, window) paid once: one posting per key, as many as wage rows.
      const [keys] = await rows<{ postings: number; distinct: number }>(
        db(),
        sql`SELECT count(*)::int AS postings, count(DISTINCT idempotency_key)::int AS distinct
        FROM ledger_postings WHERE idempotency_key LIKE 'agent-wage:%'`,
      );
      const wageRows = settled.reduce((s, row) => s + row.n, 0);
      // The payee's credit for every row, the payer's debit for the downline contract's.
      expect(keys).toEqual({
        postings: wageRows + settled.find((row) => row.contract_id === down!.id)!.n,
        distinct: wageRows + settled.find((row) => row.contract_id === down!.id)!.n,
      });
      const report = await createLedgerService({ db: db() }).reconcile();
      expect(report.differences).toEqual([]);
      // Another window later: nothing counted again.
      const [mark] = await rows<{ at: string }>(
        db(),
        sql`SELECT settled_until::text AS at FROM agent_settlement_marks WHERE kind = 'realtime'`,
      );
      await waitFor(
        'one more window',
        async () => {
          const [now] = await rows<{ at: string }>(
            db(),
            sql`SELECT settled_until::text AS at FROM agent_settlement_marks WHERE kind = 'realtime'`,
          );
          return now!.at !== mark!.at ? true : null;
        },
        10_000,
      );
      expect((await sums()).find((row) => row.contract_id === root!.id)?.base).toBe(total);
    }, 90_000);
  },
);
