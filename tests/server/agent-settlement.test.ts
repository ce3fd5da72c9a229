import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContractKind, ContractTier, DividendPeriod } from '../../src/contract/agent.ts';
import { settle, type SettlementTarget } from '../../src/server/areas/agent/settlement.ts';
import { wageJobNames } from '../../src/server/areas/agent/wage-jobs.ts';
import type { Db } from '../../src/server/platform/db/client.ts';
import { treeMember, type TreeMember } from '../support/agent-tree.ts';
import { manualClock, testSite } from '../support/server.ts';

/**
 * Agent settlement (issue 15): the four kinds paid on the team's rollups, the rate capped at the
 * payer's, once per (contract, period), late bets in the window they are recorded in, lottery
 * bets rolled up, terminating contracts ended, and a property test against a recomputation from
 * the raw bets.
 */
const clock = manualClock(new Date('2026-03-02T06:31:00Z'));
const site = testSite({ AGENT_REALTIME_WINDOW_SECONDS: '300' }, { clock: clock.now });
const db = () => site.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const ledger = () => site.app.wallet.ledger;
const minutes = (n: number) => n * 60_000;

beforeAll(async () => {
  // The tests drive every run themselves (runDue with the manual clock).
  await site.app.scheduler.stop();
});

const tier = (rateBps: number, extra: Partial<ContractTier> = {}): ContractTier => ({
  minTurnover: '0',
  minNetLoss: '0',
  minActiveMembers: 0,
  rateBps,
  ...extra,
});

async function contract(
  kind: ContractKind,
  upline: TreeMember | null,
  downline: TreeMember,
  tiers: ContractTier[],
  options: { period?: DividendPeriod; state?: string; endsAt?: Date } = {},
): Promise<number> {
  const maxRate = Math.max(...tiers.map((t) => t.rateBps));
  const [row] = await rows<{ id: number }>(sql`
    INSERT INTO agent_contracts (kind, state, upline_id, downline_id, period, tiers, max_rate_bps,
      accepted_at, ends_at)
    VALUES (${kind}, ${options.state ?? 'active'}, ${upline?.id ?? null}, ${downline.id},
      ${options.period ?? null}, ${JSON.stringify(tiers)}::jsonb, ${maxRate},
      '2026-01-01T00:00:00Z', ${options.endsAt?.toISOString() ?? null})
    RETURNING id`);
  return row!.id;
}

/** A bet as the seamless wallet rolls it up (stake and win), at `at`'s 5-minute window. */
async function bet(member: TreeMember, stake: bigint, win: bigint, at: Date, tx: Db = db()) {
  const window = new Date(Math.floor(at.getTime() / 300_000) * 300_000).toISOString();
  await tx.execute(sql`
    INSERT INTO game_rollups_5m AS r (member_id, window_start, vassalage, game_type, bet_count,
      stake, valid_turnover, win, net_loss)
    VALUES (${member.id}, ${window}::timestamptz, 'PG', 'SLOT', 1, ${stake}, ${stake}, ${win},
      ${stake - win})
    ON CONFLICT (member_id, window_start, vassalage, game_type) DO UPDATE SET
      bet_count = r.bet_count + 1, stake = r.stake + excluded.stake,
      valid_turnover = r.valid_turnover + excluded.valid_turnover, win = r.win + excluded.win,
      net_loss = r.net_loss + excluded.net_loss`);
}

const balance = async (member: TreeMember) =>
  (await ledger().balance(member.id)).wallets.find((w) => w.kind === 'main')?.balance ?? 0n;

const wagesOf = (contractId: number) =>
  rows<{ amount: string; base: string; rate_bps: number; period_start: Date }>(sql`
    SELECT amount::text, base::text, rate_bps, period_start FROM agent_wages
    WHERE contract_id = ${contractId} ORDER BY period_start`);

/** Ends every contract of the earlier tests, so each test pays only its own. */
const endAll = () => db().execute(sql`UPDATE agent_contracts SET state = 'ended'`);

