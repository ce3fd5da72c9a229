import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  loyaltyOpsPaths,
  loyaltyPaths,
  type PointsBalance,
  type PointsDetails,
  type RebateClaimReply,
  type RebateSummary,
  type Redemptions,
  type VipInfo,
} from '../../src/contract/loyalty.ts';
import { seamlessPaths, type AuthenticateReply } from '../../src/contract/seamless.ts';
import { identityPaths, type MemberInfo } from '../../src/contract/identity.ts';
import { loyaltyJobNames } from '../../src/server/areas/engagement/loyalty.jobs.ts';
import { rebateClaimables } from '../../src/server/areas/engagement/rebate.claimables.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { freshIp } from '../support/identity.ts';
import { realtimeClient } from '../support/realtime.ts';
import { rowCounts } from '../support/row-counts.ts';
import { addProvider, catalogGame, launch, player, signedCall, uid } from '../support/seamless.ts';
import { call, manualClock, opsHeaders, testSite } from '../support/server.ts';

/**
 * Loyalty (issue 16): points, rebate and VIP counted from the 5-minute rollups by one set-based
 * run for all members, once per period; the rebate claim (twice at once pays once); the points
 * mall's redemption states; VIP keep-level; bad input refused with nothing written.
 */
const clock = manualClock(new Date('2026-03-02T06:31:00Z'));
// The member cache keeps member info an hour: a VIP change must drop it, not its age.
const site = testSite({ MEMBER_CACHE_MS: '3600000' }, { clock: clock.now });
const db = () => site.database.db;
const ledger = () => site.app.wallet.ledger;
const minutes = (n: number) => n * 60_000;
const PAY = 'pay-4321';

const balance = async (memberId: number) =>
  (await ledger().balance(memberId)).wallets.find((w) => w.kind === 'main')?.balance ?? 0n;

type Table = { provider: { code: string; secret: string; vassalage: string } };
let rng: Table['provider'];
let live: Table['provider'];

async function ops<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return call<T>(site.app, { method, url, headers: opsHeaders, payload: payload as object });
}

/** A player with a payment password and money, and a session with each provider. */
async function gambler() {
  const { member, headers } = await player(site.app, db(), 1_000_000n);
  await db()
    .update(members)
    .set({ paymentPasswordHash: await hashMemberPassword(PAY) })
    .where(eq(members.id, member.id));
  const sessions = new Map<string, object>();
  for (const provider of [rng, live]) {
    const { launchToken } = await launch(site.app, headers, provider.vassalage);
    const auth = await signedCall<AuthenticateReply>(
      site.app,
      provider,
      seamlessPaths.authenticate,
      { launchToken },
      { timestamp: Math.floor(clock.now().getTime() / 1000) },
    );
    expect(auth.status).toBe(200);
    sessions.set(provider.code, {
      sessionToken: auth.body.value?.sessionToken ?? '',
      playerId: String(member.id),
    });
  }
  /** A bet (and its win) through the signed seamless wallet, as a provider sends it. */
  async function bet(provider: Table['provider'], stake: number, win = 0) {
    const session = sessions.get(provider.code)!;
    const placed = {
      ...session,
      transactionId: uid('bet'),
      roundId: uid('round'),
      gameCode: 'slot-1',
      amount: String(stake),
      currency: 'INR',
    };
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    const betReply = await signedCall(site.app, provider, seamlessPaths.bet, placed, { timestamp });
    expect(betReply.status).toBe(200);
    if (win > 0) {
      const reply = await signedCall(
        site.app,
        provider,
        seamlessPaths.win,
        {
          ...session,
          transactionId: uid('win'),
          roundId: placed.roundId,
          betTransactionId: placed.transactionId,
          gameCode: 'slot-1',
          amount: String(win),
          currency: 'INR',
        },
        { timestamp },
      );
      expect(reply.status).toBe(200);
    }
  }
  // Each player calls from its own address (the rate limits count per address).
  const remoteAddress = freshIp();
  const get = <T>(url: string) => call<T>(site.app, { url, headers, remoteAddress });
  const post = <T>(url: string, payload: object) =>
    call<T>(site.app, { method: 'POST', url, headers, payload, remoteAddress });
  return { member, headers, bet, get, post };
}

let a: Awaited<ReturnType<typeof gambler>>;
let b: Awaited<ReturnType<typeof gambler>>;

let baseUrl = '';

