import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Database, Db } from '../../src/server/platform/db/client.ts';
import { sessions } from '../../src/server/platform/members/members.schema.ts';
import { ledgerPostings } from '../../src/server/areas/wallet/ledger.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { translate } from '../../src/server/platform/i18n/messages.ts';
import { AppError } from '../../src/server/platform/errors.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { insertAudit } from '../../src/server/platform/audit/audit.repository.ts';
import { idempotentReply } from '../../src/server/platform/idempotency/idempotent-replies.ts';
import {
  consolidateReplySchema,
  recordsOpsPaths,
  recordsPaths,
  transferReplySchema,
  transferUplineReplySchema,
} from '../../src/contract/records.ts';
import {
  postingReplySchema,
  walletOpsPaths,
  walletPaths,
  type BalanceReply,
} from '../../src/contract/wallet.ts';
import { envelopeOf } from '../../src/contract/envelope.ts';
import {
  depositOpsPaths,
  depositOrderSchema,
  depositPaths,
  type PaymentChannel,
} from '../../src/contract/deposit.ts';
import {
  withdrawOpsPaths,
  withdrawPaths,
  withdrawalSchema,
  type BankAccount,
} from '../../src/contract/withdrawal.ts';
import {
  buildTestApp,
  call,
  createTestDatabase,
  opsHeaders,
  type TestDatabase,
} from '../support/server.ts';
import { createMember, encryptFor, freshIp } from '../support/identity.ts';

/**
 * Every call that takes an idempotency key answers its first reply again, byte for byte (status
 * and body), however often it is sent, whatever moved since, and after the server restarts on
 * the same database. The same key with another request is refused (409, translated).
 */

/** One app on a fresh database that can be closed and opened again on the same data. */
const site = {} as { testDb: TestDatabase; database: Database; app: FastifyInstance };
const db = (): Db => site.database.db;

async function open() {
  site.database = await site.testDb.open();
  site.app = await buildTestApp(site.testDb, site.database);
}
async function restart() {
  await site.app.close();
  await site.database.close();
  await open();
}
beforeAll(async () => {
  site.testDb = await createTestDatabase();
  await open();
});
afterAll(async () => {
  await site.app.close();
  await site.database.close();
  await site.testDb.drop();
});

const vendor = 'AURALIVE';
const PAY = '246810';
const key = () => `k-${randomBytes(8).toString('hex')}`;
const en = { 'accept-language': 'en' };

/** The raw reply: its status and the body's exact text. */
async function raw(options: InjectOptions) {
  const reply = await site.app.inject(options);
  return { status: reply.statusCode, body: reply.body };
}

/**
 * Sends the call (rebuilt each time: an (enc) payload is encrypted anew), then `replays` more
 * times, then runs `meanwhile` (another call that moves the same money or changes the same
 * record), sends it again, restarts the server and sends it again: every reply is the first's
 * status and bytes. Returns the first reply's parsed body.
 */
type FirstReply = { success: true; value: Record<string, unknown> };

async function expectFirstReplyKept(
  send: () => Promise<InjectOptions>,
  documented: z.ZodType,
  meanwhile: (first: FirstReply) => Promise<void>,
  replays = 3,
) {
  const first = await raw(await send());
  expect(first.status, first.body).toBe(200);
  const parsed = JSON.parse(first.body) as FirstReply;
  // The stored body is what the OpenAPI document says of the route, no field more or less.
  expect(envelopeOf(documented).parse(parsed)).toEqual(parsed);
  for (let i = 0; i < replays; i++) expect(await raw(await send())).toEqual(first);
  await meanwhile(parsed);
  for (let i = 0; i < replays; i++) expect(await raw(await send())).toEqual(first);
  await restart();
  for (let i = 0; i < replays; i++) expect(await raw(await send())).toEqual(first);
  return parsed;
}

/**
 * The same key with another request: 409, in the request's language (without one a player's is
 * Hindi, the staff's English).
 */
async function expectKeyReuseRefused(options: InjectOptions) {
  const unasked = await call(site.app, options);
  expect([unasked.status, unasked.body.code, unasked.body.message]).toEqual([
    409,
    'idempotency_key_reused',
    translate(String(options.url).startsWith('/ops/') ? 'en' : 'hi', 'idempotency_key_reused'),
  ]);
  const english = await call(site.app, {
    ...options,
    headers: { ...(options.headers as Record<string, string>), ...en },
  });
  expect([english.status, english.body.message]).toEqual([
    409,
    'This request key was already used for a different request.',
  ]);
}

