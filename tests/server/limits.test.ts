import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/platform/db/client.ts';
import type { Database } from '../../src/server/platform/db/client.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { sessions } from '../../src/server/platform/members/members.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { memberSecretLimits } from '../../src/server/platform/members/member-secrets.ts';
import { operators } from '../../src/server/areas/operator/operators.schema.ts';
import { rateLimitHits } from '../../src/server/platform/rate-limit/rate-limit.schema.ts';
import {
  createHitBatcher,
  KEYS_PER_GENERATION,
  MOST_GENERATIONS,
  syncFrom,
} from '../../src/server/platform/rate-limit/rate-limit.store.ts';
import { systemPaths } from '../../src/contract/system.ts';
import { defaultRateLimit } from '../../src/server/platform/rate-limit/rate-limit.plugin.ts';
import { hashPassword } from '../../src/server/areas/operator/operator-password.ts';
import { operatorLoginLimits } from '../../src/server/areas/operator/operator.service.ts';
import { opsPaths } from '../../src/contract/ops.ts';
import { identityPaths } from '../../src/contract/identity.ts';
import { secondFactorLimits } from '../../src/server/areas/identity/second-factor.service.ts';
import { recordsPaths } from '../../src/contract/records.ts';
import { walletOpsPaths, walletPaths, type BalanceReply } from '../../src/contract/wallet.ts';
import { withdrawPaths, type BankAccount } from '../../src/contract/withdrawal.ts';
import {
  basicAuth,
  buildTestApp,
  call,
  createTestDatabase,
  opsHeaders,
  testOperator,
  type TestDatabase,
} from '../support/server.ts';
import { createMember, encryptFor, freshIp } from '../support/identity.ts';

let testDb: TestDatabase;
let database: Database;
let app: FastifyInstance;
const db = (): Db => database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await testDb.open();
  app = await buildTestApp(testDb, database);
});

afterAll(async () => {
  await app.close();
  await database.close();
  await testDb.drop();
});