beforeAll(async () => {
  // The tests drive every run themselves (runDue with the manual clock).
  await site.app.scheduler.stop();
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
  rng = await addProvider(site.app, {}, db());
  live = await addProvider(site.app, {});
  await catalogGame(db(), live.vassalage, { gameType: 'LIVE' });
  expect(
    (
      await ops('PUT', loyaltyOpsPaths.settings, {
        turnoverPerPoint: '1000',
        rebateAuto: false,
        vipServiceUrl: 'https://vip.example.test/chat',
        liveChatUrl: 'https://chat.example.test/live',
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await ops('PUT', loyaltyOpsPaths.rebateRates, {
        rates: [
          { gameType: 'RNG', vipLevel: 0, rateBps: 100 },
          { gameType: 'RNG', vipLevel: 1, rateBps: 200 },
          { gameType: 'LIVE', vipLevel: 0, rateBps: 50 },
        ],
      })
    ).status,
  ).toBe(200);
  const level = (n: number, minTurnover: string, upgradeBonus: string) => ({
    level: n,
    nameHi: `स्तर ${n}`,
    nameEn: `Level ${n}`,
    nameBn: `স্তর ${n}`,
    minDeposit: '0',
    minTurnover,
    keepDeposit: '0',
    keepTurnover: '10000',
    upgradeBonus,
    benefitsEn: `Benefits ${n}`,
  });
  expect(
    (
      await ops('PUT', loyaltyOpsPaths.vipLevels, {
        levels: [level(1, '30000', '500'), level(2, '60000', '900')],
      })
    ).status,
  ).toBe(200);
  a = await gambler();
  b = await gambler();
});

describe('the hourly run: points, rebate and VIP from the rollups', () => {
  it('counts every member in one run, once, with figures equal to the sums of the bets made', async () => {
    const bBefore = await balance(b.member.id);
    // 06:31: A plays 12,345 + 2,000 on RNG (winning 5,000) and 7,000 on LIVE; B 30,001 on RNG.
    await a.bet(rng, 12_345, 5_000);
    await a.bet(rng, 2_000);
    await a.bet(live, 7_000);
    await b.bet(rng, 30_001);
    // 07:33 UTC: the operator's hour (Asia/Kolkata, 12:00-13:00 = 06:30-07:30 UTC) has closed.
    clock.advance(minutes(62));
    const report = await site.app.scheduler.runDue(clock.now());
    expect(report.runs).toContainEqual(
      expect.objectContaining({ job: loyaltyJobNames.hourly, status: 'ran' }),
    );
    const aTurnover = 12_345 + 2_000 + 7_000;
    const pointsA = (await a.get<PointsBalance>(loyaltyPaths.pointsBalance)).body.value;
    expect(pointsA).toEqual({
      points: String(Math.floor(aTurnover / 1000)),
      earned: String(Math.floor(aTurnover / 1000)),
      turnoverPerPoint: '1000',
    });
    expect((await b.get<PointsBalance>(loyaltyPaths.pointsBalance)).body.value?.points).toBe('30');
    const details = (await a.get<PointsDetails>(loyaltyPaths.pointsDetails)).body.value;
    expect(details?.list).toMatchObject([
      { kind: 'earn', points: '21', turnover: String(aTurnover) },
    ]);
    // Rebate at level 0: RNG 1 %, LIVE 0.5 %.
    const summaryA = (await a.get<RebateSummary>(loyaltyPaths.rebateSummary)).body.value;
    expect(summaryA?.list).toEqual([
      {
        gameType: 'LIVE',
        validTurnover: '7000',
        amount: String(Math.floor(7000 * 0.005)),
        rateBps: 50,
      },
      {
        gameType: 'RNG',
        validTurnover: '14345',
        amount: String(Math.floor(14_345 / 100)),
        rateBps: 100,
      },
    ]);
    expect(summaryA?.total).toBe(String(35 + 143));
    // The reward center's rebate source says the same.
    expect(await rebateClaimables.count(db(), a.member.id)).toBe(2);
    expect(await rebateClaimables.list(db(), a.member.id, 'en')).toEqual([
      { kind: 'rebate', ref: 'LIVE', amount: 35n, title: 'Rebate · Live Casino' },
      { kind: 'rebate', ref: 'RNG', amount: 143n, title: 'Rebate · Slots' },
    ]);
    // B reached level 1 (30,000 turnover): its upgrade bonus, once; its member info says so.
    expect((await b.get<MemberInfo>(identityPaths.memberInfo)).body.value?.clubLabel).toEqual({
      labelName: 'VIP1',
      rankLevel: 1,
    });
    expect((await a.get<MemberInfo>(identityPaths.memberInfo)).body.value?.clubLabel).toEqual({
      labelName: 'VIP0',
      rankLevel: 0,
    });
    const vipB = (await b.get<VipInfo>(loyaltyPaths.vipInfo)).body.value;
    expect(vipB).toMatchObject({
      vipRankLevel: 1,
      hasVip: true,
      turnover: '30001',
      next: { level: 2, turnover: '60000' },
      service: { kind: 'liveChat', url: 'https://chat.example.test/live' },
    });
    // Level 1's rates: RNG's own, LIVE's from level 0.
    expect(vipB?.levels[0]?.rebate).toEqual([
      { gameType: 'LIVE', rateBps: 50 },
      { gameType: 'RNG', rateBps: 200 },
    ]);
    expect(await balance(b.member.id)).toBe(bBefore - 30_001n + 500n);
    expect((await a.get<VipInfo>(loyaltyPaths.vipInfo)).body.value?.hasVip).toBe(false);
    // The same period again, on this node or another: nothing more.
    const again = await site.app.scheduler.runDue(clock.now());
    expect(again.runs).toContainEqual(
      expect.objectContaining({ job: loyaltyJobNames.hourly, status: 'already-run' }),
    );
    // The next hour without bets adds nothing.
    clock.advance(minutes(60));
    await site.app.scheduler.runDue(clock.now());
    expect((await a.get<PointsBalance>(loyaltyPaths.pointsBalance)).body.value?.points).toBe('21');
    expect(await balance(b.member.id)).toBe(bBefore - 30_001n + 500n);
  });

  it('carries turnover below a point to the next run', async () => {
    await a.bet(rng, 400); // 21,345 + 400 = 21,745: still 21 points, carry 745
    clock.advance(minutes(60));
    await site.app.scheduler.runDue(clock.now());
    expect((await a.get<PointsBalance>(loyaltyPaths.pointsBalance)).body.value?.points).toBe('21');
    await a.bet(rng, 300); // carry 1,045: one more point
    clock.advance(minutes(60));
    await site.app.scheduler.runDue(clock.now());
    expect((await a.get<PointsBalance>(loyaltyPaths.pointsBalance)).body.value?.points).toBe('22');
  });
});

describe('manualRebate claim', () => {
  it('two claims at once pay once; a third has nothing to claim', async () => {
    const before = await balance(a.member.id);
    const summary = (await a.get<RebateSummary>(loyaltyPaths.rebateSummary)).body.value!;
    // The reward center's badge counts the rebate's game types until the claim.
    expect(await rebateClaimables.count(db(), a.member.id)).toBe(summary.list.length);
    expect(summary.list.length).toBeGreaterThan(0);
    const socket = realtimeClient(baseUrl, a.headers.authorization.slice('Bearer '.length));
    await socket.connected();
    const replies = await Promise.all([
      a.post<RebateClaimReply>(loyaltyPaths.rebateClaim, {}),
      a.post<RebateClaimReply>(loyaltyPaths.rebateClaim, {}),
    ]);
    const paid = replies.filter((r) => r.status === 200);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.body.value?.amount).toBe(summary.total);
    expect(replies.find((r) => r.status !== 200)).toMatchObject({
      status: 409,
      body: { code: 'rebate_nothing_to_claim' },
    });
    expect(await balance(a.member.id)).toBe(before + BigInt(summary.total));
    expect((await a.get<RebateSummary>(loyaltyPaths.rebateSummary)).body.value?.list).toEqual([]);
    // After the commit, the paid claim's new badge counts: nothing left in the reward center.
    expect(await socket.next('badges')).toMatchObject({
      availablePromoCount: 0,
      rewardCenter: 0,
      missionLeaderboard: 0,
    });
    const third = await a.post(loyaltyPaths.rebateClaim, {});
    expect(third.status).toBe(409);
    // Only the paid claim pushed (the refused ones changed nothing).
    expect(socket.received.filter((event) => event.name === 'badges')).toHaveLength(1);
    socket.close();
  });

  it('the automatic daily rebate pays what is unclaimed, once', async () => {
    await ops('PUT', loyaltyOpsPaths.settings, {
      turnoverPerPoint: '1000',
      rebateAuto: true,
      vipServiceUrl: 'https://vip.example.test/chat',
      liveChatUrl: 'https://chat.example.test/live',
    });
    const before = await balance(b.member.id);
    const unclaimed = BigInt(
      (await b.get<RebateSummary>(loyaltyPaths.rebateSummary)).body.value?.total ?? '0',
    );
    expect(unclaimed).toBe(300n);
    // To the next local midnight + 10 minutes (Asia/Kolkata).
    clock.advance(minutes(24 * 60));
    await site.app.scheduler.runDue(clock.now());
    expect(await balance(b.member.id)).toBe(before + unclaimed);
    await site.app.scheduler.runDue(clock.now());
    expect(await balance(b.member.id)).toBe(before + unclaimed);
  });
});

describe('points mall', () => {
  let bonusItem = 0;
  it('redeems with the payment password; the operator approves then releases (bonus credit once)', async () => {
    const made = await ops<{ id: number }>('POST', loyaltyOpsPaths.items, {
      kind: 'bonus',
      nameHi: 'बोनस 10',
      nameEn: 'Bonus 10',
      nameBn: 'বোনাস 10',
      cost: '10',
      bonusAmount: '1000',
      stock: 5,
    });
    expect(made.status).toBe(200);
    bonusItem = made.body.value!.id;
    const items = await call<{ list: { id: number; name: string }[] }>(site.app, {
      url: loyaltyPaths.pointsItems,
      headers: { 'accept-language': 'en' },
    });
    expect(items.body.value?.list).toContainEqual(
      expect.objectContaining({ id: bonusItem, name: 'Bonus 10' }),
    );
    const wrong = await a.post(loyaltyPaths.pointsRedeem, {
      itemId: bonusItem,
      paymentPassword: 'nope-0000',
      idempotencyKey: uid('redeem'),
    });
    expect(wrong.status).toBe(400);
    const key = uid('redeem');
    const redeemed = await a.post<{ redemption: { id: number; state: string }; points: string }>(
      loyaltyPaths.pointsRedeem,
      { itemId: bonusItem, paymentPassword: PAY, idempotencyKey: key },
    );
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.value).toMatchObject({ redemption: { state: 'process' }, points: '12' });
    const replay = await a.post<{ redemption: { id: number } }>(loyaltyPaths.pointsRedeem, {
      itemId: bonusItem,
      paymentPassword: PAY,
      idempotencyKey: key,
    });
    expect(replay.body.value?.redemption.id).toBe(redeemed.body.value?.redemption.id);
    const id = redeemed.body.value!.redemption.id;
    const before = await balance(a.member.id);
    // Each decision is told to the member (an open redeem history reads it again; issue 34).
    const client = realtimeClient(baseUrl, a.headers.authorization.slice('Bearer '.length));
    await client.connected();
    expect((await ops('POST', `/ops/loyalty/points/redemptions/${id}/release`, {})).status).toBe(
      409,
    );
    expect((await ops('POST', `/ops/loyalty/points/redemptions/${id}/approve`, {})).status).toBe(
      200,
    );
    expect((await ops('POST', `/ops/loyalty/points/redemptions/${id}/release`, {})).status).toBe(
      200,
    );
    expect((await ops('POST', `/ops/loyalty/points/redemptions/${id}/release`, {})).status).toBe(
      409,
    );
    expect(await client.next('notification')).toMatchObject({
      kind: 'redemptionApproved',
      params: { redemptionId: id },
    });
    expect(await client.next('notification')).toMatchObject({ kind: 'redemptionReleased' });
    client.close();
    // Only the two decisions were told: the refused releases changed nothing.
    expect(client.received.filter((event) => event.name === 'notification')).toHaveLength(2);
    expect(await balance(a.member.id)).toBe(before + 1000n);
    const history = (await a.get<Redemptions>(loyaltyPaths.pointsRedemptions)).body.value;
    expect(history?.list).toMatchObject([{ id, state: 'released', itemName: expect.any(String) }]);
  });

  it('a rejected redemption gives the points back, told live; too few points are refused', async () => {
    const client = realtimeClient(baseUrl, a.headers.authorization.slice('Bearer '.length));
    await client.connected();
    const redeemed = await a.post<{ redemption: { id: number } }>(loyaltyPaths.pointsRedeem, {
      itemId: bonusItem,
      paymentPassword: PAY,
      idempotencyKey: uid('redeem'),
    });
    expect(redeemed.status).toBe(200);
    expect((await client.next('points')).points).toBe('2');
    const id = redeemed.body.value!.redemption.id;
    expect(
      (await ops('POST', `/ops/loyalty/points/redemptions/${id}/reject`, { reason: 'no' })).status,
    ).toBe(200);
    expect((await client.next('points')).points).toBe('12');
    client.close();
    expect((await a.get<PointsBalance>(loyaltyPaths.pointsBalance)).body.value?.points).toBe('12');
    const refused = await a.post(loyaltyPaths.pointsRedeem, {
      itemId: bonusItem,
      paymentPassword: PAY,
      idempotencyKey: uid('redeem'),
    });
    expect(refused.status).toBe(200); // 12 >= 10
    const poor = await a.post(loyaltyPaths.pointsRedeem, {
      itemId: bonusItem,
      paymentPassword: PAY,
      idempotencyKey: uid('redeem'),
    });
    expect(poor).toMatchObject({ status: 409, body: { code: 'points_insufficient' } });
  });
});

