import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  missionsOpsPaths,
  missionsPaths,
  type MissionBody,
  type MissionClaimReply,
  type MissionDefinition,
  type MissionLeaderboard,
  type MissionSummary,
  type ReferralInfo,
  type ReferralRules,
} from '../../src/contract/missions.ts';
import type { Db } from '../../src/server/platform/db/client.ts';
import { sessions } from '../../src/server/platform/members/members.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { missionsClaimableSource } from '../../src/server/areas/engagement/missions.claimables.ts';
import { call, manualClock, opsHeaders, testSite } from '../support/server.ts';
import { createMember, freshIp, identityDriver, registration } from '../support/identity.ts';
import { rowCounts } from '../support/row-counts.ts';

/**
 * Missions and referral (issue 16, missions part): operator definitions, progress from the raw
 * bets (rollups), deposits and logins of the day and week, the reward claimed into the ledger
 * once, the leaderboard, referral binding on registration and the reward job.
 */
// Wednesday 4 March 2026, 12:01 in Asia/Kolkata (the default operator time zone).
const clock = manualClock(new Date('2026-03-04T06:31:00Z'));
const site = testSite({}, { clock: clock.now });
const db = (): Db => site.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const driver = identityDriver(
  () => site.app,
  () => site.database.db,
);

const dayStart = new Date('2026-03-03T18:30:00Z');
const dayEnd = new Date('2026-03-04T18:30:00Z');
const weekStart = new Date('2026-03-01T18:30:00Z');
const weekEnd = new Date('2026-03-08T18:30:00Z');
const hours = (n: number) => n * 3_600_000;

beforeAll(async () => {
  // The tests run the referral job themselves.
  await site.app.ready();
  await site.app.scheduler.stop();
  // The agent settlement's start-up run sealed the windows before the clock's instant; these
  // tests write raw bets of earlier windows as if recorded then.
  await db().execute(sql`UPDATE agent_rollup_seal SET sealed_before = '2000-01-01T00:00:00Z'`);
});

/** A player with a session opened at `loginAt` (a login on that day). */
async function playerAt(loginAt = clock.now()) {
  const { member } = await createMember(db());
  const token = randomBytes(32).toString('base64url');
  await db()
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      memberId: member.id,
      createdAt: loginAt,
      lastSeenAt: clock.now(),
      expiresAt: new Date(clock.now().getTime() + hours(24)),
    });
  return { member, headers: { authorization: `Bearer ${token}` } };
}

/** An earlier login (a session opened then, since ended). */
async function loginAt(memberId: number, at: Date) {
  await db()
    .insert(sessions)
    .values({
      tokenHash: hashToken(randomBytes(32).toString('base64url')),
      memberId,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + hours(1)),
      revokedAt: new Date(at.getTime() + hours(1)),
    });
}

type RawBet = { at: Date; gameType: string; stake: bigint };
/** A bet as the seamless wallet rolls it up, in its 5-minute window. */
async function bet(memberId: number, raw: RawBet) {
  const window = new Date(Math.floor(raw.at.getTime() / 300_000) * 300_000).toISOString();
  await db().execute(sql`
    INSERT INTO game_rollups_5m AS r (member_id, window_start, vassalage, game_type, bet_count,
      stake, valid_turnover, win, net_loss)
    VALUES (${memberId}, ${window}::timestamptz, 'PG', ${raw.gameType}, 1, ${raw.stake},
      ${raw.stake}, 0, ${raw.stake})
    ON CONFLICT (member_id, window_start, vassalage, game_type) DO UPDATE SET
      bet_count = r.bet_count + 1, stake = r.stake + excluded.stake,
      valid_turnover = r.valid_turnover + excluded.valid_turnover,
      net_loss = r.net_loss + excluded.net_loss`);
}

type RawDeposit = { at: Date; amount: bigint; status: 'paid' | 'pending' | 'failed' };
async function deposit(memberId: number, raw: RawDeposit) {
  await db().execute(sql`
    INSERT INTO deposit_orders (id, member_id, channel_id, kind, amount, currency, status,
      idempotency_key, created_at, updated_at)
    SELECT gen_random_uuid(), ${memberId}, c.id, c.kind, ${raw.amount}, c.currency, ${raw.status},
      ${randomBytes(8).toString('hex')}, ${raw.at.toISOString()}::timestamptz,
      ${raw.at.toISOString()}::timestamptz
    FROM payment_channels c ORDER BY c.id LIMIT 1`);
}

