import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  agentPaths,
  type AnnouncementPage,
  type DownlineMemberDetail,
  type DownlinePage,
  type IncomePage,
  type ProfitLossPage,
  type TeamBetPage,
  type TeamOverview,
  type TeamTransactionPage,
} from '../../src/contract/agent.ts';
import { seamlessPaths, type AuthenticateReply } from '../../src/contract/seamless.ts';
import {
  agentAnnouncements,
  agentContracts,
  agentWages,
} from '../../src/server/areas/agent/agent.schema.ts';
import { treeMember, type TreeMember } from '../support/agent-tree.ts';
import { addProvider, launch, signedCall, uid } from '../support/seamless.ts';
import { trialToken } from '../support/trial.ts';
import { call, manualClock, testSite } from '../support/server.ts';
import { rowCounts } from '../support/row-counts.ts';

/**
 * The agent center's read calls against figures the test made itself: deposits and withdrawals
 * through the ledger, bets and wins through the signed seamless wallet API (on a manual clock,
 * so they fall in known 5-minute windows), wages and contracts as rows; each figure is checked
 * against the sum of what was made.
 */
const windowMs = 300_000;
// The ledger stamps entries with the database's time, the bets take the app's clock: start the
// clock at the window that holds "now", so both fall inside the same ranges.
const t0 = new Date(Math.floor(Date.now() / windowMs) * windowMs);
const clock = manualClock(t0);
const site = testSite({}, { clock: clock.now });
const db = () => site.database.db;
const app = (): FastifyInstance => site.app;
const at = (ms: number) => new Date(t0.getTime() + ms);
/** An inclusive range of whole windows: [from, to) as the API's [start, end]. */
const range = (fromMs: number, toMs: number) =>
  `startDate=${at(fromMs).toISOString()}&endDate=${at(toMs - 1).toISOString()}`;

let provider: { code: string; secret: string; vassalage: string };

async function get<T>(member: Pick<TreeMember, 'headers'>, url: string) {
  return call<T>(app(), { url, headers: member.headers });
}

/** Money through the ledger, as the deposit and withdrawal areas post it. */
async function post(
  member: TreeMember,
  kind: 'deposit' | 'withdrawal' | 'withdrawal_reversal',
  amount: bigint,
) {
  await app().wallet.ledger.post({
    memberId: member.id,
    walletKind: 'main',
    kind,
    amount,
    idempotencyKey: uid(kind),
    actor: 'system:test',
  });
}

/** A bet (and its win, at the same time) through the seamless wallet API at the clock's time. */
async function play(member: TreeMember, stake: bigint, win: bigint) {
  const { launchToken } = await launch(app(), member.headers, provider.vassalage);
  const seconds = () => Math.floor(clock.now().getTime() / 1000);
  const auth = await signedCall<AuthenticateReply>(
    app(),
    provider,
    seamlessPaths.authenticate,
    { launchToken },
    { timestamp: seconds() },
  );
  expect(auth.status).toBe(200);
  const session = {
    sessionToken: auth.body.value?.sessionToken ?? '',
    playerId: String(member.id),
  };
  const placed = {
    ...session,
    transactionId: uid('bet'),
    roundId: uid('round'),
    gameCode: 'slot-1',
    amount: stake.toString(),
    currency: 'INR',
  };
  expect(
    (await signedCall(app(), provider, seamlessPaths.bet, placed, { timestamp: seconds() })).status,
  ).toBe(200);
  const settled = await signedCall(
    app(),
    provider,
    seamlessPaths.win,
    {
      ...session,
      transactionId: uid('win'),
      roundId: placed.roundId,
      betTransactionId: placed.transactionId,
      gameCode: 'slot-1',
      amount: win.toString(),
      currency: 'INR',
    },
    { timestamp: seconds() },
  );
  expect(settled.status).toBe(200);
}