describe('real-time wage', () => {
  it('pays each contract floor(team valid turnover x rate), the upline keeping the difference, once per window, with wage and balance events', async () => {
    const top = await treeMember(db(), { type: 1 });
    const sub = await treeMember(db(), { type: 2, upline: top });
    const p1 = await treeMember(db(), { upline: sub });
    const p2 = await treeMember(db(), { upline: sub });
    const p3 = await treeMember(db(), { upline: top });
    const root = await contract('realtime', null, top, [tier(100)]);
    const down = await contract('realtime', top, sub, [tier(60)]);
    // The window 06:30-06:35 (clock 06:31): 12,345 and 5,000 under sub, 7,777 beside it.
    await bet(p1, 12_345n, 0n, clock.now());
    await bet(p2, 5_000n, 9_000n, clock.now());
    await bet(p3, 7_777n, 0n, clock.now());
    const publishMany = vi.spyOn(site.app.realtime.publisher, 'publishMany');
    clock.advance(minutes(4));
    const report = await site.app.scheduler.runDue(clock.now());
    expect(report.runs).toContainEqual({
      job: wageJobNames.realtime,
      period: '2026-03-02T12:00:00+05:30',
      status: 'ran',
    });
    // top: 1 % of 25,122 = 251; sub: 0.6 % of 17,345 = 104, paid by top.
    expect(await wagesOf(root)).toMatchObject([{ amount: '251', base: '25122', rate_bps: 100 }]);
    expect(await wagesOf(down)).toMatchObject([{ amount: '104', base: '17345', rate_bps: 60 }]);
    expect(await balance(top)).toBe(251n - 104n);
    expect(await balance(sub)).toBe(104n);
    const events = publishMany.mock.calls.flatMap(([list]) => list);
    expect(events).toEqual(
      expect.arrayContaining([
        {
          memberId: sub.id,
          event: {
            name: 'wage',
            payload: expect.objectContaining({
              contractId: down,
              wageType: 'realtime',
              amount: '104',
            }),
          },
        },
        {
          memberId: top.id,
          event: expect.objectContaining({
            name: 'wage',
            payload: expect.objectContaining({ amount: '251' }),
          }),
        },
      ]),
    );
    publishMany.mockRestore();
    // Again for the same window: nothing more (the claim, the mark, the keys).
    const again = await site.app.scheduler.runDue(clock.now());
    expect(again.runs.find((run) => run.job === wageJobNames.realtime)).toMatchObject({
      status: 'already-run',
    });
    await db().transaction(async (tx) => {
      const outcome = await settle(
        tx,
        ledger(),
        { kind: 'realtime' },
        {
          start: new Date('2026-03-02T06:30:00Z'),
          end: new Date('2026-03-02T06:35:00Z'),
        },
        clock.now(),
      );
      expect(outcome.wages).toEqual([]);
    });
    expect(await wagesOf(down)).toHaveLength(1);
    expect(await balance(sub)).toBe(104n);
    await endAll();
  });

  it('caps a downline rate at the payer’s own effective rate; an agent without a contract passes nothing down, a top agent without one too', async () => {
    const top = await treeMember(db(), { type: 1 });
    const sub = await treeMember(db(), { type: 2, upline: top });
    const subsub = await treeMember(db(), { type: 2, upline: sub });
    const player = await treeMember(db(), { upline: subsub });
    const mid = await treeMember(db(), { type: 2, upline: top });
    const midSub = await treeMember(db(), { type: 2, upline: mid });
    const midPlayer = await treeMember(db(), { upline: midSub });
    const lone = await treeMember(db(), { type: 1 });
    const loneSub = await treeMember(db(), { type: 2, upline: lone });
    const lonePlayer = await treeMember(db(), { upline: loneSub });
    await contract('realtime', null, top, [tier(50)]);
    const capped = await contract('realtime', top, sub, [tier(80)]);
    const below = await contract('realtime', sub, subsub, [tier(70)]);
    const orphan = await contract('realtime', mid, midSub, [tier(30)]);
    const ownPocket = await contract('realtime', lone, loneSub, [tier(40)]);
    await ledger().postMany(db(), [
      {
        key: `test:fund:${lone.id}`,
        member_id: lone.id,
        wallet_kind: 'main',
        kind: 'deposit',
        amount: '1000',
        reference: null,
        actor: 'system:test',
      },
    ]);
    await bet(player, 100_000n, 0n, clock.now());
    await bet(midPlayer, 100_000n, 0n, clock.now());
    await bet(lonePlayer, 100_000n, 0n, clock.now());
    clock.advance(minutes(5));
    await site.app.scheduler.runDue(clock.now());
    expect(await wagesOf(capped)).toMatchObject([{ amount: '500', rate_bps: 50 }]);
    expect(await wagesOf(below)).toMatchObject([{ amount: '500', rate_bps: 50 }]);
    expect(await balance(sub)).toBe(0n);
    expect(await wagesOf(orphan)).toEqual([]);
    expect(await balance(midSub)).toBe(0n);
    // Made before offers needed the offering agent's own contract: it earns nothing.
    expect(await wagesOf(ownPocket)).toEqual([]);
    expect(await balance(lone)).toBe(1000n);
    expect(await balance(loneSub)).toBe(0n);
    await endAll();
  });

  it('puts a bet whose transaction commits after its window was settled into the next window, never lost nor counted twice', async () => {
    const top = await treeMember(db(), { type: 1 });
    const player = await treeMember(db(), { upline: top });
    const root = await contract('realtime', null, top, [tier(1000)]);
    const placedAt = clock.now();
    await bet(player, 1_000n, 0n, placedAt);
    clock.advance(minutes(5));
    await site.app.scheduler.runDue(clock.now());
    expect(await wagesOf(root)).toMatchObject([{ amount: '100' }]);
    // A bet placed in the settled window (its 5-minute bucket) but written only now.
    await bet(player, 2_000n, 0n, placedAt);
    const [late] = await rows<{ window_ms: string; stake: string }>(sql`
      SELECT (extract(epoch FROM window_start) * 1000)::bigint::text AS window_ms, stake::text
      FROM game_rollups_5m
      WHERE member_id = ${player.id} ORDER BY window_start DESC LIMIT 1`);
    expect(late!.stake).toBe('2000');
    expect(Number(late!.window_ms)).toBeGreaterThan(placedAt.getTime());
    clock.advance(minutes(5));
    await site.app.scheduler.runDue(clock.now());
    const paid = await wagesOf(root);
    expect(paid.map((w) => w.amount)).toEqual(['100', '200']);
    expect(await balance(top)).toBe(300n);
    await endAll();
  });

  it('waits for a bet transaction that wrote its rollup before the seal, and counts it in the settled window', async () => {
    if (!process.env.DATABASE_URL) return; // one connection on PGlite: no concurrent writer
    const top = await treeMember(db(), { type: 1 });
    const player = await treeMember(db(), { upline: top });
    const root = await contract('realtime', null, top, [tier(1000)]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const writer = db().transaction(async (tx) => {
      await bet(player, 5_000n, 0n, clock.now(), tx);
      written();
      await held;
    });
    await wrote;
    clock.advance(minutes(5));
    const run = site.app.scheduler.runDue(clock.now());
    // The settlement waits on the seal lock the writer's rollup holds, then the writer commits.
    await expect
      .poll(
        async () =>
          (
            await rows<{ n: number }>(sql`
              SELECT count(*)::int AS n FROM pg_locks
              WHERE locktype = 'advisory' AND classid = 7450 AND NOT granted`)
          )[0]!.n,
      )
      .toBeGreaterThan(0);
    release();
    await writer;
    await run;
    expect(await wagesOf(root)).toMatchObject([{ amount: '500' }]);
    await endAll();
  });
});

describe('termination', () => {
  it('ends a terminating contract after settling its last window, cancels the downline contract above the new cap, and tells both sides', async () => {
    const top = await treeMember(db(), { type: 1 });
    const sub = await treeMember(db(), { type: 2, upline: top });
    const subsub = await treeMember(db(), { type: 2, upline: sub });
    const player = await treeMember(db(), { upline: subsub });
    const windowEnd = new Date(Math.floor(clock.now().getTime() / 300_000) * 300_000 + 300_000);
    const root = await contract('realtime', null, top, [tier(200)]);
    const ending = await contract('realtime', top, sub, [tier(100)], {
      state: 'terminating',
      endsAt: windowEnd,
    });
    const below = await contract('realtime', sub, subsub, [tier(60)]);
    await bet(player, 10_000n, 0n, clock.now());
    const publishMany = vi.spyOn(site.app.realtime.publisher, 'publishMany');
    clock.advance(windowEnd.getTime() - clock.now().getTime() + 1000);
    await site.app.scheduler.runDue(clock.now());
    // The last window is paid in full, then the contract ends and the one below it falls.
    expect(await wagesOf(root)).toMatchObject([{ amount: '200' }]);
    expect(await wagesOf(ending)).toMatchObject([{ amount: '100' }]);
    expect(await wagesOf(below)).toMatchObject([{ amount: '60' }]);
    const states = await rows<{ id: number; state: string }>(sql`
      SELECT id, state FROM agent_contracts WHERE id IN (${root}, ${ending}, ${below})
      ORDER BY id`);
    expect(states).toEqual([
      { id: root, state: 'active' },
      { id: ending, state: 'ended' },
      { id: below, state: 'cancelled' },
    ]);
    const events = publishMany.mock.calls.flatMap(([list]) => list);
    publishMany.mockRestore();
    const contractEventsOf = (memberId: number) =>
      events
        .filter((one) => one.memberId === memberId && one.event.name === 'contract')
        .map((one) => one.event.payload);
    expect(contractEventsOf(top.id)).toEqual([
      expect.objectContaining({
        contractId: ending,
        status: 'terminated',
        counterparty: sub.username,
      }),
    ]);
    expect(contractEventsOf(sub.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          contractId: ending,
          status: 'terminated',
          counterparty: top.username,
        }),
        expect.objectContaining({
          contractId: below,
          status: 'cancelled',
          counterparty: subsub.username,
        }),
      ]),
    );
    expect(contractEventsOf(subsub.id)).toEqual([
      expect.objectContaining({
        contractId: below,
        status: 'cancelled',
        counterparty: sub.username,
      }),
    ]);
    await endAll();
  });
});

