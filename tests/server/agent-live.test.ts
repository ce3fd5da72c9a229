import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { agentPaths, type AgentLive } from '../../src/contract/agent.ts';
import { seamlessPaths, type AuthenticateReply } from '../../src/contract/seamless.ts';
import { agentContracts, agentWages } from '../../src/server/areas/agent/agent.schema.ts';
import { treeMember, type TreeMember } from '../support/agent-tree.ts';
import { realtimeClient } from '../support/realtime.ts';
import { addProvider, launch, signedCall, uid } from '../support/seamless.ts';
import { call, manualClock, testSite } from '../support/server.ts';

/**
 * The agent live view (issue 34): the open real-time window's figures agree with the bets the
 * test placed through the signed seamless wallet API (on a manual clock inside one window), the
 * accruals follow each contract's rate capped at its upline's, the feed lists wages and
 * contract steps, and a bet of the team brings an `agentLive` event to the agent's socket.
 */
const windowMs = 300_000;
const t0 = new Date(Math.floor(Date.now() / windowMs) * windowMs);
const clock = manualClock(t0);
const site = testSite({}, { clock: clock.now });
const db = () => site.database.db;
const app = (): FastifyInstance => site.app;
let baseUrl = '';
let provider: { code: string; secret: string; vassalage: string };

/** A bet and its win through the seamless wallet API at the clock's time. */
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
  const bet = await signedCall(app(), provider, seamlessPaths.bet, placed, {
    timestamp: seconds(),
  });
  expect(bet.status).toBe(200);
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

const live = async (member: TreeMember) => {
  const reply = await call<AgentLive>(app(), { url: agentPaths.live, headers: member.headers });
  expect(reply.status).toBe(200);
  return reply.body.value!;
};

const name = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;
const tiers = (rateBps: number) => [
  { minTurnover: '0', minNetLoss: '0', minActiveMembers: 0, rateBps },
];

/** top -> (sub -> p2), p1; another agent's q. Deposits go through the ledger. */
const w = {} as Record<'top' | 'sub' | 'p1' | 'p2' | 'other' | 'q', TreeMember>;
const ids = {} as { root: number; down: number };