/** An operator of its own, so locking it leaves the test operator usable. */
async function operator() {
  const username = `ops-${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  await db()
    .insert(operators)
    .values({ username, passwordHash: await hashPassword(password) });
  return { username, password };
}

const opsCall = (username: string, password: string, remoteAddress: string) =>
  call(app, {
    url: opsPaths.system,
    headers: { authorization: basicAuth(username, password), 'accept-language': 'en' },
    remoteAddress,
  });

describe('operator sign-in failures', () => {
  it('locks a name from the address that guessed it, the right password included, and audits the lock', async () => {
    const { username, password } = await operator();
    const ip = freshIp();
    for (let i = 1; i < operatorLoginLimits.pairLockAfter; i += 1) {
      expect((await opsCall(username, `wrong-${i}`, ip)).status).toBe(401);
    }
    const last = await opsCall(username, 'wrong-last', ip);
    expect([last.status, last.body.code]).toEqual([429, 'ops_locked']);
    const right = await opsCall(username, password, ip);
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ success: false, code: 'ops_locked' });
    expect(right.body.message).toMatch(/locked/);
    // The same name from another address is not held by it.
    expect((await opsCall(username, password, freshIp())).status).toBe(200);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'operator.login.locked'),
          eq(auditLog.target, `operator:${username}@${ip}`),
        ),
      );
    expect(audits).toHaveLength(1);
    // Other operators are not held by it.
    expect((await opsCall(testOperator.username, testOperator.password, ip)).status).toBe(200);
  });

  it('locks an address that tries many names, for every name', async () => {
    const ip = freshIp();
    for (let i = 1; i < operatorLoginLimits.ipLockAfter; i += 1) {
      expect((await opsCall(`guess-${i}`, 'guess', ip)).status).toBe(401);
    }
    expect((await opsCall('guess-last', 'guess', ip)).body.code).toBe('ops_locked');
    const right = await opsCall(testOperator.username, testOperator.password, ip);
    expect([right.status, right.body.code]).toEqual([429, 'ops_locked']);
  });

  it('refuses a name the database cannot hold with 401, not 500', async () => {
    const reply = await opsCall('abc\u0000def', 'x', freshIp());
    expect([reply.status, reply.body.code]).toEqual([401, 'ops_unauthorized']);
  });
});

describe('HTTP rate limits', () => {
  /** The trial-account call allows 10 a minute per client; a bad body still counts. */
  const freePlay = (target: FastifyInstance, remoteAddress: string) =>
    call(target, { method: 'POST', url: identityPaths.freePlay, payload: {}, remoteAddress });

  it('a client refused with 429 is still refused by the next app on the same database', async () => {
    const ip = freshIp();
    const before = await buildTestApp(testDb, database);
    const replies = [];
    for (let i = 0; i < 11; i += 1) replies.push(await freePlay(before, ip));
    const [first] = replies;
    const refusedHere = replies.at(-1);
    expect(refusedHere?.status).toBe(429);
    // The limit's headers go with the refusal only.
    expect(first?.headers['x-ratelimit-remaining']).toBeUndefined();
    expect(refusedHere?.headers).toMatchObject({
      'x-ratelimit-limit': '10',
      'x-ratelimit-remaining': '0',
      'retry-after': expect.stringMatching(/^\d+$/),
    });
    await before.close();

    const after = await buildTestApp(testDb, database);
    try {
      const refused = await freePlay(after, ip);
      expect([refused.status, refused.body.code]).toEqual([429, 'too_many_requests']);
      expect((await freePlay(after, freshIp())).status).toBe(400);
    } finally {
      await after.close();
    }
  });

  it('the default limit counts on the node, writes no row per call, and adds up across nodes at each sync', async () => {
    const key = `global:${freshIp()}`;
    const stored = async () =>
      (await db().select().from(rateLimitHits).where(eq(rateLimitHits.key, key)))[0]?.hits;
    // Two nodes' counters on one database; no timer fires during the test (a minute apart).
    const first = createHitBatcher(db(), { syncMs: 60_000 });
    const second = createHitBatcher(db(), { syncMs: 60_000 });
    expect(first.hit(key, 60_000, 5).current).toBe(1);
    expect(first.hit(key, 60_000, 5).current).toBe(2);
    expect(first.hit(key, 60_000, 5).current).toBe(3);
    // No statement per call: nothing in the database before the sync.
    expect(await stored()).toBeUndefined();
    await first.flush();
    expect(await stored()).toBe(3);
    // The other node knows nothing yet: its first calls count from its own hits...
    expect(second.hit(key, 60_000, 5).current).toBe(1);
    expect(second.hit(key, 60_000, 5).current).toBe(2);
    // ...and its sync adds them to the first node's and tells it the total, 5 of 5.
    await second.flush();
    expect(await stored()).toBe(5);
    expect(second.read(key).current).toBe(5);
    expect(second.hit(key, 60_000, 5).current).toBe(6);
    await second.flush();
    expect(await stored()).toBe(6);
  });

  it('a key below a fiftieth of its limit stays on the node until then; closing writes it', async () => {
    const key = `global:${freshIp()}`;
    const stored = async () =>
      (await db().select().from(rateLimitHits).where(eq(rateLimitHits.key, key)))[0]?.hits;
    const node = createHitBatcher(db(), { syncMs: 60_000 });
    const from = syncFrom(600);
    expect(from).toBe(12);
    for (let i = 1; i < from; i += 1) expect(node.hit(key, 60_000, 600).current).toBe(i);
    await node.flush();
    // A visitor's first calls cost no write...
    expect(await stored()).toBeUndefined();
    // ...the one that reaches a fiftieth of the limit writes them all.
    expect(node.hit(key, 60_000, 600).current).toBe(from);
    await node.flush();
    expect(await stored()).toBe(from);
    const other = `global:${freshIp()}`;
    node.hit(other, 60_000, 600);
    await node.close();
    expect(
      (await db().select().from(rateLimitHits).where(eq(rateLimitHits.key, other)))[0]?.hits,
    ).toBe(1);
  });

  it("a visitor's first hits stay on the node, counted per window, and ended windows are let go without a sync", async () => {
    let at = 1_000_000_000_000;
    const node = createHitBatcher(db(), { syncMs: 60_000, now: () => at });
    const key = `global:${freshIp()}`;
    expect(node.hit(key, 60_000, 600)).toEqual({ current: 1, ttl: 60_000 });
    at += 20_000;
    expect(node.hit(key, 60_000, 600)).toEqual({ current: 2, ttl: 40_000 });
    expect(node.read(key)).toEqual({ current: 2, ttl: 40_000 });
    // A thousand one-call visitors a little later.
    at += 30_000;
    for (let i = 0; i < 1000; i += 1) node.hit(`global:${freshIp()}`, 60_000, 600);
    expect(node.keys()).toBe(1001);
    // The first key's window has ended: it counts from 1 again.
    at += 15_000;
    expect(node.read(key)).toEqual({ current: 0, ttl: 0 });
    expect(node.hit(key, 60_000, 600)).toEqual({ current: 1, ttl: 60_000 });
    // Two windows on, every window but the newest key's has ended, and the node holds no more
    // than that key (no sync ran: nothing was due for the database).
    at += 110_000;
    node.hit(key, 60_000, 600);
    expect(node.keys()).toBe(1);
    expect(node.read(key).current).toBe(1);
    // Closing writes every key the node kept under its own name (IPv4 ones are kept as numbers).
    const others = [`global:2001:db8::${freshIp().split('.').join(':')}`, 'global:010.0.0.1'];
    for (const other of others) node.hit(other, 60_000, 600);
    await node.close();
    const rows = await db()
      .select()
      .from(rateLimitHits)
      .where(inArray(rateLimitHits.key, [key, ...others]));
    expect(Object.fromEntries(rows.map((row) => [row.key, row.hits]))).toEqual({
      [key]: 1,
      [others[0] as string]: 1,
      [others[1] as string]: 1,
    });
  });

  it('closing writes more kept keys than one statement takes, each once, with its hits', async () => {
    await db()
      .delete(rateLimitHits)
      .where(sql`${rateLimitHits.key} like 'global:10.200.%'`);
    const node = createHitBatcher(db(), { syncMs: 60_000 });
    // 10.200.x.y: 25,000 one- or two-call visitors (the close writes 10,000 keys a statement).
    const keys = Array.from({ length: 25_000 }, (_, i) => `global:10.200.${i >> 8}.${i & 255}`);
    keys.forEach((key, i) => {
      node.hit(key, 60_000, 600);
      if (i % 2 === 0) node.hit(key, 60_000, 600);
    });
    await node.close();
    // A second flush after the close finds nothing left to add.
    await node.flush(true);
    const rows = await db()
      .select({ key: rateLimitHits.key, hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} like 'global:10.200.%'`);
    expect(rows).toHaveLength(25_000);
    const hits = new Map(rows.map((row) => [row.key, row.hits]));
    expect(keys.every((key, i) => hits.get(key) === (i % 2 === 0 ? 2 : 1))).toBe(true);
  });

  it('closing writes the kept keys as they were, whatever the node counts while it awaits the writes', async () => {
    await db()
      .delete(rateLimitHits)
      .where(sql`${rateLimitHits.key} like 'global:10.201.%'`);
    // The closing node's first statement waits until the test has counted a flood of calls.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const writing = new Promise<void>((resolve) => (started = resolve));
    const gated = new Proxy(db(), {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return async (...args: Parameters<Db['execute']>) => {
          started();
          await gate;
          return target.execute(...args);
        };
      },
    });
    const node = createHitBatcher(gated, { syncMs: 60_000 });
    const keys = Array.from({ length: 15_000 }, (_, i) => `global:10.201.${i >> 8}.${i & 255}`);
    for (const key of keys) node.hit(key, 60_000, 600);
    const closing = node.close();
    await writing;
    // Enough new addresses to fill and drop every generation the node had.
    let again = 0;
    for (let i = 0; i < (MOST_GENERATIONS + 1) * KEYS_PER_GENERATION; i += 1) {
      node.hit(`global:11.201.${(i >> 8) & 255}.${i & 255}`, 60_000, 600);
      if (i % 1000 === 0) {
        node.hit(keys[0] as string, 60_000, 600);
        again += 1;
      }
    }
    release();
    await closing;
    const rows = await db()
      .select({ key: rateLimitHits.key, hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} like 'global:10.201.%'`);
    expect(rows).toHaveLength(15_000);
    // Each kept key once; the one called again meanwhile went past syncFrom and was written
    // with those calls too.
    const hits = new Map(rows.map((row) => [row.key, row.hits]));
    expect(again).toBeGreaterThan(syncFrom(600));
    expect(hits.get(keys[0] as string)).toBe(1 + again);
    expect(keys.slice(1).every((key) => hits.get(key) === 1)).toBe(true);
  });

  it("a flood of addresses: the node keeps a bounded number of visitors, and one at the limit's pace is still counted", async () => {
    let at = 1_100_000_000_000;
    const node = createHitBatcher(db(), { syncMs: 60_000, now: () => at });
    // 11.x.y.z, one call each, 50 a millisecond (50,000 a second), all within one window.
    let flooded = 0;
    const flood = (calls: number) => {
      for (let i = 0; i < calls; i += 1, flooded += 1) {
        if (flooded % 50 === 0) at += 1;
        node.hit(
          `global:11.${(flooded >> 16) & 255}.${(flooded >> 8) & 255}.${flooded & 255}`,
          60_000,
          600,
        );
      }
    };
    const steady = `global:${freshIp()}`;
    const idle = `global:${freshIp()}`;
    expect(node.hit(idle, 60_000, 600).current).toBe(1);
    // A visitor at the limit's pace (10 calls a second) among the flood: its first
    // syncFrom(600) calls are counted on the node, and the last of them goes to the database.
    for (let call = 1; call <= syncFrom(600); call += 1) {
      expect(node.hit(steady, 60_000, 600).current).toBe(call);
      flood(5_000);
    }
    // 600,000 one-call visitors in 12 s: the node holds at most MOST_GENERATIONS' worth.
    flood(600_000 - flooded);
    expect(node.keys()).toBeLessThanOrEqual(MOST_GENERATIONS * KEYS_PER_GENERATION + 2);
    expect(node.keys()).toBeGreaterThanOrEqual((MOST_GENERATIONS - 1) * KEYS_PER_GENERATION);
    // The steady visitor's count went on; the idle one's single call was let go with the oldest
    // generation (fewer than syncFrom hits, none of them in the database).
    expect(node.hit(steady, 60_000, 600).current).toBe(syncFrom(600) + 1);
    expect(node.read(idle)).toEqual({ current: 0, ttl: 0 });
    // Generations made on the arrays of dropped ones count from nothing.
    const late = `global:${freshIp()}`;
    expect(node.hit(late, 60_000, 600).current).toBe(1);
    expect(node.hit(late, 60_000, 600).current).toBe(2);
    await node.flush();
    const [row] = await db().select().from(rateLimitHits).where(eq(rateLimitHits.key, steady));
    expect(row?.hits).toBe(syncFrom(600) + 1);
  });

  it('the default limit lets an address make 600 API calls a minute and refuses the next with the limit headers', async () => {
    const ip = freshIp();
    const statuses = new Set<number>();
    for (let i = 0; i < defaultRateLimit.max; i += 1) {
      statuses.add((await call(app, { url: systemPaths.status, remoteAddress: ip })).status);
    }
    expect([...statuses]).toEqual([200]);
    const refused = await call(app, { url: systemPaths.status, remoteAddress: ip });
    expect([refused.status, refused.body.code]).toEqual([429, 'too_many_requests']);
    expect(refused.headers).toMatchObject({
      'x-ratelimit-limit': '600',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': expect.stringMatching(/^\d+$/),
      'retry-after': expect.stringMatching(/^\d+$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address, and a route with a limit of its own, count apart.
    expect((await call(app, { url: systemPaths.status, remoteAddress: freshIp() })).status).toBe(
      200,
    );
    expect(
      (
        await call(app, {
          method: 'POST',
          url: identityPaths.freePlay,
          payload: {},
          remoteAddress: ip,
        })
      ).status,
    ).toBe(400);
  });

  it('an app adds the pending hits of the default limit to the database when it closes', async () => {
    const ip = freshIp();
    await db()
      .insert(rateLimitHits)
      .values({ key: `global:${ip}`, hits: 7, windowEndsAt: sql`now() + interval '1 minute'` });
    const node = await buildTestApp(testDb, database);
    for (let i = 0; i < 3; i += 1) {
      expect((await call(node, { url: systemPaths.status, remoteAddress: ip })).status).toBe(200);
    }
    await node.close();
    const [row] = await db()
      .select({ hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, `global:${ip}`));
    expect(row?.hits).toBe(10);
  });

  it('the scheduler drops the counters whose window has ended, and only those', async () => {
    const keys = [`ended-${randomUUID()}`, `live-${randomUUID()}`];
    await db()
      .insert(rateLimitHits)
      .values([
        { key: keys[0] ?? '', hits: 3, windowEndsAt: sql`now() - interval '1 second'` },
        { key: keys[1] ?? '', hits: 3, windowEndsAt: sql`now() + interval '1 minute'` },
      ]);
    // The next ten-minute period than the one the start-up ran.
    const report = await app.scheduler.runDue(new Date(Date.now() + 10 * 60_000));
    expect(report.runs.find((run) => run.job === 'rate-limit-prune')?.status).toBe('ran');
    const left = await db()
      .select({ key: rateLimitHits.key })
      .from(rateLimitHits)
      .where(inArray(rateLimitHits.key, keys));
    expect(left.map((row) => row.key)).toEqual([keys[1]]);
  });
});

describe('the payment password', () => {
  const PAY = '135790';

  /** A player under an agent, with a payment password, money, a bank account and a session. */
  async function player() {
    const code = `AG${randomBytes(3).toString('hex').toUpperCase()}`;
    await createMember(db(), { type: 1, affiliateCode: code });
    const { member } = await createMember(db(), {
      uplineAffiliateCode: code,
      paymentPasswordHash: await hashMemberPassword(PAY),
    });
    const token = randomBytes(32).toString('base64url');
    await db()
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        memberId: member.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
    const headers = { authorization: `Bearer ${token}` };
    const remoteAddress = freshIp();
    const credit = await call(app, {
      method: 'POST',
      url: walletOpsPaths.adjustment,
      headers: opsHeaders,
      payload: {
        memberId: member.id,
        amount: '100000',
        reason: 'test credit',
        idempotencyKey: `credit-${randomUUID()}`,
      },
    });
    expect(credit.status).toBe(200);
    const account = await call<BankAccount>(app, {
      method: 'POST',
      url: withdrawPaths.bankAccounts,
      headers,
      remoteAddress,
      payload: {
        bankName: 'State Bank',
        accountHolder: 'Asha Rao',
        accountNumber: '1234 5678 9012',
        ifsc: 'SBIN0001234',
      },
    });
    expect(account.status).toBe(200);
    return { member, headers, remoteAddress, bankAccountId: account.body.value?.id ?? 0 };
  }
  type Player = Awaited<ReturnType<typeof player>>;

  const toUpline = (p: Player, paymentPassword: string, remoteAddress = p.remoteAddress) =>
    call(app, {
      method: 'POST',
      url: recordsPaths.transferUpline,
      headers: p.headers,
      remoteAddress,
      payload: { amount: '1000', paymentPassword, idempotencyKey: randomUUID() },
    });
  const withdraw = async (p: Player, paymentPassword: string) =>
    call(app, {
      method: 'POST',
      url: withdrawPaths.requests,
      headers: p.headers,
      remoteAddress: p.remoteAddress,
      payload: {
        enc: await encryptFor(app, {
          bankAccountId: p.bankAccountId,
          amount: '20000',
          paymentPassword,
          idempotencyKey: randomUUID(),
        }),
      },
    });
  const balanceOf = async (p: Player) =>
    (await call<BalanceReply>(app, { url: walletPaths.balance, headers: p.headers })).body.value
      ?.sumBalance;

  it('counts wrong ones once per member across transfer to upline and withdrawal', async () => {
    const p = await player();
    const lockAfter = memberSecretLimits.paymentPassword.wrongPasswords;
    for (let i = 1; i < lockAfter; i += 1) {
      expect((await toUpline(p, '000000')).body.code).toBe('payment_password_wrong');
    }
    const last = await withdraw(p, '000000');
    expect([last.status, last.body.code]).toEqual([429, 'payment_password_locked']);
    for (const right of [await toUpline(p, PAY), await withdraw(p, PAY)]) {
      expect([right.status, right.body.code]).toEqual([429, 'payment_password_locked']);
    }
    expect(await balanceOf(p)).toBe('100000');
  });

  it('a burst of parallel guesses from many addresses gets no more checks than the limit', async () => {
    const p = await player();
    const lockAfter = memberSecretLimits.paymentPassword.wrongPasswords;
    const guesses = Array.from({ length: 20 }, (_, i) => String(100_000 + i));
    const replies = await Promise.all(guesses.map((guess) => toUpline(p, guess, freshIp())));
    expect(replies.every((reply) => reply.status === 400 || reply.status === 429)).toBe(true);
    // Each checked guess is audited: no more than the limit were checked.
    const checked = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actor, `member:${p.member.id}`),
          eq(auditLog.action, 'wallet.transferUpline.paymentPassword.wrong'),
        ),
      );
    expect(checked.length).toBeLessThanOrEqual(lockAfter);
    expect((await withdraw(p, PAY)).body.code).toBe('payment_password_locked');
  });

  it('a wrong one on transfer to upline is audited like one on withdrawal', async () => {
    const p = await player();
    await toUpline(p, '000000');
    const rows = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actor, `member:${p.member.id}`),
          eq(auditLog.action, 'wallet.transferUpline.paymentPassword.wrong'),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('000000');
  });
});

describe('the login password and codes asked again in the member center', () => {
  async function signedIn() {
    const { member, password } = await createMember(db());
    const token = randomBytes(32).toString('base64url');
    await db()
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        memberId: member.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
    return { member, password, headers: { authorization: `Bearer ${token}` } };
  }
  const encCall = async (url: string, headers: Record<string, string>, payload: object) =>
    call<{ secret: string }>(app, {
      method: 'POST',
      url,
      headers,
      remoteAddress: freshIp(),
      payload: { enc: await encryptFor(app, payload) },
    });

  it('wrong passwords count once per member across the authenticator setup and the payment-password setting', async () => {
    const { password, headers } = await signedIn();
    const totpSetup = (secret: string) =>
      encCall(identityPaths.totpSetup, headers, { password: secret });
    const setPaymentPassword = (secret: string) =>
      encCall(withdrawPaths.paymentPassword, headers, {
        paymentPassword: '135790',
        password: secret,
      });
    const lockAfter = memberSecretLimits.password.wrongPasswords;
    for (let i = 1; i < lockAfter; i += 1) {
      const reply = i % 2 ? await totpSetup(`wrong-${i}`) : await setPaymentPassword(`wrong-${i}`);
      expect(reply.body.code).toBe('password_wrong');
    }
    expect((await setPaymentPassword('wrong-last')).body.code).toBe('account_locked');
    const right = await totpSetup(password);
    expect([right.status, right.body.code]).toEqual([429, 'account_locked']);
  });

  it('wrong codes confirming an authenticator count toward the member second-factor lock', async () => {
    const { password, headers } = await signedIn();
    expect((await encCall(identityPaths.totpSetup, headers, { password })).status).toBe(200);
    const confirm = (code: string) =>
      call(app, {
        method: 'POST',
        url: identityPaths.totp,
        headers,
        remoteAddress: freshIp(),
        payload: { code },
      });
    let last = await confirm('000000');
    for (let i = 1; i < secondFactorLimits.memberFailuresLock; i += 1) {
      expect(last.body.code).toBe('two_factor_invalid');
      last = await confirm(String(i).padStart(6, '0'));
    }
    expect([last.status, last.body.code]).toEqual([429, 'account_locked']);
  });
});