/**
 * top -> (sub -> p2), p1; other -> q. Deposits: p1 10000, p2 20000, sub 5000, top 7000 (its own,
 * not its team's), q 9000. p2 withdraws 3000 and gets 1000 back. Bets (stake/win): in the first
 * window p1 1000/600, p2 2500/0, sub 222/0, top 111/0, q 5000/0; in the window 20 minutes later
 * (within the sessions' 30 idle minutes) p2 700/100.
 */
const w = {} as {
  top: TreeMember;
  sub: TreeMember;
  p1: TreeMember;
  p2: TreeMember;
  other: TreeMember;
  q: TreeMember;
};

beforeAll(async () => {
  provider = await addProvider(app(), {}, db());
  w.top = await treeMember(db(), { type: 1, name: `rtop${randomBytes(3).toString('hex')}` });
  w.sub = await treeMember(db(), {
    type: 2,
    upline: w.top,
    name: `rsub${randomBytes(3).toString('hex')}`,
  });
  w.p1 = await treeMember(db(), { upline: w.top, name: `rp1${randomBytes(3).toString('hex')}` });
  w.p2 = await treeMember(db(), { upline: w.sub, name: `rp2${randomBytes(3).toString('hex')}` });
  w.other = await treeMember(db(), { type: 41 });
  w.q = await treeMember(db(), { upline: w.other });
  await post(w.p1, 'deposit', 10_000n);
  await post(w.p2, 'deposit', 20_000n);
  await post(w.sub, 'deposit', 5_000n);
  await post(w.top, 'deposit', 7_000n);
  await post(w.q, 'deposit', 9_000n);
  await post(w.p2, 'withdrawal', -3_000n);
  await post(w.p2, 'withdrawal_reversal', 1_000n);
  clock.advance(60_000);
  await play(w.p1, 1_000n, 600n);
  await play(w.p2, 2_500n, 0n);
  await play(w.sub, 222n, 0n);
  await play(w.top, 111n, 0n);
  await play(w.q, 5_000n, 0n);
  clock.advance(20 * 60_000);
  await play(w.p2, 700n, 100n);
});

const teamStakes = 1_000n + 2_500n + 222n + 700n;
const teamWins = 600n + 100n;
const balances = {
  p1: 10_000n - 1_000n + 600n,
  p2: 20_000n - 3_000n + 1_000n - 2_500n - 700n + 100n,
  sub: 5_000n - 222n,
};

describe('agent reports: team overview', () => {
  it('sums the whole team (not the agent itself, not another team) for the period', async () => {
    const reply = await get<TeamOverview>(w.top, `${agentPaths.teamOverview}?preset=last7`);
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({
      teamSize: 3,
      directCount: 2,
      newMembers: 3,
      activeMembers: 3,
      deposits: String(10_000n + 20_000n + 5_000n),
      withdrawals: String(3_000n - 1_000n),
      turnover: String(teamStakes),
      validTurnover: String(teamStakes),
      wins: String(teamWins),
      netProfitLoss: String(teamStakes - teamWins),
      teamBalance: String(balances.p1 + balances.p2 + balances.sub),
    });
  });

  it('counts only the windows of the range', async () => {
    const first = await get<TeamOverview>(
      w.top,
      `${agentPaths.teamOverview}?${range(0, 10 * 60_000)}`,
    );
    expect(first.body.value).toMatchObject({
      activeMembers: 3,
      turnover: String(1_000n + 2_500n + 222n),
      wins: '600',
      deposits: '35000',
    });
    const later = await get<TeamOverview>(
      w.top,
      `${agentPaths.teamOverview}?${range(20 * 60_000, 30 * 60_000)}`,
    );
    expect(later.body.value).toMatchObject({
      activeMembers: 1,
      turnover: '700',
      wins: '100',
      deposits: '0',
    });
    const past = await get<TeamOverview>(
      w.top,
      `${agentPaths.teamOverview}?${range(-40 * 86_400_000, -39 * 86_400_000)}`,
    );
    expect(past.body.value).toMatchObject({
      teamSize: 3,
      newMembers: 0,
      activeMembers: 0,
      turnover: '0',
      deposits: '0',
      withdrawals: '0',
      teamBalance: String(balances.p1 + balances.p2 + balances.sub),
    });
  });

  it("a sub-agent's overview is its own team only", async () => {
    const reply = await get<TeamOverview>(w.sub, agentPaths.teamOverview);
    expect(reply.body.value).toMatchObject({
      teamSize: 1,
      directCount: 1,
      turnover: String(2_500n + 700n),
      deposits: '20000',
      teamBalance: String(balances.p2),
    });
  });
});