beforeAll(async () => {
  await app().listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app().server.address() as AddressInfo).port}`;
  provider = await addProvider(app(), {}, db());
  w.top = await treeMember(db(), { type: 1, name: name('ltop') });
  w.sub = await treeMember(db(), { type: 2, upline: w.top, name: name('lsub') });
  w.p1 = await treeMember(db(), { upline: w.top, name: name('lp1') });
  w.p2 = await treeMember(db(), { upline: w.sub, name: name('lp2') });
  w.other = await treeMember(db(), { type: 41, name: name('loth') });
  w.q = await treeMember(db(), { upline: w.other, name: name('lq') });
  for (const member of [w.p1, w.p2, w.q]) {
    await app().wallet.ledger.post({
      memberId: member.id,
      walletKind: 'main',
      kind: 'deposit',
      amount: 100_000n,
      idempotencyKey: uid('deposit'),
      actor: 'system:test',
    });
  }
  const acceptedAt = new Date(t0.getTime() - 60_000);
  const [root, down] = await db()
    .insert(agentContracts)
    .values([
      {
        kind: 'realtime',
        state: 'active',
        uplineId: null,
        downlineId: w.top.id,
        tiers: tiers(100),
        maxRateBps: 100,
        acceptedAt,
      },
      {
        kind: 'realtime',
        state: 'active',
        uplineId: w.top.id,
        downlineId: w.sub.id,
        tiers: tiers(60),
        maxRateBps: 60,
        acceptedAt,
      },
    ])
    .returning();
  ids.root = root!.id;
  ids.down = down!.id;
  clock.advance(30_000);
});

describe('agent live view: the snapshot', () => {
  it('answers an empty window before any bet, with the next settlement as its end', async () => {
    const value = await live(w.top);
    expect(value).toMatchObject({
      windowStart: t0.toISOString(),
      windowEnd: new Date(t0.getTime() + windowMs).toISOString(),
      windowSeconds: 300,
      validTurnover: '0',
      windowBets: 0,
      activeMembers: 0,
      recentBets: 0,
      accruedTotal: '0',
    });
    expect(value.accruals).toEqual([
      {
        contractId: ids.root,
        kind: 'realtime',
        period: null,
        rateBps: 100,
        base: '0',
        amount: '0',
      },
    ]);
  });

  it("sums the team's bets of the window and accrues each contract at its rate", async () => {
    await play(w.p1, 12_345n, 2_000n);
    await play(w.p2, 7_000n, 0n);
    await play(w.p2, 655n, 900n);
    // Not the agent's team: another agent's player, and the agent's own play.
    await play(w.q, 50_000n, 0n);
    const teamTurnover = 12_345n + 7_000n + 655n;
    const top = await live(w.top);
    expect(top).toMatchObject({
      validTurnover: String(teamTurnover),
      netLoss: String(teamTurnover - 2_900n),
      windowBets: 3,
      activeMembers: 2,
      recentBets: 3,
      // sub, p1, p2 hold live sessions.
      onlineMembers: 3,
    });
    const topAccrued = (teamTurnover * 100n) / 10_000n;
    expect(top.accruals).toEqual([
      expect.objectContaining({
        contractId: ids.root,
        rateBps: 100,
        base: String(teamTurnover),
        amount: String(topAccrued),
      }),
    ]);
    expect(top.accruedTotal).toBe(String(topAccrued));

    const sub = await live(w.sub);
    const subTurnover = 7_000n + 655n;
    expect(sub).toMatchObject({
      validTurnover: String(subTurnover),
      windowBets: 2,
      activeMembers: 1,
      accruedTotal: String((subTurnover * 60n) / 10_000n),
    });
    expect(sub.accruals).toEqual([
      expect.objectContaining({ contractId: ids.down, rateBps: 60, base: String(subTurnover) }),
    ]);
  });

  it('caps a contract above its upline at the upline rate', async () => {
    const other = await treeMember(db(), { type: 2, upline: w.top, name: name('lcap') });
    const player = await treeMember(db(), { upline: other, name: name('lcp') });
    await app().wallet.ledger.post({
      memberId: player.id,
      walletKind: 'main',
      kind: 'deposit',
      amount: 10_000n,
      idempotencyKey: uid('deposit'),
      actor: 'system:test',
    });
    await db()
      .insert(agentContracts)
      .values({
        kind: 'realtime',
        state: 'active',
        uplineId: w.top.id,
        downlineId: other.id,
        tiers: tiers(500),
        maxRateBps: 500,
        acceptedAt: t0,
      });
    await play(player, 1_000n, 0n);
    const value = await live(other);
    expect(value.accruals).toEqual([
      expect.objectContaining({ rateBps: 100, base: '1000', amount: '10' }),
    ]);
  });

  it('lists the wages received and paid and the contract steps, newest first', async () => {
    await db()
      .insert(agentWages)
      .values({
        contractId: ids.down,
        periodStart: new Date(t0.getTime() - windowMs),
        periodEnd: t0,
        kind: 'realtime',
        payerId: w.top.id,
        payeeId: w.sub.id,
        base: 10_000n,
        rateBps: 60,
        amount: 60n,
        settledAt: new Date(Date.now() + 60_000),
      });
    const sub = await live(w.sub);
    expect(sub.feed[0]).toMatchObject({
      type: 'wage',
      kind: 'realtime',
      contractId: ids.down,
      direction: 'received',
      counterparty: w.top.username,
      amount: '60',
      status: null,
    });
    expect(sub.feed).toContainEqual(
      expect.objectContaining({
        type: 'contract',
        contractId: ids.down,
        direction: 'downline',
        status: 'accepted',
        counterparty: w.top.username,
        amount: null,
      }),
    );
    const top = await live(w.top);
    expect(top.feed[0]).toMatchObject({
      type: 'wage',
      direction: 'paid',
      counterparty: w.sub.username,
      amount: '60',
    });
    expect(top.feed).toContainEqual(
      expect.objectContaining({ type: 'contract', contractId: ids.root, counterparty: '' }),
    );
  });

  it('is for agents only', async () => {
    const reply = await call(app(), { url: agentPaths.live, headers: w.p1.headers });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('error_not_agent');
    expect((await call(app(), { url: agentPaths.live })).status).toBe(401);
  });
});

describe('agent live view: the push', () => {
  it("sends agentLive to the agents above a bet, not to another team's agent", async () => {
    const top = realtimeClient(baseUrl, w.top.token);
    const sub = realtimeClient(baseUrl, w.sub.token);
    const other = realtimeClient(baseUrl, w.other.token);
    try {
      await Promise.all([top.connected(), sub.connected(), other.connected()]);
      await Promise.all([top.next('sync'), sub.next('sync'), other.next('sync')]);
      await play(w.p2, 400n, 0n);
      const [toTop, toSub] = await Promise.all([top.next('agentLive'), sub.next('agentLive')]);
      expect(toTop.reason).toBe('bet');
      expect(toSub.reason).toBe('bet');
      // The figure the event says to read again has moved.
      expect((await live(w.sub)).windowBets).toBe(3);
      await play(w.q, 100n, 0n);
      await other.next('agentLive');
      expect(top.received.filter((event) => event.name === 'agentLive')).toHaveLength(1);
    } finally {
      top.close();
      sub.close();
      other.close();
    }
  });

  it('sends at most one event a second to an agent, and one more for the play after it', async () => {
    const top = realtimeClient(baseUrl, w.top.token);
    try {
      await top.connected();
      await top.next('sync');
      await play(w.p1, 100n, 0n);
      await top.next('agentLive');
      // Several bets within the agent's pause: one event at its end, not one per posting.
      await play(w.p1, 100n, 0n);
      await play(w.p2, 100n, 0n);
      await top.next('agentLive');
      const seen = top.received.filter((event) => event.name === 'agentLive');
      expect(seen).toHaveLength(2);
    } finally {
      top.close();
    }
  });
});