const ops = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  call<T>(site.app, { method, url, headers: opsHeaders, ...(payload ? { payload } : {}) });

async function mission(body: Partial<MissionBody> & Pick<MissionBody, 'period' | 'missionType'>) {
  const reply = await ops<MissionDefinition>('POST', missionsOpsPaths.missions, {
    target: '100',
    reward: '500',
    title: { en: `${body.period} ${body.missionType}`, hi: 'मिशन' },
    ...body,
  });
  expect(reply.status).toBe(200);
  return reply.body.value!;
}

const summary = async (headers: Record<string, string>) => {
  const reply = await call<MissionSummary>(site.app, {
    url: missionsPaths.summary,
    headers: { ...headers, 'accept-language': 'en' },
  });
  expect(reply.status).toBe(200);
  return reply.body.value!;
};

const claim = (headers: Record<string, string>, payload: unknown) =>
  call<MissionClaimReply>(site.app, {
    method: 'POST',
    url: missionsPaths.claim,
    headers,
    payload: payload as Record<string, unknown>,
  });

const balanceOf = async (memberId: number) =>
  (await site.app.wallet.ledger.balance(memberId)).sumBalance;

/** Every test's missions end with it, so each test sees only its own. */
const retireAll = () => db().execute(sql`UPDATE mission_definitions SET active = false`);