describe('lottery rollups', () => {
  it('rolls lottery bets, wins and refunds into game_rollups_5m (TCG_LOTTO_VN, LOTTERY)', async () => {
    const player = await treeMember(db(), {});
    const [draw] = await rows<{ game_id: string; numero: string }>(sql`
      SELECT game_id, numero FROM lottery_draws LIMIT 1`);
    // After the earlier tests' seal (06:40 UTC), so no window is moved.
    const at = new Date('2026-03-02T07:02:00Z');
    const insert = (slip: string, stake: number) => sql`
      INSERT INTO lottery_bets (slip_id, member_id, game_id, numero, bet_type, selection,
        unit_amount, stake, odds_x100, currency, created_at)
      VALUES (${slip}, ${player.id}, ${draw!.game_id}, ${draw!.numero}, 'de', '45', ${stake},
        ${stake}, 9000, 'INR', ${at.toISOString()}::timestamptz)`;
    await db().execute(insert('s1', 1000));
    await db().execute(insert('s2', 400));
    await db().execute(sql`
      UPDATE lottery_bets SET state = 'won', win_amount = 90000,
        settled_at = '2026-03-02T07:31:00Z' WHERE slip_id = 's1' AND member_id = ${player.id}`);
    await db().execute(sql`
      UPDATE lottery_bets SET state = 'refunded', settled_at = '2026-03-02T07:33:00Z'
      WHERE slip_id = 's2' AND member_id = ${player.id}`);
    const rollups = await rows<Record<string, string>>(sql`
      SELECT to_char(window_start AT TIME ZONE 'UTC', 'HH24:MI') AS w, vassalage, game_type, bet_count::text, stake::text,
        valid_turnover::text, win::text, net_loss::text
      FROM game_rollups_5m WHERE member_id = ${player.id} ORDER BY window_start`);
    // The stakes in the bets' window; the win, and the refund taking its stake back, in the
    // window of the settlement.
    expect(rollups).toEqual([
      {
        w: '07:00',
        vassalage: 'TCG_LOTTO_VN',
        game_type: 'LOTTERY',
        bet_count: '2',
        stake: '1400',
        valid_turnover: '1400',
        win: '0',
        net_loss: '1400',
      },
      {
        w: '07:30',
        vassalage: 'TCG_LOTTO_VN',
        game_type: 'LOTTERY',
        bet_count: '-1',
        stake: '-400',
        valid_turnover: '-400',
        win: '90000',
        net_loss: '-90400',
      },
    ]);
  });
});