describe('agent reports: downline', () => {
  it('lists one level, drills down with the path, and searches the whole team', async () => {
    const top = await get<DownlinePage>(w.top, agentPaths.downline);
    expect(top.status).toBe(200);
    expect(top.body.value?.path).toEqual([w.top.username]);
    expect(top.body.value?.totalCount).toBe(2);
    const byName = new Map(top.body.value?.list.map((row) => [row.username, row]));
    expect(byName.get(w.sub.username)).toMatchObject({
      level: 1,
      isAgent: true,
      type: 2,
      upline: w.top.username,
      teamSize: 1,
      balance: String(balances.sub),
    });
    expect(byName.get(w.p1.username)).toMatchObject({ level: 1, isAgent: false, teamSize: 0 });

    const down = await get<DownlinePage>(w.top, `${agentPaths.downline}?parent=${w.sub.username}`);
    expect(down.body.value?.path).toEqual([w.top.username, w.sub.username]);
    expect(down.body.value?.list).toEqual([
      expect.objectContaining({ username: w.p2.username, level: 2, upline: w.sub.username }),
    ]);

    const found = await get<DownlinePage>(
      w.top,
      `${agentPaths.downline}?search=${w.p2.username.slice(0, 4).toUpperCase()}`,
    );
    expect(found.body.value?.list.map((row) => row.username)).toEqual([w.p2.username]);
    expect(found.body.value?.list[0]?.level).toBe(2);

    const paged = await get<DownlinePage>(w.top, `${agentPaths.downline}?pageSize=1&pageNo=2`);
    expect(paged.body.value?.totalCount).toBe(2);
    expect(paged.body.value?.list).toHaveLength(1);
  });

  it('a wildcard in the search is a letter, not a pattern', async () => {
    const reply = await get<DownlinePage>(w.top, `${agentPaths.downline}?search=%25`);
    expect(reply.status).toBe(200);
    expect(reply.body.value?.totalCount).toBe(0);
  });
});