/** A player with a session (in the database, so it outlives a restart) and money. */
async function player(credit = 100_000n, withUpline = false) {
  const code = `AG${randomBytes(3).toString('hex').toUpperCase()}`;
  if (withUpline) await createMember(db(), { type: 1, affiliateCode: code });
  const { member } = await createMember(db(), {
    ...(withUpline ? { uplineAffiliateCode: code } : {}),
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
  if (credit > 0n) await adjust(member.id, credit);
  return { member, headers: { authorization: `Bearer ${token}` }, remoteAddress: freshIp() };
}
type Player = Awaited<ReturnType<typeof player>>;

/** An operator's adjustment with a fresh key: money moved by "another call". */
async function adjust(memberId: number, amount: bigint) {
  const reply = await call(site.app, {
    method: 'POST',
    url: walletOpsPaths.adjustment,
    headers: opsHeaders,
    payload: { memberId, amount: amount.toString(), reason: 'test credit', idempotencyKey: key() },
  });
  expect(reply.status).toBe(200);
}

async function mainBalance(p: Player) {
  const reply = await call<BalanceReply>(site.app, {
    url: walletPaths.balance,
    headers: p.headers,
  });
  return reply.body.value?.wallets.find((wallet) => wallet.kind === 'main')?.balance;
}

async function postingCount() {
  const [row] = await db().select({ n: count() }).from(ledgerPostings);
  return row?.n ?? 0;
}

async function setSingle(isSingle: boolean) {
  const reply = await call(site.app, {
    method: 'PUT',
    url: recordsOpsPaths.merchantWallet,
    headers: opsHeaders,
    payload: { isSingle },
  });
  expect(reply.status).toBe(200);
}

describe('a replayed key answers the first reply, byte for byte, after a restart too', () => {
  it('wallet transfer (GCS_walletTransfer): the balances of the first reply, not of today', async () => {
    await setSingle(false);
    const p = await player();
    const idempotencyKey = key();
    const body = { from: 'main', to: vendor, amount: '30000', idempotencyKey };
    const send = async (): Promise<InjectOptions> => ({
      method: 'POST',
      url: recordsPaths.walletTransfer,
      headers: p.headers,
      remoteAddress: p.remoteAddress,
      payload: body,
    });
    const postings = await postingCount();
    const first = await expectFirstReplyKept(send, transferReplySchema, async () => {
      await adjust(p.member.id, 5_000n);
      expect(await mainBalance(p)).toBe('75000');
    });
    expect(first.value).toMatchObject({
      amount: '30000',
      mainBalance: '70000',
      sumBalance: '100000',
    });
    // One transfer and the one adjustment made in between.
    expect((await postingCount()) - postings).toBe(2);
    expect(await mainBalance(p)).toBe('75000');
    await expectKeyReuseRefused({ ...(await send()), payload: { ...body, amount: '30001' } });
  });

  it('wallet transfer: concurrent calls with one key move once and all answer the same bytes', async () => {
    await setSingle(false);
    const p = await player(1_000n);
    // The whole balance: a call that lost the race must answer the winner's reply, not
    // "insufficient balance".
    const options: InjectOptions = {
      method: 'POST',
      url: recordsPaths.walletTransfer,
      headers: p.headers,
      remoteAddress: p.remoteAddress,
      payload: { from: 'main', to: vendor, amount: '1000', idempotencyKey: key() },
    };
    const replies = await Promise.all(Array.from({ length: 8 }, () => raw(options)));
    expect(replies[0]?.status, replies[0]?.body).toBe(200);
    for (const reply of replies) expect(reply).toEqual(replies[0]);
    expect(await mainBalance(p)).toBe('0');
  });

  it('consolidated funds: the first reply (moved and funds), not a second "moved 0"', async () => {
    await setSingle(false);
    const p = await player();
    const transfer = await call(site.app, {
      method: 'POST',
      url: recordsPaths.walletTransfer,
      headers: p.headers,
      remoteAddress: p.remoteAddress,
      payload: { from: 'main', to: vendor, amount: '20000', idempotencyKey: key() },
    });
    expect(transfer.status).toBe(200);
    const idempotencyKey = key();
    const send = async (): Promise<InjectOptions> => ({
      method: 'POST',
      url: recordsPaths.consolidatedFunds,
      headers: p.headers,
      remoteAddress: p.remoteAddress,
      payload: { idempotencyKey },
    });
    const first = await expectFirstReplyKept(send, consolidateReplySchema, () =>
      adjust(p.member.id, 1_000n),
    );
    expect(first.value).toMatchObject({ moved: '20000', funds: { main: '100000' } });
    expect(await mainBalance(p)).toBe('101000');
    // Another call with the key (a wallet transfer) is another request.
    await expectKeyReuseRefused({
      ...(await send()),
      url: recordsPaths.walletTransfer,
      payload: { from: 'main', to: vendor, amount: '1', idempotencyKey },
    });
  });

  it('transfer to upline: the first reply; a replay still needs the payment password', async () => {
    const p = await player(100_000n, true);
    const body = { amount: '4000', paymentPassword: PAY, idempotencyKey: key() };
    const send = async (): Promise<InjectOptions> => ({
      method: 'POST',
      url: recordsPaths.transferUpline,
      headers: p.headers,
      remoteAddress: p.remoteAddress,
      payload: body,
    });
    // The route allows 10 calls a minute per client: two replays each time.
    const first = await expectFirstReplyKept(
      send,
      transferUplineReplySchema,
      () => adjust(p.member.id, 2_000n),
      2,
    );
    expect(first.value).toMatchObject({ amount: '4000', mainBalance: '96000' });
    expect(await mainBalance(p)).toBe('98000');
    const wrong = await call(site.app, {
      ...(await send()),
      payload: { ...body, paymentPassword: '999999' },
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'payment_password_wrong']);
    await expectKeyReuseRefused({ ...(await send()), payload: { ...body, amount: '4001' } });
  });

  it('operator adjustment: the first posting reply', async () => {
    const p = await player(0n);
    const body = {
      memberId: p.member.id,
      amount: '7000',
      reason: 'goodwill',
      idempotencyKey: key(),
    };
    const send = async (): Promise<InjectOptions> => ({
      method: 'POST',
      url: walletOpsPaths.adjustment,
      headers: opsHeaders,
      payload: body,
    });
    const first = await expectFirstReplyKept(send, postingReplySchema, () =>
      adjust(p.member.id, 3_000n),
    );
    expect(first.value).toMatchObject({ entries: [{ amount: '7000', balanceAfter: '7000' }] });
    expect(await mainBalance(p)).toBe('10000');
    await expectKeyReuseRefused({
      ...(await send()),
      payload: { ...body, reason: 'other reason' },
    });
  });

  it('operator bonus: the first posting reply', async () => {
    const p = await player(0n);
    const body = {
      memberId: p.member.id,
      kind: 'bonus',
      amount: '2500',
      remark: 'Welcome bonus',
      idempotencyKey: key(),
    };
    const send = async (): Promise<InjectOptions> => ({
      method: 'POST',
      url: recordsOpsPaths.bonuses,
      headers: opsHeaders,
      payload: body,
    });
    const first = await expectFirstReplyKept(send, postingReplySchema, () =>
      adjust(p.member.id, 500n),
    );
    expect(first.value).toMatchObject({ entries: [{ amount: '2500', balanceAfter: '2500' }] });
    expect(await mainBalance(p)).toBe('3000');
    await expectKeyReuseRefused({ ...(await send()), payload: { ...body, kind: 'rebate' } });
  });

  it('withdrawal request (enc): the first reply, though the request was approved since', async () => {
    const p = await player(50_000n);
    const bound = await call<BankAccount>(site.app, {
      method: 'POST',
      url: withdrawPaths.bankAccounts,
      headers: p.headers,
      remoteAddress: p.remoteAddress,
      payload: {
        bankName: 'State Bank',
        accountHolder: 'Asha Rao',
        accountNumber: '1234 5678 9012',
        ifsc: 'SBIN0001234',
      },
    });
    expect(bound.status).toBe(200);
    const payload = {
      bankAccountId: bound.body.value?.id,
      amount: '20000',
      paymentPassword: PAY,
      idempotencyKey: key(),
    };
    const send = async (changes: object = {}): Promise<InjectOptions> => ({
      method: 'POST',
      url: withdrawPaths.requests,
      headers: p.headers,
      remoteAddress: p.remoteAddress,
      payload: { enc: await encryptFor(site.app, { ...payload, ...changes }) },
    });
    const first = await expectFirstReplyKept(send, withdrawalSchema, async ({ value }) => {
      const id = Number(value.id);
      const approved = await call(site.app, {
        method: 'POST',
        url: withdrawOpsPaths.approve.replace(':id', String(id)),
        headers: opsHeaders,
      });
      expect(approved.body.value).toMatchObject({ status: 'paid' });
      await adjust(p.member.id, 1_000n);
    });
    expect(first.value).toMatchObject({ status: 'requested', amount: '20000' });
    expect(await mainBalance(p)).toBe('31000');
    const wrong = await call(site.app, await send({ paymentPassword: '999999' }));
    expect([wrong.status, wrong.body.code]).toEqual([400, 'payment_password_wrong']);
    await expectKeyReuseRefused(await send({ amount: '20001' }));
  });

  it('deposit order: the first reply (pending), though the operator confirmed it since', async () => {
    const p = await player(0n);
    const channels = await call<{ channels: PaymentChannel[] }>(site.app, {
      url: depositPaths.channels,
      headers: p.headers,
    });
    const manual = channels.body.value?.channels.find((channel) => channel.kind === 'manual');
    if (!manual) throw new Error('no manual channel');
    const body = { channelId: manual.id, amount: '50000', idempotencyKey: key() };
    const send = async (): Promise<InjectOptions> => ({
      method: 'POST',
      url: depositPaths.orders,
      headers: p.headers,
      remoteAddress: p.remoteAddress,
      payload: body,
    });
    const first = await expectFirstReplyKept(send, depositOrderSchema, async ({ value }) => {
      const orderId = String(value.orderId);
      const confirmed = await call(site.app, {
        method: 'POST',
        url: depositOpsPaths.confirm.replace(':orderId', orderId),
        headers: opsHeaders,
      });
      expect(confirmed.body.value).toMatchObject({ status: 'paid' });
    });
    expect(first.value).toMatchObject({ status: 'pending', amount: '50000' });
    expect(await mainBalance(p)).toBe('50000');
    await expectKeyReuseRefused({ ...(await send()), payload: { ...body, amount: '50001' } });
  });
});

describe('the one mechanism (idempotentReply) when two calls with one key race', () => {
  const testCall = () => ({
    scope: 'operator:race-test',
    key: key(),
    operation: 'test.race',
    request: { amount: '1' },
  });

  it('a call that stores second rolls its transaction back and answers the first reply', async () => {
    const race = testCall();
    const reply = await idempotentReply<{ n: number }>(db(), race, async (record) => {
      // The other call commits its reply while this one runs.
      await idempotentReply(db(), race, async () => ({ n: 1 }));
      await db().transaction(async (tx) => {
        await insertAudit(tx, {
          actor: 'test',
          action: 'test.race',
          target: race.key,
          before: null,
          after: null,
        });
        await record(tx, { n: 2 });
      });
      return { n: 2 };
    });
    expect(reply).toEqual({ status: 200, body: '{"success":true,"value":{"n":1}}' });
    const [audits] = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.target, race.key));
    expect(audits?.n).toBe(0);
  });

  it('a call refused because the other call moved the money first answers its reply', async () => {
    const race = testCall();
    const reply = await idempotentReply(db(), race, async () => {
      await idempotentReply(db(), race, async () => ({ n: 1 }));
      throw new AppError(409, 'insufficient_balance');
    });
    expect(reply).toEqual({ status: 200, body: '{"success":true,"value":{"n":1}}' });
  });

  it('a refused call stores nothing: the key may be used again', async () => {
    const once = testCall();
    await expect(
      idempotentReply(db(), once, () => Promise.reject(new AppError(409, 'insufficient_balance'))),
    ).rejects.toMatchObject({ code: 'insufficient_balance' });
    const reply = await idempotentReply(db(), once, async () => ({ n: 3 }));
    expect(reply.body).toBe('{"success":true,"value":{"n":3}}');
  });
});
