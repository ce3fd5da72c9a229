import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';
import { members, sessions } from '../../src/server/platform/members/members.schema.ts';
import { withdrawals } from '../../src/server/areas/withdrawal/withdrawal.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { walletOpsPaths } from '../../src/contract/wallet.ts';
import {
  withdrawInfoSchema,
  withdrawOpsPaths,
  withdrawPaths,
  type BankAccount,
  type Withdrawal,
  type WithdrawInfo,
} from '../../src/contract/withdrawal.ts';
import { call, manualClock, opsHeaders, testSite } from '../support/server.ts';
import { encryptFor, freshIp } from '../support/identity.ts';

// 10:00 UTC is 15:30 in the operator's day (Asia/Kolkata, the default): it ends at 18:30 UTC.
const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
const site = testSite(
  { WITHDRAWAL_DAILY_COUNT: '2', WITHDRAWAL_DAILY_AMOUNT: '50000', SESSION_IDLE_MINUTES: '1440' },
  { clock: clock.now },
);
const db = (): Db => site.database.db;
const PAY = '246810';

async function player(balance = 500_000n) {
  const [member] = await db()
    .insert(members)
    .values({
      username: `wl${randomBytes(4).toString('hex')}`,
      passwordHash: await hashMemberPassword('login-secret-1'),
      paymentPasswordHash: await hashMemberPassword(PAY),
    })
    .returning();
  if (!member) throw new Error('member not made');
  const token = randomBytes(32).toString('base64url');
  await db()
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      memberId: member.id,
      expiresAt: new Date(clock.now().getTime() + 7 * 86_400_000),
      lastSeenAt: clock.now(),
    });
  const headers = { authorization: `Bearer ${token}` };
  const remoteAddress = freshIp();
  const credit = await call(site.app, {
    method: 'POST',
    url: walletOpsPaths.adjustment,
    headers: opsHeaders,
    payload: {
      memberId: member.id,
      amount: balance.toString(),
      reason: 'test credit',
      idempotencyKey: `credit-${randomUUID()}`,
    },
  });
  expect(credit.status).toBe(200);
  const bound = await call<BankAccount>(site.app, {
    method: 'POST',
    url: withdrawPaths.bankAccounts,
    headers,
    remoteAddress,
    payload: {
      kind: 'upi',
      accountHolder: 'Asha Rao',
      vpa: `asha${randomBytes(2).toString('hex')}@okaxis`,
    },
  });
  expect(bound.status).toBe(200);
  return { member, headers, remoteAddress, accountId: bound.body.value?.id ?? 0 };
}
type Player = Awaited<ReturnType<typeof player>>;

const withdraw = async (p: Player, amount: string, language = 'en') =>
  call<Withdrawal>(site.app, {
    method: 'POST',
    url: withdrawPaths.requests,
    headers: { ...p.headers, 'accept-language': language },
    remoteAddress: p.remoteAddress,
    payload: {
      enc: await encryptFor(site.app, {
        bankAccountId: p.accountId,
        amount,
        paymentPassword: PAY,
        idempotencyKey: randomUUID(),
      }),
    },
  });

const info = async (p: Player) => {
  const reply = await call<WithdrawInfo>(site.app, { url: withdrawPaths.info, headers: p.headers });
  expect(reply.status).toBe(200);
  // The reply is what the OpenAPI schema of /withdraw/info says.
  return withdrawInfoSchema.parse(reply.body.value);
};

describe('the daily withdrawal limits (WITHDRAWAL_DAILY_COUNT, WITHDRAWAL_DAILY_AMOUNT)', () => {
  it('/withdraw/info gives the limits and what is left today, before any request', async () => {
    const p = await player();
    expect((await info(p)).limits).toEqual({
      minAmount: '10000',
      maxAmount: '100000000',
      dailyCount: 2,
      dailyAmount: '50000',
      remainingCount: 2,
      remainingAmount: '50000',
      resetsAt: '2026-03-01T18:30:00.000Z',
    });
    expect((await withdraw(p, '20000')).status).toBe(200);
    expect((await info(p)).limits).toMatchObject({ remainingCount: 1, remainingAmount: '30000' });
  });

  it("refuses an amount above what is left of the day's total, saying what is left (translated)", async () => {
    const p = await player();
    expect((await withdraw(p, '40000')).status).toBe(200);
    const before = await call(site.app, { url: withdrawPaths.info, headers: p.headers });
    const refused = await withdraw(p, '10001');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('withdrawal_daily_amount');
    expect(refused.body.message).toContain('100.00');
    expect(refused.body.message).toContain('500.00');
    const hindi = await withdraw(p, '10001', 'hi');
    expect(hindi.body.message).toMatch(/[\u0900-\u097F]/);
    expect(hindi.body.message).toContain('100.00');
    // Nothing moved: the balance and the list are as before.
    const after = await call(site.app, { url: withdrawPaths.info, headers: p.headers });
    expect(after.body).toEqual(before.body);
    expect((await withdraw(p, '10000')).status).toBe(200);
  });

  it("refuses a request past the day's count; a rejected request frees its place; the next day starts afresh", async () => {
    const p = await player();
    const first = await withdraw(p, '10000');
    expect((await withdraw(p, '10000')).status).toBe(200);
    const third = await withdraw(p, '10000');
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('withdrawal_daily_count');
    expect(third.body.message).toContain('2');
    expect((await withdraw(p, '10000', 'hi')).body.message).toMatch(/[\u0900-\u097F]/);
    expect((await info(p)).limits).toMatchObject({ remainingCount: 0, remainingAmount: '30000' });

    const rejected = await call(site.app, {
      method: 'POST',
      url: withdrawOpsPaths.reject.replace(':id', String(first.body.value?.id)),
      headers: opsHeaders,
      payload: { reason: 'wrong name' },
    });
    expect(rejected.status).toBe(200);
    expect((await info(p)).limits).toMatchObject({ remainingCount: 1, remainingAmount: '40000' });
    expect((await withdraw(p, '10000')).status).toBe(200);
    expect((await withdraw(p, '10000')).body.code).toBe('withdrawal_daily_count');

    // Past the operator's midnight: a new day.
    clock.advance(9 * 3_600_000);
    expect((await info(p)).limits).toMatchObject({
      remainingCount: 2,
      remainingAmount: '50000',
      resetsAt: '2026-03-02T18:30:00.000Z',
    });
    expect((await withdraw(p, '10000')).status).toBe(200);
  });

  it("concurrent requests cannot pass the day's count: exactly the allowed ones succeed", async () => {
    const p = await player();
    const replies = await Promise.all(Array.from({ length: 5 }, () => withdraw(p, '10000')));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(2);
    expect(
      replies
        .filter((r) => r.status !== 200)
        .every((r) => r.body.code === 'withdrawal_daily_count'),
    ).toBe(true);
    const rows = await db().select().from(withdrawals).where(eq(withdrawals.memberId, p.member.id));
    expect(rows).toHaveLength(2);
  });
});

describe('the OpenAPI document', () => {
  it('describes `limits`, `withdrawable` and `held` in the reply of /withdraw/info', async () => {
    const doc = (await site.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
    };
    const ok = JSON.stringify(doc.paths[withdrawPaths.info]?.get?.responses?.['200'] ?? {});
    for (const name of [
      'limits',
      'dailyCount',
      'dailyAmount',
      'remainingCount',
      'remainingAmount',
      'withdrawable',
      'held',
    ]) {
      expect(ok).toContain(`"${name}"`);
    }
  });
});