describe('hourly, daily and dividend', () => {
  it('pays the highest tier the team reached (turnover and active members), per hour and per day', async () => {
    const top = await treeMember(db(), { type: 1 });
    const players = await Promise.all([1, 2, 3].map(() => treeMember(db(), { upline: top })));
    const tiers = [
      tier(10),
      tier(30, { minTurnover: '3000', minActiveMembers: 3 }),
      tier(90, { minTurnover: '1000000' }),
    ];
    const hourly = await contract('hourly', null, top, tiers);
    const daily = await contract('daily', null, top, [tier(20), tier(40, { minActiveMembers: 4 })]);
    for (const p of players) await bet(p, 1_000n, 0n, clock.now());
    // To the next local midnight (Asia/Kolkata: 18:30 UTC), then both jobs.
    const midnight = new Date('2026-03-02T18:30:00Z');
    clock.advance(midnight.getTime() - clock.now().getTime() - minutes(61));
    await site.app.scheduler.runDue(clock.now());
    expect(await wagesOf(hourly)).toMatchObject([{ amount: '9', base: '3000', rate_bps: 30 }]);
    clock.advance(minutes(61));
    await site.app.scheduler.runDue(clock.now());
    const day = await wagesOf(daily);
    expect(day).toHaveLength(1);
    expect(BigInt(day[0]!.base)).toBeGreaterThanOrEqual(3000n);
    expect(day[0]!.rate_bps).toBe(20);
    await endAll();
  });

  it('pays a dividend on the team’s net loss (none on a net win) at the end of its period, and ends a terminating contract after its last period', async () => {
    const loser = await treeMember(db(), { type: 1 });
    const winner = await treeMember(db(), { type: 1 });
    const lp = await treeMember(db(), { upline: loser });
    const wp = await treeMember(db(), { upline: winner });
    const daily = await contract('dividend', null, loser, [tier(2000)], {
      period: 'Daily',
      state: 'terminating',
      endsAt: new Date('2026-03-03T18:30:00Z'),
    });
    const none = await contract('dividend', null, winner, [tier(2000)], { period: 'Daily' });
    await bet(lp, 50_000n, 10_000n, clock.now());
    await bet(wp, 10_000n, 50_000n, clock.now());
    clock.advance(new Date('2026-03-03T18:30:05Z').getTime() - clock.now().getTime());
    const report = await site.app.scheduler.runDue(clock.now());
    expect(report.runs).toContainEqual(
      expect.objectContaining({ job: wageJobNames.dividend('Daily'), status: 'ran' }),
    );
    expect(await wagesOf(daily)).toMatchObject([{ amount: '8000', base: '40000' }]);
    expect(await wagesOf(none)).toEqual([]);
    const [state] = await rows<{ state: string }>(sql`
      SELECT state FROM agent_contracts WHERE id = ${daily}`);
    expect(state!.state).toBe('ended');
    await endAll();
  });
});