describe('agent reports: member detail', () => {
  it("gives the member's place, its own and its team's figures and its contracts", async () => {
    const [contract] = await db()
      .insert(agentContracts)
      .values({
        kind: 'realtime',
        state: 'active',
        uplineId: w.top.id,
        downlineId: w.sub.id,
        tiers: [{ minTurnover: '0', minNetLoss: '0', minActiveMembers: 0, rateBps: 50 }],
        maxRateBps: 50,
      })
      .returning();
    const reply = await get<DownlineMemberDetail>(
      w.top,
      `${agentPaths.member.replace(':username', w.sub.username)}?preset=last30`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({
      username: w.sub.username,
      level: 1,
      upline: w.top.username,
      teamSize: 1,
      balance: String(balances.sub),
      overview: {
        teamSize: 1,
        turnover: String(222n + 2_500n + 700n),
        deposits: String(5_000n + 20_000n),
        teamBalance: String(balances.sub + balances.p2),
      },
    });
    expect(reply.body.value?.contracts).toEqual([
      expect.objectContaining({
        contractId: contract?.id,
        kind: 'realtime',
        state: 'active',
        role: 'downline',
        upline: w.top.username,
        downline: w.sub.username,
        maxRateBps: 50,
      }),
    ]);
  });
});

describe('agent reports: team bets, profit and loss, transactions', () => {
  it('pages the team bets newest first with totals over the whole range', async () => {
    const reply = await get<TeamBetPage>(w.top, `${agentPaths.teamBets}?pageSize=2`);
    expect(reply.status).toBe(200);
    const page = reply.body.value;
    expect(page?.totalCount).toBe(4);
    expect(page?.totals).toEqual({
      stake: String(teamStakes),
      validTurnover: String(teamStakes),
      win: String(teamWins),
    });
    expect(page?.list).toHaveLength(2);
    expect(page?.list[0]).toMatchObject({
      username: w.p2.username,
      source: 'games',
      // The lobby's category, which the page names (Slots), not the wallet (issue 34, minor 6).
      gameType: 'RNG',
      gameName: 'slot-1',
      stake: '700',
      win: '100',
      settled: true,
    });
    const last = await get<TeamBetPage>(w.top, `${agentPaths.teamBets}?pageSize=2&pageNo=2`);
    const all = [...(page?.list ?? []), ...(last.body.value?.list ?? [])];
    expect(all.map((row) => row.stake).sort()).toEqual(['1000', '222', '2500', '700']);
    expect(new Set(all.map((row) => row.betId)).size).toBe(4);

    const one = await get<TeamBetPage>(w.top, `${agentPaths.teamBets}?username=${w.p2.username}`);
    expect(one.body.value?.totalCount).toBe(2);
    expect(one.body.value?.totals.stake).toBe('3200');
  });

  it('lists lottery bets beside game bets', async () => {
    const lotto = await treeMember(db(), { type: 1 });
    const player = await treeMember(db(), { upline: lotto });
    const [draw] = (
      (await db().execute(sql`SELECT game_id, numero FROM lottery_draws LIMIT 1`)) as unknown as {
        rows: { game_id: string; numero: string }[];
      }
    ).rows;
    if (!draw) throw new Error('no draw seeded');
    await db().execute(sql`
      INSERT INTO lottery_bets (slip_id, member_id, game_id, numero, bet_type, selection,
        unit_amount, stake, odds_x100, currency, state, win_amount, created_at)
      VALUES ('slip-r', ${player.id}, ${draw.game_id}, ${draw.numero}, 'lo', '27', 100, 2700,
        8000, 'INR', 'won', 8000, ${clock.now().toISOString()})`);
    const reply = await get<TeamBetPage>(lotto, agentPaths.teamBets);
    expect(reply.body.value?.list).toEqual([
      expect.objectContaining({
        username: player.username,
        source: 'lottery',
        gameType: 'ELOTT',
        stake: '2700',
        validTurnover: '2700',
        win: '8000',
        settled: true,
      }),
    ]);
    expect(reply.body.value?.list[0]?.gameName).toContain(draw.numero);
    expect(reply.body.value?.totals).toEqual({ stake: '2700', validTurnover: '2700', win: '8000' });
  });

  it('gives profit and loss per member with activity, with totals', async () => {
    const reply = await get<ProfitLossPage>(w.top, agentPaths.profitLoss);
    expect(reply.status).toBe(200);
    const rows = new Map(reply.body.value?.list.map((row) => [row.username, row]));
    expect(reply.body.value?.totalCount).toBe(3);
    expect(rows.get(w.p2.username)).toMatchObject({
      level: 2,
      turnover: '3200',
      wins: '100',
      netProfitLoss: '3100',
      deposits: '20000',
      withdrawals: '2000',
    });
    expect(rows.get(w.p1.username)).toMatchObject({
      level: 1,
      netProfitLoss: '400',
      deposits: '10000',
    });
    expect(reply.body.value?.totals).toMatchObject({
      turnover: String(teamStakes),
      wins: String(teamWins),
      netProfitLoss: String(teamStakes - teamWins),
      deposits: '35000',
      withdrawals: '2000',
    });
  });

  it("gives the team's journal entries with totals in and out", async () => {
    const reply = await get<TeamTransactionPage>(
      w.top,
      `${agentPaths.transactions}?username=${w.p2.username}`,
    );
    expect(reply.status).toBe(200);
    const page = reply.body.value;
    // deposit, withdrawal, reversal, two bets, two wins (the 0 win writes no entry).
    const kinds = page?.list.map((row) => row.kind).sort();
    expect(kinds).toEqual(['bet', 'bet', 'deposit', 'payout', 'withdrawal', 'withdrawal_reversal']);
    expect(page?.totals).toEqual({
      totalIn: String(20_000n + 1_000n + 100n),
      totalOut: String(-(3_000n + 2_500n + 700n)),
    });
    const team = await get<TeamTransactionPage>(w.top, agentPaths.transactions);
    expect(
      team.body.value?.list.every(
        (row) => row.username !== w.q.username && row.username !== w.top.username,
      ),
    ).toBe(true);
  });
});

describe('agent reports: income and announcements', () => {
  it('gives wages received and paid, with the counterparty', async () => {
    const tiers = [{ minTurnover: '0', minNetLoss: '0', minActiveMembers: 0, rateBps: 100 }];
    const [root, down] = await db()
      .insert(agentContracts)
      .values([
        {
          kind: 'hourly',
          state: 'active',
          uplineId: null,
          downlineId: w.top.id,
          tiers,
          maxRateBps: 100,
        },
        {
          kind: 'hourly',
          state: 'active',
          uplineId: w.top.id,
          downlineId: w.sub.id,
          tiers,
          maxRateBps: 60,
        },
      ])
      .returning();
    if (!root || !down) throw new Error('contracts not made');
    const period = { periodStart: at(0), periodEnd: at(3_600_000), kind: 'hourly' as const };
    await db()
      .insert(agentWages)
      .values([
        {
          ...period,
          contractId: root.id,
          payerId: null,
          payeeId: w.top.id,
          base: 10_000n,
          rateBps: 100,
          amount: 100n,
          settledAt: at(60_000),
        },
        {
          ...period,
          contractId: down.id,
          payerId: w.top.id,
          payeeId: w.sub.id,
          base: 10_000n,
          rateBps: 60,
          amount: 60n,
          settledAt: at(60_000),
        },
        // Settled long before the range: left out.
        {
          ...period,
          periodStart: at(-50 * 86_400_000),
          contractId: root.id,
          payerId: null,
          payeeId: w.top.id,
          base: 1n,
          rateBps: 100,
          amount: 5n,
          settledAt: at(-50 * 86_400_000),
        },
      ]);
    const reply = await get<IncomePage>(w.top, agentPaths.income);
    expect(reply.status).toBe(200);
    expect(reply.body.value?.totals).toEqual({ received: '100', paid: '60' });
    expect(reply.body.value?.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          contractId: root.id,
          direction: 'received',
          counterparty: '',
          amount: '100',
          rateBps: 100,
          base: '10000',
        }),
        expect.objectContaining({
          contractId: down.id,
          direction: 'paid',
          counterparty: w.sub.username,
          amount: '60',
        }),
      ]),
    );
    const withSub = await get<IncomePage>(w.top, `${agentPaths.income}?username=${w.sub.username}`);
    expect(withSub.body.value?.totals).toEqual({ received: '0', paid: '60' });
    const sub = await get<IncomePage>(w.sub, agentPaths.income);
    expect(sub.body.value?.totals).toEqual({ received: '60', paid: '0' });
    // The wages show in the payee's row of profit and loss.
    const pl = await get<ProfitLossPage>(
      w.top,
      `${agentPaths.profitLoss}?username=${w.sub.username}`,
    );
    expect(pl.body.value?.list[0]).toMatchObject({ username: w.sub.username, wages: '60' });
  });

  it("lists announcements newest first in the caller's language", async () => {
    await db()
      .insert(agentAnnouncements)
      .values([
        {
          title: { hi: 'पहला', en: 'First' },
          content: { hi: 'क', en: 'a' },
          createdAt: at(-60_000),
        },
        { title: { hi: 'दूसरा', en: 'Second' }, content: { hi: 'ख', en: 'b' }, createdAt: at(0) },
      ]);
    const reply = await call<AnnouncementPage>(app(), {
      url: agentPaths.announcements,
      headers: { ...w.top.headers, 'accept-language': 'en' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.value?.list.map((row) => row.title).slice(0, 2)).toEqual(['Second', 'First']);
    const hindi = await get<AnnouncementPage>(w.top, `${agentPaths.announcements}?pageSize=1`);
    expect(hindi.body.value?.list.map((row) => [row.title, row.content])).toEqual([['दूसरा', 'ख']]);
    expect(hindi.body.value?.totalCount).toBeGreaterThanOrEqual(2);
  });
});