describe('points mall at once', () => {
  it('two redemptions at once that the points cover once: one is made; two releases at once credit once', async () => {
    const made = await ops<{ id: number }>('POST', loyaltyOpsPaths.items, {
      kind: 'bonus',
      nameHi: 'बोनस 15',
      nameEn: 'Bonus 15',
      nameBn: 'বোনাস 15',
      cost: '15',
      bonusAmount: '700',
    });
    const itemId = made.body.value!.id;
    // B has 30 points and spent none: two of 15 fit, a third does not.
    const first = await b.post<{ redemption: { id: number } }>(loyaltyPaths.pointsRedeem, {
      itemId,
      paymentPassword: PAY,
      idempotencyKey: uid('redeem'),
    });
    expect(first.status).toBe(200);
    const replies = await Promise.all(
      [1, 2].map(() =>
        b.post(loyaltyPaths.pointsRedeem, {
          itemId,
          paymentPassword: PAY,
          idempotencyKey: uid('redeem'),
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await b.get<PointsBalance>(loyaltyPaths.pointsBalance)).body.value?.points).toBe('0');
    const id = first.body.value!.redemption.id;
    await ops('POST', `/ops/loyalty/points/redemptions/${id}/approve`, {});
    const before = await balance(b.member.id);
    const releases = await Promise.all(
      [1, 2].map(() => ops('POST', `/ops/loyalty/points/redemptions/${id}/release`, {})),
    );
    expect(releases.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balance(b.member.id)).toBe(before + 700n);
  });
});

describe('VIP keep-level', () => {
  it('drops a level only after a whole month without its keep figures', async () => {
    // The month B reached level 1 in (March) does not count: it did not hold the level all of it.
    clock.advance(Date.parse('2026-03-31T19:00:00Z') - clock.now().getTime());
    await site.app.scheduler.runDue(clock.now());
    expect((await b.get<VipInfo>(loyaltyPaths.vipInfo)).body.value?.vipRankLevel).toBe(1);
    // April without play: down at the start of May.
    clock.advance(Date.parse('2026-04-30T19:00:00Z') - clock.now().getTime());
    const clubLabel = async () =>
      (await b.get<MemberInfo>(identityPaths.memberInfo)).body.value?.clubLabel;
    // Read (and kept by the member cache) before the drop...
    expect(await clubLabel()).toEqual({ labelName: 'VIP1', rankLevel: 1 });
    await site.app.scheduler.runDue(clock.now());
    // ...and shown at once after it (asked first: any other member call would read the session
    // again): the keep-level run dropped the cached member info.
    expect(await clubLabel()).toEqual({ labelName: 'VIP0', rankLevel: 0 });
    expect((await b.get<VipInfo>(loyaltyPaths.vipInfo)).body.value?.vipRankLevel).toBe(0);
  });
});

describe('bad input', () => {
  it('is refused with a translated 400 and writes nothing', async () => {
    const before = await rowCounts(db());
    const refused = [
      await a.post(loyaltyPaths.rebateClaim, { gameType: 'no spaces' }),
      await a.post(loyaltyPaths.rebateClaim, { extra: 1 }),
      await a.post(loyaltyPaths.pointsRedeem, {
        itemId: 0,
        paymentPassword: PAY,
        idempotencyKey: uid('r'),
      }),
      await a.post(loyaltyPaths.pointsRedeem, {
        itemId: 1,
        paymentPassword: PAY,
        idempotencyKey: uid('r'),
        remark: 'x'.repeat(141),
      }),
      await a.get(`${loyaltyPaths.pointsDetails}?pageSize=1000`),
      await ops('POST', loyaltyOpsPaths.items, {
        kind: 'bonus',
        nameHi: 'a',
        nameEn: 'a',
        nameBn: 'a',
        cost: '5',
      }),
      await ops('POST', loyaltyOpsPaths.items, {
        kind: 'car',
        nameHi: 'a',
        nameEn: 'a',
        nameBn: 'a',
        cost: '5',
      }),
      await ops('PUT', loyaltyOpsPaths.rebateRates, {
        rates: [{ gameType: 'RNG', vipLevel: 0, rateBps: 20_000 }],
      }),
      await ops('PUT', loyaltyOpsPaths.rebateRates, {
        rates: [
          { gameType: 'RNG', vipLevel: 0, rateBps: 1 },
          { gameType: 'RNG', vipLevel: 0, rateBps: 2 },
        ],
      }),
      await ops('PUT', loyaltyOpsPaths.settings, {
        turnoverPerPoint: '0',
        rebateAuto: true,
        vipServiceUrl: '',
        liveChatUrl: '',
      }),
      await ops('POST', '/ops/loyalty/points/redemptions/1/steal', {}),
    ];
    for (const reply of refused) {
      expect(reply.status).toBe(400);
      expect(reply.body.success).toBe(false);
      expect(reply.body.message).toEqual(expect.any(String));
    }
    expect(await rowCounts(db())).toEqual(before);
    const rates = await db().execute(sql`SELECT count(*)::int AS n FROM rebate_rates`);
    expect((rates as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(3);
  });
});

describe('the count seals the rollups', () => {
  /** Moves the clock to the next `minute` past a UTC hour (and `second`). */
  const untilMinute = (minute: number, second = 0) => {
    const now = clock.now();
    const next = new Date(now);
    next.setUTCMinutes(minute, second, 0);
    if (next <= now) next.setUTCHours(next.getUTCHours() + 1);
    clock.advance(next.getTime() - now.getTime());
  };
  let c: Awaited<ReturnType<typeof gambler>>;
  const lastEarn = async () => {
    const rows = (await db().execute(sql`
      SELECT turnover::text AS turnover FROM points_entries
      WHERE member_id = ${c.member.id} AND kind = 'earn' ORDER BY id DESC LIMIT 1`)) as unknown as {
      rows: { turnover: string }[];
    };
    return rows.rows[0]?.turnover;
  };

  it('a bet of the window still open at the count is counted at once; one after it, in the next count, once', async () => {
    // A player of its own (the sessions of the others are long expired by now).
    c = await gambler();
    // xx:31 UTC (local minute :01): the 5-minute window :30 is open when the count runs at :32.
    untilMinute(31);
    await c.bet(rng, 5_000);
    untilMinute(32, 5);
    await site.app.scheduler.runDue(clock.now());
    expect(await lastEarn()).toBe('5000');
    // :32:30, same 5-minute window, after the seal: the next count's, not this one's again.
    untilMinute(32, 30);
    await c.bet(rng, 7_000);
    expect(
      (await site.app.scheduler.runDue(clock.now())).runs.filter(
        (run) => run.job === loyaltyJobNames.hourly && run.status === 'ran',
      ),
    ).toEqual([]);
    expect(await lastEarn()).toBe('5000');
    untilMinute(32, 5);
    await site.app.scheduler.runDue(clock.now());
    expect(await lastEarn()).toBe('7000');
    const counted = (await db().execute(sql`
      SELECT coalesce(sum(turnover), 0)::text AS t FROM points_entries
      WHERE member_id = ${c.member.id} AND kind = 'earn'`)) as unknown as {
      rows: { t: string }[];
    };
    const played = (await db().execute(sql`
      SELECT coalesce(sum(valid_turnover), 0)::text AS t FROM game_rollups_5m
      WHERE member_id = ${c.member.id}`)) as unknown as { rows: { t: string }[] };
    // Every bet counted once: the points' turnover is all the rollups hold.
    expect(counted.rows[0]?.t).toBe(played.rows[0]?.t);
  });
});