describe('operator mission definitions', () => {
  it('creates, lists and replaces a mission, audited', async () => {
    const made = await mission({ period: 'daily', missionType: 'rounds', gameType: 'RNG' });
    const replaced = await ops<MissionDefinition>(
      'PUT',
      missionsOpsPaths.mission.replace(':missionId', String(made.missionId)),
      {
        period: 'weekly',
        missionType: 'rounds',
        gameType: 'LOTTERY',
        target: '10',
        reward: '2000',
        title: { en: 'Ten lottery bets' },
      },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.value).toMatchObject({ period: 'weekly', gameType: 'LOTTERY' });
    const list = await ops<MissionDefinition[]>('GET', missionsOpsPaths.missions);
    expect(list.body.value?.find((m) => m.missionId === made.missionId)?.target).toBe('10');
    const audits = await rows<{ action: string }>(sql`
      SELECT action FROM audit_log WHERE target = ${`mission:${made.missionId}`} ORDER BY id`);
    expect(audits.map((a) => a.action)).toEqual(['mission.create', 'mission.update']);
    const unknown = await ops('PUT', missionsOpsPaths.mission.replace(':missionId', '999999'), {
      period: 'daily',
      missionType: 'turnover',
      target: '1',
      reward: '1',
      title: { en: 'x' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('mission_not_found');
    await retireAll();
  });

  it('refuses bad definitions with a translated 400 and writes nothing', async () => {
    const before = await rowCounts(db());
    const bad: unknown[] = [
      {},
      { period: 'monthly', missionType: 'turnover', target: '1', reward: '1', title: { en: 'x' } },
      { period: 'daily', missionType: 'rounds', target: '1', reward: '1', title: { en: 'x' } },
      { period: 'daily', missionType: 'turnover', target: '0', reward: '1', title: { en: 'x' } },
      { period: 'daily', missionType: 'turnover', target: '-5', reward: '1', title: { en: 'x' } },
      { period: 'daily', missionType: 'turnover', target: '1', reward: '1', title: {} },
      {
        period: 'weekly',
        missionType: 'loginStreak',
        target: '8',
        reward: '1',
        title: { en: 'x' },
      },
      {
        period: 'daily',
        missionType: 'turnover',
        target: '1',
        reward: '1',
        title: { en: 'x' },
        extra: 1,
      },
    ];
    for (const payload of bad) {
      const reply = await call(site.app, {
        method: 'POST',
        url: missionsOpsPaths.missions,
        headers: { ...opsHeaders, 'accept-language': 'en' },
        payload: payload as Record<string, unknown>,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.success).toBe(false);
      expect(reply.body.message).toBeTruthy();
    }
    const anonymous = await call(site.app, { url: missionsOpsPaths.missions });
    expect(anonymous.status).toBe(401);
    expect(await rowCounts(db())).toEqual(before);
  });

  it('an amount in digits of another script is a 400 in the envelope, not a 500', async () => {
    const before = await rowCounts(db());
    const base = { period: 'daily', missionType: 'loginStreak', title: { en: 'x' } };
    for (const [target, reward] of [
      ['\u0b68', '1'],
      ['1', '\u0b68'],
      ['\u0968', '\u09e8'],
      ['1e3', '1'],
    ]) {
      const reply = await call(site.app, {
        method: 'POST',
        url: missionsOpsPaths.missions,
        headers: { ...opsHeaders, 'accept-language': 'en' },
        payload: { ...base, target, reward },
      });
      expect([reply.status, reply.body.success, reply.body.code]).toEqual([
        400,
        false,
        'bad_request',
      ]);
      expect(reply.body.message).toBeTruthy();
    }
    expect(await rowCounts(db())).toEqual(before);
  });
});

describe('mission progress', () => {
  it('equals what the raw bets, deposits and logins of the day and week give', async () => {
    const turnoverDaily = await mission({
      period: 'daily',
      missionType: 'turnover',
      target: '5000',
    });
    const turnoverWeekly = await mission({
      period: 'weekly',
      missionType: 'turnover',
      target: '100000000',
    });
    const roundsDaily = await mission({
      period: 'daily',
      missionType: 'rounds',
      gameType: 'RNG',
      target: '50',
    });
    const depositWeekly = await mission({
      period: 'weekly',
      missionType: 'deposit',
      target: '90000000',
    });
    const loginWeekly = await mission({
      period: 'weekly',
      missionType: 'loginStreak',
      target: '7',
    });
    const loginDaily = await mission({ period: 'daily', missionType: 'loginStreak', target: '1' });

    const { member, headers } = await playerAt();
    const other = await playerAt();
    const bets: RawBet[] = [
      // Last week (Sunday 23:55 local): not this week.
      { at: new Date('2026-03-01T18:25:00Z'), gameType: 'RNG', stake: 700n },
      // Monday, Tuesday: this week, not today.
      { at: new Date('2026-03-02T04:00:00Z'), gameType: 'RNG', stake: 1200n },
      { at: new Date('2026-03-03T10:00:00Z'), gameType: 'SPORTS', stake: 3300n },
      // Today (from 00:00 local, 2026-03-03T18:30Z).
      { at: new Date('2026-03-03T18:30:00Z'), gameType: 'RNG', stake: 250n },
      { at: new Date('2026-03-04T01:02:00Z'), gameType: 'RNG', stake: 400n },
      { at: new Date('2026-03-04T01:03:00Z'), gameType: 'LOTTERY', stake: 900n },
      { at: new Date('2026-03-04T06:29:00Z'), gameType: 'RNG', stake: 125n },
    ];
    for (const raw of bets) await bet(member.id, raw);
    await bet(other.member.id, { at: clock.now(), gameType: 'RNG', stake: 99_999n });
    const deposits: RawDeposit[] = [
      { at: new Date('2026-02-28T10:00:00Z'), amount: 50_000n, status: 'paid' },
      { at: new Date('2026-03-02T10:00:00Z'), amount: 20_000n, status: 'paid' },
      { at: new Date('2026-03-04T02:00:00Z'), amount: 30_000n, status: 'paid' },
      { at: new Date('2026-03-04T03:00:00Z'), amount: 40_000n, status: 'pending' },
      { at: new Date('2026-03-04T04:00:00Z'), amount: 45_000n, status: 'failed' },
    ];
    for (const raw of deposits) await deposit(member.id, raw);
    // Logins (local days): Sat 28 Feb (last week), Mon 2, Tue 3 (twice), today (playerAt).
    const logins = [
      new Date('2026-02-28T05:00:00Z'),
      new Date('2026-03-02T05:00:00Z'),
      new Date('2026-03-03T05:00:00Z'),
      new Date('2026-03-03T15:00:00Z'),
    ];
    for (const at of logins) await loginAt(member.id, at);

    const within = (at: Date, from: Date, to: Date) => at >= from && at < to;
    const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
    const windowOf = (at: Date) => new Date(Math.floor(at.getTime() / 300_000) * 300_000);
    const expected = {
      [turnoverDaily.missionId]: sum(
        bets.filter((b) => within(windowOf(b.at), dayStart, dayEnd)).map((b) => b.stake),
      ),
      // Below its target of 100,000,000: the whole week's turnover.
      [turnoverWeekly.missionId]: sum(
        bets.filter((b) => within(windowOf(b.at), weekStart, weekEnd)).map((b) => b.stake),
      ),
      [roundsDaily.missionId]: BigInt(
        bets.filter((b) => b.gameType === 'RNG' && within(windowOf(b.at), dayStart, dayEnd)).length,
      ),
      [depositWeekly.missionId]: sum(
        deposits
          .filter((d) => d.status === 'paid' && within(d.at, weekStart, weekEnd))
          .map((d) => d.amount),
      ),
      // Monday, Tuesday, Wednesday: three days in a row.
      [loginWeekly.missionId]: 3n,
      [loginDaily.missionId]: 1n,
    };
    const mine = await summary(headers);
    expect(mine.daily).toEqual({
      periodStart: dayStart.toISOString(),
      periodEnd: dayEnd.toISOString(),
    });
    expect(mine.weekly).toEqual({
      periodStart: weekStart.toISOString(),
      periodEnd: weekEnd.toISOString(),
    });
    for (const [id, progress] of Object.entries(expected)) {
      const got = mine.missions.find((m) => m.missionId === Number(id));
      expect(got?.progress, `mission ${id}`).toBe(progress.toString());
    }
    expect(expected[turnoverDaily.missionId]).toBe(1675n);
    expect(mine.missions.find((m) => m.missionId === loginDaily.missionId)).toMatchObject({
      status: 'completed',
      percent: 100,
      title: 'daily loginStreak',
    });
    expect(mine.missions.find((m) => m.missionId === turnoverDaily.missionId)).toMatchObject({
      status: 'inProgress',
      percent: 33,
    });
    expect(mine.claimableCount).toBe(1);
    // Progress stops at the target.
    await bet(member.id, { at: clock.now(), gameType: 'RNG', stake: 10_000n });
    const capped = (await summary(headers)).missions.find(
      (m) => m.missionId === turnoverDaily.missionId,
    );
    expect(capped).toMatchObject({ progress: '5000', status: 'completed' });
    await retireAll();
  });
});

describe('claiming a mission', () => {
  it('pays the reward into the ledger once, even for two claims at once', async () => {
    const done = await mission({ period: 'daily', missionType: 'turnover', target: '1000' });
    const notYet = await mission({ period: 'weekly', missionType: 'turnover', target: '999999' });
    const { member, headers } = await playerAt();
    await bet(member.id, { at: clock.now(), gameType: 'RNG', stake: 1500n });
    const source = missionsClaimableSource(site.app.config.operatorTimeZone, clock.now);
    expect(await source.count(db(), member.id)).toBe(1);
    expect((await source.list(db(), member.id, 'en'))[0]).toMatchObject({
      kind: 'mission',
      ref: String(done.missionId),
      amount: 500n,
    });

    const early = await claim(headers, { missionId: notYet.missionId });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('mission_not_completed');

    const before = await balanceOf(member.id);
    const replies = await Promise.all([
      claim(headers, { missionId: done.missionId }),
      claim(headers, { missionId: done.missionId }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body.code).toBe('mission_already_claimed');
    expect(replies.find((r) => r.status === 200)?.body.value?.reward).toBe('500');
    expect(await balanceOf(member.id)).toBe(before + 500n);
    const entries = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ledger_entries e JOIN wallets w ON w.id = e.wallet_id
      WHERE w.member_id = ${member.id} AND e.kind = 'mission_reward'`);
    expect(entries[0]?.n).toBe(1);
    const again = await claim(headers, { missionId: done.missionId });
    expect(again.status).toBe(409);
    expect(
      (await summary(headers)).missions.find((m) => m.missionId === done.missionId),
    ).toMatchObject({ status: 'claimed' });
    expect(await source.count(db(), member.id)).toBe(0);

    // The next day the daily mission starts again.
    await bet(member.id, {
      at: new Date(dayEnd.getTime() + hours(1)),
      gameType: 'RNG',
      stake: 1500n,
    });
    clock.advance(hours(24));
    expect(await source.count(db(), member.id)).toBe(1);
    clock.advance(-hours(24));
    await retireAll();
  });

  it('refuses bad input with a translated 400 and writes nothing', async () => {
    const { headers } = await playerAt();
    const before = await rowCounts(db());
    for (const payload of [{}, { missionId: 'x' }, { missionId: -1 }, { missionId: 2 ** 31 }]) {
      const reply = await claim({ ...headers, 'accept-language': 'bn' }, payload);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBeTruthy();
    }
    const unknown = await claim(headers, { missionId: 999_999 });
    expect(unknown.status).toBe(404);
    const anonymous = await claim({}, { missionId: 1 });
    expect(anonymous.status).toBe(401);
    expect(await rowCounts(db())).toEqual(before);
  });
});

describe('mission leaderboard', () => {
  it("ranks this week's claims and shows the member's own line", async () => {
    const a = await mission({ period: 'daily', missionType: 'loginStreak', target: '1' });
    const b = await mission({ period: 'weekly', missionType: 'loginStreak', target: '1' });
    const first = await playerAt();
    const second = await playerAt();
    const idle = await playerAt();
    for (const missionId of [a.missionId, b.missionId]) {
      expect((await claim(first.headers, { missionId })).status).toBe(200);
    }
    expect((await claim(second.headers, { missionId: a.missionId })).status).toBe(200);
    const board = await call<MissionLeaderboard>(site.app, {
      url: missionsPaths.leaderboard,
      headers: second.headers,
    });
    expect(board.status).toBe(200);
    const value = board.body.value!;
    expect(value.periodStart).toBe(weekStart.toISOString());
    const firstRank = value.rows.find((row) => row.completed === 2 && row.reward === '1000');
    expect(firstRank).toBeDefined();
    expect(firstRank?.account).toContain('***');
    expect(firstRank?.account).not.toBe(first.member.username);
    expect(value.me.completed).toBe(1);
    expect(value.me.rank).toBeGreaterThan(firstRank!.rank);
    const none = await call<MissionLeaderboard>(site.app, {
      url: missionsPaths.leaderboard,
      headers: idle.headers,
    });
    expect(none.body.value?.me).toEqual({ rank: null, completed: 0, reward: '0' });
    await retireAll();
  });
});

describe('referral', () => {
  const rulesOf = (payload: unknown) =>
    call<ReferralRules>(site.app, {
      method: 'PUT',
      url: missionsOpsPaths.referral,
      headers: { ...opsHeaders, 'accept-language': 'hi' },
      payload: payload as Record<string, unknown>,
    });
  const info = async (headers: Record<string, string>) => {
    const reply = await call<ReferralInfo>(site.app, {
      url: missionsPaths.referral,
      headers: { ...headers, host: 'site.test' },
    });
    expect(reply.status).toBe(200);
    return reply.body.value!;
  };
  const referralPaid = async (memberId: number) =>
    (
      await rows<{ n: number; total: string }>(sql`
        SELECT count(*)::int AS n, coalesce(sum(e.amount), 0)::text AS total
        FROM ledger_entries e JOIN wallets w ON w.id = e.wallet_id
        WHERE w.member_id = ${memberId} AND e.kind = 'referral_reward'`)
    )[0]!;

  it('refuses bad rules with a translated 400 and writes nothing', async () => {
    const before = await rowCounts(db());
    for (const payload of [
      {},
      { enabled: true, reward: '0', minDeposit: '0', minTurnover: '0' },
      { enabled: 'yes', reward: '100', minDeposit: '0', minTurnover: '0' },
      { enabled: true, reward: '100', minDeposit: '-1', minTurnover: '0' },
      { enabled: true, reward: '100', minDeposit: '0', minTurnover: '0', extra: true },
    ]) {
      const reply = await rulesOf(payload);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBeTruthy();
    }
    expect(await rowCounts(db())).toEqual(before);
  });

  it('a reward in digits of another script is a 400 in the envelope, not a 500', async () => {
    const before = await rowCounts(db());
    for (const payload of [
      { enabled: true, reward: '\u0b68', minDeposit: '0', minTurnover: '0' },
      { enabled: true, reward: '100', minDeposit: '\u0b68', minTurnover: '0' },
      { enabled: true, reward: '\uff11', minDeposit: '0', minTurnover: '0' },
    ]) {
      const reply = await rulesOf(payload);
      expect([reply.status, reply.body.success, reply.body.code]).toEqual([
        400,
        false,
        'bad_request',
      ]);
      expect(reply.body.message).toBeTruthy();
    }
    expect(await rowCounts(db())).toEqual(before);
  });

  it('binds a friend registered with the code and pays the referrer once the friend meets the rules', async () => {
    const referrer = await playerAt();
    const off = await info(referrer.headers);
    expect(off.rules.enabled).toBe(false);
    expect(off.friends).toEqual([]);
    const rules = await rulesOf({
      enabled: true,
      reward: '10000',
      minDeposit: '50000',
      minTurnover: '100000',
    });
    expect(rules.status).toBe(200);

    const mine = await info(referrer.headers);
    expect(mine.referralCode).toMatch(/^P[0-9A-Z]+$/);
    expect((await info(referrer.headers)).referralCode).toBe(mine.referralCode);
    expect(mine.referralLink).toBe(
      `http://site.test/register?referralCode=${encodeURIComponent(mine.referralCode)}`,
    );

    // The friend registers with the code (any case), as the register page sends it.
    const client = { ip: freshIp() };
    clock.advance(1000);
    const captcha = await driver.solveCaptcha(client);
    const base = registration();
    const verificationCode = await driver.smsCode(client, base.mobileNum);
    const registered = await driver.register(
      registration({
        ...base,
        captcha,
        verificationCode,
        referralCode: mine.referralCode.toLowerCase(),
      }),
      client,
    );
    expect(registered.status).toBe(200);
    const [friend] = await rows<{ id: number }>(
      sql`SELECT id FROM members WHERE username = ${base.username}`,
    );
    const bound = await info(referrer.headers);
    expect(bound.friends).toEqual([
      expect.objectContaining({ state: 'pending', deposit: '0', turnover: '0', reward: null }),
    ]);
    expect(bound.friends[0]?.account).not.toBe(base.username);

    // A deposit but not yet the turnover: nothing paid.
    await deposit(friend!.id, { at: clock.now(), amount: 50_000n, status: 'paid' });
    await bet(friend!.id, { at: clock.now(), gameType: 'RNG', stake: 60_000n });
    clock.advance(5 * 60_000);
    await site.app.scheduler.runDue(clock.now());
    expect((await referralPaid(referrer.member.id)).n).toBe(0);

    // The turnover reached: paid once, and never again.
    await bet(friend!.id, { at: clock.now(), gameType: 'SLOT', stake: 40_000n });
    const before = await balanceOf(referrer.member.id);
    clock.advance(5 * 60_000);
    await site.app.scheduler.runDue(clock.now());
    clock.advance(5 * 60_000);
    await site.app.scheduler.runDue(clock.now());
    expect(await referralPaid(referrer.member.id)).toEqual({ n: 1, total: '10000' });
    expect(await balanceOf(referrer.member.id)).toBe(before + 10_000n);
    const rewarded = await info(referrer.headers);
    expect(rewarded.friends[0]).toMatchObject({
      state: 'rewarded',
      reward: '10000',
      deposit: '50000',
      turnover: '100000',
    });
    expect(rewarded.totalReward).toBe('10000');
  });
});

describe('the mission event', () => {
  it('tells a player who played in the minute their mission figures, after the commit', async () => {
    const done = await mission({ period: 'daily', missionType: 'turnover', target: '1000' });
    const { member } = await playerAt(new Date(clock.now().getTime() - hours(2)));
    const quiet = await playerAt(new Date(clock.now().getTime() - hours(2)));
    const publishMany = vi.spyOn(site.app.realtime.publisher, 'publishMany');
    try {
      await bet(member.id, { at: clock.now(), gameType: 'RNG', stake: 1200n });
      clock.advance(60_000);
      await site.app.scheduler.runDue(clock.now());
      await vi.waitFor(() => {
        const events = publishMany.mock.calls.flatMap(([batch]) => batch);
        expect(events).toContainEqual({
          memberId: member.id,
          event: { name: 'mission', payload: { claimableCount: 1, completedCount: 1 } },
        });
        expect(events.some((e) => e.memberId === quiet.member.id)).toBe(false);
      });
      // A claim tells it too.
      publishMany.mockClear();
      const claimer = await playerAt();
      await bet(claimer.member.id, { at: clock.now(), gameType: 'RNG', stake: 1000n });
      expect((await claim(claimer.headers, { missionId: done.missionId })).status).toBe(200);
      await vi.waitFor(() => {
        expect(publishMany.mock.calls.flatMap(([batch]) => batch)).toContainEqual(
          expect.objectContaining({
            event: { name: 'mission', payload: { claimableCount: 0, completedCount: 1 } },
          }),
        );
      });
    } finally {
      publishMany.mockRestore();
      await retireAll();
    }
  });
});