describe('property: the settlement equals a recomputation from the raw bets', () => {
  type Node = { parent: number | null; agent: boolean };
  const arbitraryCase = fc.record({
    // Node i's parent is one of the nodes before it (a tree); node 0 is a top agent.
    nodes: fc
      .array(fc.record({ parentPick: fc.nat(), agent: fc.boolean() }), {
        minLength: 1,
        maxLength: 12,
      })
      .map((list) =>
        list.map((n, i): Node => ({
          parent: i === 0 ? null : n.parentPick % i,
          agent: i === 0 || n.agent,
        })),
      ),
    bets: fc.array(
      fc.record({
        node: fc.nat(),
        stake: fc.integer({ min: 1, max: 1_000_000 }),
        win: fc.integer({ min: 0, max: 1_500_000 }),
      }),
      { maxLength: 30 },
    ),
    rates: fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 12, maxLength: 12 }),
    contracted: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    kind: fc.constantFrom<'realtime' | 'dividend'>('realtime', 'dividend'),
  });

  it('pays every contract what the model computes, and moves exactly that money', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(arbitraryCase, async (c) => {
        round += 1;
        await endAll();
        // Agents whose parent is a player hang under the nearest agent above instead.
        const members: TreeMember[] = [];
        const agentParent: (number | null)[] = [];
        for (const [i, node] of c.nodes.entries()) {
          let parent = node.parent;
          while (parent !== null && !c.nodes[parent]!.agent) parent = c.nodes[parent]!.parent;
          agentParent.push(parent);
          const upline = parent === null ? undefined : members[parent]!;
          members.push(await treeMember(db(), { type: i === 0 ? 1 : node.agent ? 2 : 0, upline }));
        }
        const start = new Date(Date.UTC(2027, 0, 1) + round * 3_600_000);
        const end = new Date(start.getTime() + 3_600_000);
        const raw: { node: number; stake: bigint; win: bigint }[] = [];
        for (const b of c.bets) {
          const node = b.node % members.length;
          raw.push({ node, stake: BigInt(b.stake), win: BigInt(b.win) });
          await bet(
            members[node]!,
            BigInt(b.stake),
            BigInt(b.win),
            new Date(start.getTime() + 60_000),
          );
        }
        // Contracts: the top agent's with the house; an agent's with its agent parent.
        const contractOf = new Map<number, number>();
        const target: SettlementTarget =
          c.kind === 'dividend' ? { kind: 'dividend', period: 'Monthly' } : { kind: 'realtime' };
        for (const [i, node] of c.nodes.entries()) {
          if (!node.agent || (i > 0 && !c.contracted[i])) continue;
          const parent = agentParent[i];
          const id = await contract(
            c.kind,
            parent === null || parent === undefined ? null : members[parent]!,
            members[i]!,
            [tier(c.rates[i]!)],
            c.kind === 'dividend' ? { period: 'Monthly' } : {},
          );
          contractOf.set(i, id);
        }
        const before = await Promise.all(members.map(balance));
        await db().execute(sql`
          UPDATE agent_settlement_marks SET settled_until = ${start.toISOString()}::timestamptz`);
        await db().transaction((tx) => settle(tx, ledger(), target, { start, end }, end));

        // The model: team of i = its descendants (not itself); rate capped down the chain.
        const isUnder = (d: number, a: number): boolean => {
          for (let p = c.nodes[d]!.parent; p !== null; p = c.nodes[p]!.parent)
            if (p === a) return true;
          return false;
        };
        const effective = new Map<number, number>();
        const eff = (i: number): number => {
          if (!contractOf.has(i)) return 0;
          const parent = agentParent[i];
          const own = c.rates[i]!;
          if (parent === null || parent === undefined) return own;
          if (!contractOf.has(parent)) return 0;
          return Math.min(own, eff(parent));
        };
        const expected = new Map<number, bigint>();
        for (const [i, id] of contractOf) {
          const team = raw.filter((r) => isUnder(r.node, i));
          const turnover = team.reduce((s, r) => s + r.stake, 0n);
          const net = team.reduce((s, r) => s + r.stake - r.win, 0n);
          const base = c.kind === 'dividend' ? (net > 0n ? net : 0n) : turnover;
          effective.set(i, eff(i));
          expected.set(id, (base * BigInt(eff(i))) / 10_000n);
        }
        // A payer pays its downline contracts only when its balance before and what it
        // receives cover them (settlement.ts); its unpaid downline receives nothing.
        const amounts = new Map<number, bigint>();
        const received = (i: number): bigint => {
          const id = contractOf.get(i);
          if (id === undefined) return 0n;
          const cached = amounts.get(id);
          if (cached !== undefined) return cached;
          const parent = agentParent[i];
          let amount = expected.get(id)!;
          if (parent !== null && parent !== undefined) {
            const out = [...contractOf]
              .filter(([j]) => agentParent[j] === parent)
              .reduce((s, [, other]) => s + expected.get(other)!, 0n);
            if (before[parent]! + received(parent) < out) amount = 0n;
          }
          amounts.set(id, amount);
          return amount;
        };
        for (const [i] of contractOf) received(i);
        const paid = await rows<{ contract_id: number; amount: string }>(sql`
          SELECT contract_id, amount::text FROM agent_wages
          WHERE period_start = ${start.toISOString()}::timestamptz`);
        const got = new Map(paid.map((p) => [p.contract_id, BigInt(p.amount)]));
        for (const [id, amount] of amounts) expect(got.get(id) ?? 0n).toBe(amount);
        // Money: each agent gained what it received less what it paid.
        const after = await Promise.all(members.map(balance));
        for (const [i] of c.nodes.entries()) {
          const received = contractOf.has(i) ? (got.get(contractOf.get(i)!) ?? 0n) : 0n;
          const paidOut = [...contractOf]
            .filter(([j]) => agentParent[j] === i)
            .reduce((s, [, id]) => s + (got.get(id) ?? 0n), 0n);
          expect(after[i]! - before[i]!).toBe(received - paidOut);
        }
      }),
      { numRuns: 25, endOnFailure: true },
    );
  });
});