describe('agent reports: access and bad input', () => {
  const memberUrls = () => [
    `${agentPaths.downline}?parent=${w.q.username}`,
    agentPaths.member.replace(':username', w.q.username),
    agentPaths.member.replace(':username', w.other.username),
    agentPaths.member.replace(':username', 'nobody-here'),
    `${agentPaths.teamBets}?username=${w.q.username}`,
    `${agentPaths.profitLoss}?username=${w.q.username}`,
    `${agentPaths.income}?username=${w.q.username}`,
    `${agentPaths.transactions}?username=${w.top.username}`,
  ];
  const allUrls = [
    agentPaths.teamOverview,
    agentPaths.downline,
    agentPaths.teamBets,
    agentPaths.profitLoss,
    agentPaths.income,
    agentPaths.transactions,
    agentPaths.announcements,
  ];

  it('names a member outside the caller team: 403 not_in_team, nothing written', async () => {
    const before = await rowCounts(db());
    for (const url of memberUrls()) {
      const reply = await get(w.top, url);
      expect([url, reply.status, reply.body.code]).toEqual([url, 403, 'not_in_team']);
    }
    // The sub-agent cannot look up: its upline or its upline's other downline.
    for (const url of [
      agentPaths.member.replace(':username', w.p1.username),
      `${agentPaths.downline}?parent=${w.top.username}`,
    ]) {
      expect((await get(w.sub, url)).body.code).toBe('not_in_team');
    }
    expect(await rowCounts(db())).toEqual(before);
  });

  it('players and trial accounts are not agents; no token is 401', async () => {
    const trial = { headers: { authorization: `Bearer ${await trialToken(app())}` } };
    for (const url of [...allUrls, agentPaths.member.replace(':username', w.p2.username)]) {
      for (const caller of [w.p1, trial]) {
        const reply = await get(caller, url);
        expect([url, reply.status, reply.body.code]).toEqual([url, 403, 'error_not_agent']);
      }
      expect((await call(app(), { url })).status).toBe(401);
    }
  });

  it('bad ranges and pages are a translated 400', async () => {
    const bad = [
      `${agentPaths.teamOverview}?startDate=${at(0).toISOString()}`,
      `${agentPaths.teamOverview}?${range(60_000, 0)}`,
      `${agentPaths.teamBets}?${range(0, 93 * 86_400_000)}`,
      `${agentPaths.teamBets}?pageSize=16`,
      `${agentPaths.profitLoss}?pageNo=0`,
      `${agentPaths.downline}?search=`,
      `${agentPaths.income}?preset=last90`,
      `${agentPaths.announcements}?username=x`,
    ];
    for (const url of bad) {
      const reply = await call(app(), {
        url,
        headers: { ...w.top.headers, 'accept-language': 'en' },
      });
      expect([url, reply.status, reply.body.code]).toEqual([url, 400, 'bad_request']);
      expect(reply.body.message).toBeTruthy();
    }
  });
});
