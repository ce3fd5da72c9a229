import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';
import { members, sessions } from '../../src/server/platform/members/members.schema.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { ledgerEntries } from '../../src/server/areas/wallet/ledger.schema.ts';
import {
  bankAccounts,
  withdrawalImages,
  withdrawals,
} from '../../src/server/areas/withdrawal/withdrawal.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import {
  walletOpsPaths,
  walletPaths,
  type BalanceReply,
  type ReconcileReply,
} from '../../src/contract/wallet.ts';
import {
  withdrawOpsPaths,
  withdrawPaths,
  type BankAccount,
  type OpsPayoutDetails,
  type Withdrawal,
  type WithdrawInfo,
} from '../../src/contract/withdrawal.ts';
import { call, manualClock, opsHeaders, testSite } from '../support/server.ts';
import { encryptFor, freshIp } from '../support/identity.ts';
import { realtimeClient } from '../support/realtime.ts';

const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
const site = testSite(
  { WITHDRAWAL_AUTO_CONFIRM_MINUTES: '60', SESSION_IDLE_MINUTES: '1440' },
  { clock: clock.now },
);
const db = (): Db => site.database.db;
let baseUrl = '';

beforeAll(async () => {
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = site.app.server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
});

const PAY = '246810';
const LOGIN = 'login-secret-1';
let counter = 0;

/** A player with a login password, a payment password (unless told) and a session. */
async function player(options: { paymentPassword?: string | null; balance?: bigint } = {}) {
  const paymentPassword = options.paymentPassword === undefined ? PAY : options.paymentPassword;
  const [member] = await db()
    .insert(members)
    .values({
      username: `wd${++counter}${randomBytes(3).toString('hex')}`,
      passwordHash: await hashMemberPassword(LOGIN),
      paymentPasswordHash: paymentPassword ? await hashMemberPassword(paymentPassword) : null,
    })
    .returning();
  if (!member) throw new Error('member not made');
  const token = randomBytes(32).toString('base64url');
  await db()
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      memberId: member.id,
      expiresAt: new Date(clock.now().getTime() + 86_400_000),
      lastSeenAt: clock.now(),
    });
  const headers = { authorization: `Bearer ${token}` };
  // Each player calls from its own address, so per-IP rate limits stay per player.
  const remoteAddress = freshIp();
  if (options.balance) {
    const credit = await call(site.app, {
      method: 'POST',
      url: walletOpsPaths.adjustment,
      headers: opsHeaders,
      payload: {
        memberId: member.id,
        amount: options.balance.toString(),
        reason: 'test credit',
        idempotencyKey: `credit-${randomUUID()}`,
      },
    });
    expect(credit.status).toBe(200);
  }
  return { member, token, headers, remoteAddress };
}

type Player = Awaited<ReturnType<typeof player>>;

const bind = (p: Player, payload: object) =>
  call<BankAccount>(site.app, {
    method: 'POST',
    url: withdrawPaths.bankAccounts,
    headers: p.headers,
    remoteAddress: p.remoteAddress,
    payload,
  });

const goodAccount = () => ({
  bankName: 'State Bank',
  accountHolder: 'Asha Rao',
  accountNumber: `1234 5678 ${String(100 + ++counter).padStart(4, '0')}`,
  ifsc: 'SBIN0001234',
});

async function boundAccount(p: Player) {
  const reply = await bind(p, goodAccount());
  expect(reply.status).toBe(200);
  if (!reply.body.value) throw new Error('not bound');
  return reply.body.value;
}

async function requestWithdrawal(p: Player, payload: Record<string, unknown>) {
  return call<Withdrawal>(site.app, {
    method: 'POST',
    url: withdrawPaths.requests,
    headers: p.headers,
    remoteAddress: p.remoteAddress,
    payload: { enc: await encryptFor(site.app, payload) },
  });
}

const balanceOf = async (p: Player) =>
  (await call<BalanceReply>(site.app, { url: walletPaths.balance, headers: p.headers })).body.value
    ?.sumBalance;

const ops = (path: string, id: number, payload?: object) =>
  call<Withdrawal>(site.app, {
    method: 'POST',
    url: path.replace(':id', String(id)),
    headers: opsHeaders,
    ...(payload ? { payload } : {}),
  });

async function counts() {
  const tables = [bankAccounts, withdrawals, withdrawalImages, ledgerEntries, auditLog] as const;
  const values = await Promise.all(
    tables.map(async (table) => (await db().select({ n: count() }).from(table))[0]?.n ?? 0),
  );
  return values.join('/');
}

/** A tiny valid PNG (1x1). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);

type FilePart = { name?: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body as a browser sends it. */
function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.name ?? 'images'}"; filename="${file.filename}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const confirm = (p: Player, id: number, fields: Record<string, string>, files: FilePart[] = []) => {
  const body = multipart(fields, files);
  return call<Withdrawal>(site.app, {
    method: 'POST',
    url: withdrawPaths.confirm.replace(':id', String(id)),
    headers: { ...p.headers, ...body.headers },
    remoteAddress: p.remoteAddress,
    payload: body.payload,
  });
};

/** A player whose request of `amount` the operator has paid. */
async function paidWithdrawal(amount = 50_000n) {
  const p = await player({ balance: 200_000n });
  const account = await boundAccount(p);
  const made = await requestWithdrawal(p, {
    bankAccountId: account.id,
    amount: amount.toString(),
    paymentPassword: PAY,
    idempotencyKey: randomUUID(),
  });
  expect(made.status).toBe(200);
  const id = made.body.value?.id ?? 0;
  expect((await ops(withdrawOpsPaths.approve, id)).status).toBe(200);
  return { p, id };
}

describe('bank accounts', () => {
  it('binds an account (number kept whole, shown masked), audited, and lists it', async () => {
    const p = await player();
    const before = (await db().select({ n: count() }).from(auditLog))[0]?.n ?? 0;
    const reply = await bind(p, {
      bankName: ' State Bank ',
      accountHolder: 'Asha Rao',
      accountNumber: '1234-5678-9012',
      ifsc: ' sbin0001234 ',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({
      bankName: 'State Bank',
      accountHolder: 'Asha Rao',
      maskedNumber: '****9012',
      ifsc: 'SBIN0001234',
    });
    const [stored] = await db()
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.memberId, p.member.id));
    expect(stored?.accountNumber).toBe('123456789012');
    expect(stored?.ifsc).toBe('SBIN0001234');
    expect((await db().select({ n: count() }).from(auditLog))[0]?.n).toBe(before + 1);
    const info = await call<WithdrawInfo>(site.app, {
      url: withdrawPaths.info,
      headers: p.headers,
    });
    expect(info.body.value?.bankAccounts.map((a) => a.maskedNumber)).toEqual(['****9012']);
    expect(info.body.value?.paymentPasswordSet).toBe(true);

    const again = await bind(p, {
      bankName: 'Other',
      accountHolder: 'Asha Rao',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('bank_account_exists');
  });

  it('refuses a sixth account', async () => {
    const p = await player();
    for (let i = 0; i < 5; i++) await boundAccount(p);
    const sixth = await bind(p, goodAccount());
    expect(sixth.status).toBe(409);
    expect(sixth.body.code).toBe('bank_account_limit');
  });

  it.each([
    ['no body', undefined],
    ['empty', {}],
    ['short bank name', { ...goodAccount(), bankName: 'X' }],
    ['holder with digits', { ...goodAccount(), accountHolder: 'Asha 123' }],
    ['holder with markup', { ...goodAccount(), accountHolder: '<b>Asha</b>' }],
    ['number with letters', { ...goodAccount(), accountNumber: '12345abc' }],
    ['number too short', { ...goodAccount(), accountNumber: '12345' }],
    ['number too long', { ...goodAccount(), accountNumber: '1'.repeat(25) }],
    ['number as a number', { ...goodAccount(), accountNumber: 123456789 }],
    ['control characters', { ...goodAccount(), bankName: 'Bank\u0000Name' }],
    ['IFSC too short', { ...goodAccount(), ifsc: 'SBIN000123' }],
    ['IFSC without the 0', { ...goodAccount(), ifsc: 'SBIN1001234' }],
    ['IFSC with digits for the bank', { ...goodAccount(), ifsc: 'SB1N0001234' }],
    ['IFSC with a symbol', { ...goodAccount(), ifsc: 'SBIN0-01234' }],
  ])('bad input (%s): 400, nothing written', async (_label, payload) => {
    const p = await player();
    const before = await counts();
    const reply = await call(site.app, {
      method: 'POST',
      url: withdrawPaths.bankAccounts,
      headers: p.headers,
      remoteAddress: p.remoteAddress,
      ...(payload === undefined ? {} : { payload }),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    expect(await counts()).toBe(before);
  });

  it('needs a session', async () => {
    const reply = await call(site.app, {
      method: 'POST',
      url: withdrawPaths.bankAccounts,
      payload: goodAccount(),
    });
    expect(reply.status).toBe(401);
  });

  it('an account paid in INR (the demo site) needs its IFSC: a translated 400, nothing written', async () => {
    const p = await player();
    const before = await counts();
    const { ifsc: _ifsc, ...withoutIfsc } = goodAccount();
    const reply = await call(site.app, {
      method: 'POST',
      url: withdrawPaths.bankAccounts,
      headers: { ...p.headers, 'accept-language': 'hi' },
      remoteAddress: p.remoteAddress,
      payload: withoutIfsc,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, code: 'ifsc_required' });
    expect(reply.body.message).toContain('IFSC');
    expect(reply.body.message).toMatch(/[\u0900-\u097F]/);
    expect(await counts()).toBe(before);
  });
});

describe('payout accounts: a UPI VPA or a bank account with IFSC (issue 34)', () => {
  const bindIn = (p: Player, payload: object, language = 'en') =>
    call<BankAccount>(site.app, {
      method: 'POST',
      url: withdrawPaths.bankAccounts,
      headers: { ...p.headers, 'accept-language': language },
      remoteAddress: p.remoteAddress,
      payload,
    });

  it('binds a VPA (lower-cased, shown masked), audited; the same VPA again is refused', async () => {
    const p = await player();
    const reply = await bindIn(p, {
      kind: 'upi',
      accountHolder: 'Asha Rao',
      vpa: ' Asha.Rao@OKAXIS ',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({
      kind: 'upi',
      method: 'upi',
      bankName: null,
      accountHolder: 'Asha Rao',
      maskedNumber: 'as****@okaxis',
      ifsc: null,
    });
    const [stored] = await db()
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.memberId, p.member.id));
    expect(stored).toMatchObject({ kind: 'upi', vpa: 'asha.rao@okaxis', accountNumber: null });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `bankAccount:${stored?.id}`));
    expect(JSON.stringify(audit?.after)).not.toContain('asha.rao@okaxis');
    const again = await bindIn(p, {
      kind: 'upi',
      accountHolder: 'Asha Rao',
      vpa: 'asha.rao@okaxis',
    });
    expect(again.body.code).toBe('bank_account_exists');
  });

  it.each([
    ['no handle', 'asharao'],
    ['nothing after @', 'asha@'],
    ['no name', '@okaxis'],
    ['a one-letter name', 'a@okaxis'],
    ['a space', 'asha rao@okaxis'],
    ['a symbol in the handle', 'asha@ok-axis'],
    ['two @', 'asha@@okaxis'],
    ['a handle starting with a digit', 'asha@1bank'],
    ['empty', ''],
  ])('a bad VPA (%s): 400 vpa_invalid, translated, nothing written', async (_label, vpa) => {
    const p = await player();
    const before = await counts();
    const reply = await bindIn(p, { kind: 'upi', accountHolder: 'Asha Rao', vpa }, 'hi');
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('vpa_invalid');
    expect(reply.body.message).toContain('@');
    expect(reply.body.message).toMatch(/[\u0900-\u097F]/);
    expect(
      (await bindIn(p, { kind: 'upi', accountHolder: 'Asha Rao', vpa })).body.message,
    ).toContain('name@handle');
    expect(await counts()).toBe(before);
  });

  it.each([
    ['IFSC too short', { ifsc: 'SBIN000123' }, 'ifsc_invalid', 'IFSC'],
    ['IFSC without the 0', { ifsc: 'SBIN1001234' }, 'ifsc_invalid', 'IFSC'],
    ['IFSC with digits for the bank', { ifsc: 'SB1N0001234' }, 'ifsc_invalid', 'IFSC'],
    ['number with letters', { accountNumber: '12345abc' }, 'account_number_invalid', '6 to 24'],
    ['number too short', { accountNumber: '12345' }, 'account_number_invalid', '6 to 24'],
  ])(
    'a bad bank account (%s): 400 with its own translated error',
    async (_label, change, code, text) => {
      const p = await player();
      const before = await counts();
      const reply = await bindIn(p, { ...goodAccount(), ...change });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe(code);
      expect(reply.body.message).toContain(text);
      const hindi = await bindIn(p, { ...goodAccount(), ...change }, 'hi');
      expect(hindi.body.message).toMatch(/[\u0900-\u097F]/);
      expect(await counts()).toBe(before);
    },
  );

  it('a withdrawal to a VPA is paid by UPI, one to a bank account by IMPS: recorded, shown masked, the operator sees where to pay', async () => {
    const p = await player({ balance: 200_000n });
    const upi = await bindIn(p, { kind: 'upi', accountHolder: 'Asha Rao', vpa: '9876543210@ybl' });
    const bank = await boundAccount(p);
    const toUpi = await requestWithdrawal(p, {
      bankAccountId: upi.body.value?.id,
      amount: '25000',
      paymentPassword: PAY,
      idempotencyKey: randomUUID(),
    });
    expect(toUpi.status).toBe(200);
    expect(toUpi.body.value).toMatchObject({ payoutMethod: 'upi', paidTo: '98****@ybl' });
    const toBank = await requestWithdrawal(p, {
      bankAccountId: bank.id,
      amount: '20000',
      paymentPassword: PAY,
      idempotencyKey: randomUUID(),
    });
    expect(toBank.body.value).toMatchObject({ payoutMethod: 'imps', paidTo: bank.maskedNumber });
    const id = toUpi.body.value?.id ?? 0;
    const [row] = await db().select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row?.payoutMethod).toBe('upi');

    const list = await call<{ withdrawals: Withdrawal[] }>(site.app, {
      url: `${withdrawOpsPaths.list}?memberId=${p.member.id}`,
      headers: opsHeaders,
    });
    expect(JSON.stringify(list.body.value)).not.toContain('9876543210@ybl');
    const payout = await call<OpsPayoutDetails>(site.app, {
      url: withdrawOpsPaths.payout.replace(':id', String(id)),
      headers: opsHeaders,
    });
    expect(payout.body.value).toMatchObject({
      payoutMethod: 'upi',
      vpa: '9876543210@ybl',
      bankName: null,
      accountNumber: null,
      accountHolder: 'Asha Rao',
      amount: '25000',
    });
    expect((await ops(withdrawOpsPaths.approve, id)).status).toBe(200);
    const info = await call<WithdrawInfo>(site.app, {
      url: withdrawPaths.info,
      headers: p.headers,
    });
    expect(info.body.value?.withdrawals.find((w) => w.id === id)).toMatchObject({
      status: 'paid',
      payoutMethod: 'upi',
      paidTo: '98****@ybl',
    });
  });
});

describe('payout details for the operator', () => {
  it('the list masks the number; the payout view gives the whole account and IFSC, audited on every read', async () => {
    const p = await player({ balance: 100_000n });
    const account = await boundAccount(p);
    const made = await requestWithdrawal(p, {
      bankAccountId: account.id,
      amount: '25000',
      paymentPassword: PAY,
      idempotencyKey: randomUUID(),
    });
    const id = made.body.value?.id ?? 0;
    const list = await call<{ withdrawals: Withdrawal[] }>(site.app, {
      url: `${withdrawOpsPaths.list}?memberId=${p.member.id}`,
      headers: opsHeaders,
    });
    const listed = JSON.stringify(list.body.value);
    expect(listed).toContain(account.maskedNumber);
    const [stored] = await db().select().from(bankAccounts).where(eq(bankAccounts.id, account.id));
    expect(listed).not.toContain(stored?.accountNumber ?? 'missing');

    const views = () =>
      db()
        .select({ n: count() })
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'withdraw.payout.view'), eq(auditLog.target, `withdrawal:${id}`)),
        )
        .then(([row]) => row?.n ?? 0);
    expect(await views()).toBe(0);
    const url = withdrawOpsPaths.payout.replace(':id', String(id));
    const payout = await call<OpsPayoutDetails>(site.app, { url, headers: opsHeaders });
    expect(payout.status).toBe(200);
    expect(payout.body.value).toEqual({
      withdrawalId: id,
      memberId: p.member.id,
      username: p.member.username,
      amount: '25000',
      currency: 'INR',
      status: 'requested',
      payoutMethod: 'imps',
      bankName: 'State Bank',
      accountHolder: 'Asha Rao',
      accountNumber: stored?.accountNumber,
      ifsc: 'SBIN0001234',
      vpa: null,
    });
    expect(await views()).toBe(1);
    await call(site.app, { url, headers: opsHeaders });
    expect(await views()).toBe(2);
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'withdraw.payout.view'))
      .limit(1);
    expect(row?.actor).toMatch(/^operator:/);

    expect((await call(site.app, { url })).status).toBe(401);
    const missing = await call(site.app, {
      url: withdrawOpsPaths.payout.replace(':id', '999999'),
      headers: opsHeaders,
    });
    expect(missing.status).toBe(404);
    expect(await views()).toBe(2);
  });
});

describe('payment password', () => {
  const setPassword = async (p: Player, payload: object) =>
    call(site.app, {
      method: 'POST',
      url: withdrawPaths.paymentPassword,
      headers: p.headers,
      remoteAddress: p.remoteAddress,
      payload: { enc: await encryptFor(site.app, payload) },
    });

  it('is set later with the login password, once', async () => {
    const p = await player({ paymentPassword: null });
    const info = await call<WithdrawInfo>(site.app, {
      url: withdrawPaths.info,
      headers: p.headers,
    });
    expect(info.body.value?.paymentPasswordSet).toBe(false);

    const wrongLogin = await setPassword(p, { paymentPassword: '135790', password: 'nope-nope' });
    expect(wrongLogin.body.code).toBe('password_wrong');
    const notDigits = await setPassword(p, { paymentPassword: 'abcdef', password: LOGIN });
    expect(notDigits.status).toBe(400);

    const set = await setPassword(p, { paymentPassword: '135790', password: LOGIN });
    expect(set.status).toBe(200);
    const [row] = await db().select().from(members).where(eq(members.id, p.member.id));
    expect(row?.paymentPasswordHash?.startsWith('$argon2id$')).toBe(true);

    const twice = await setPassword(p, { paymentPassword: '111111', password: LOGIN });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('payment_password_already_set');
  });

  it('is changed with the current one and the login password (issue 34)', async () => {
    const change = async (p: Player, payload: object) =>
      call(site.app, {
        method: 'PUT',
        url: withdrawPaths.paymentPassword,
        headers: p.headers,
        remoteAddress: p.remoteAddress,
        payload: { enc: await encryptFor(site.app, payload) },
      });
    const none = await player({ paymentPassword: null });
    const notSet = await change(none, {
      currentPaymentPassword: '111111',
      paymentPassword: '222222',
      password: LOGIN,
    });
    expect([notSet.status, notSet.body.code]).toEqual([409, 'payment_password_not_set']);

    const p = await player();
    const hashOf = async () =>
      (await db().select().from(members).where(eq(members.id, p.member.id)))[0]
        ?.paymentPasswordHash;
    const before = await hashOf();
    const wrongPin = await change(p, {
      currentPaymentPassword: '000000',
      paymentPassword: '222222',
      password: LOGIN,
    });
    expect(wrongPin.body.code).toBe('payment_password_wrong');
    const wrongLogin = await change(p, {
      currentPaymentPassword: PAY,
      paymentPassword: '222222',
      password: 'nope-nope',
    });
    expect(wrongLogin.body.code).toBe('password_wrong');
    const same = await change(p, {
      currentPaymentPassword: PAY,
      paymentPassword: PAY,
      password: LOGIN,
    });
    expect([same.status, same.body.code]).toEqual([400, 'payment_password_same']);
    const notDigits = await change(p, {
      currentPaymentPassword: PAY,
      paymentPassword: '12ab56',
      password: LOGIN,
    });
    expect(notDigits.status).toBe(400);
    expect(await hashOf()).toBe(before);

    const changed = await change(p, {
      currentPaymentPassword: PAY,
      paymentPassword: '246802',
      password: LOGIN,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.value).toEqual({ paymentPasswordSet: true });
    expect(await hashOf()).not.toBe(before);
    // The new one pays; the old one no longer does.
    const account = await boundAccount(p);
    const old = await requestWithdrawal(p, {
      bankAccountId: account.id,
      amount: '20000',
      paymentPassword: PAY,
      idempotencyKey: randomUUID(),
    });
    expect(old.body.code).toBe('payment_password_wrong');
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'withdraw.paymentPassword.changed'),
          eq(auditLog.target, `member:${p.member.id}`),
        ),
      );
    expect(audit?.actor).toBe(`member:${p.member.id}`);
  });

  it('a request without one is refused with payment_password_not_set', async () => {
    const p = await player({ paymentPassword: null, balance: 100_000n });
    const account = await boundAccount(p);
    const reply = await requestWithdrawal(p, {
      bankAccountId: account.id,
      amount: '20000',
      paymentPassword: '123456',
      idempotencyKey: randomUUID(),
    });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('payment_password_not_set');
  });

  it('five wrong payment passwords lock withdrawals, even with the right one', async () => {
    const p = await player({ balance: 100_000n });
    const account = await boundAccount(p);
    const attempt = (paymentPassword: string) =>
      requestWithdrawal(p, {
        bankAccountId: account.id,
        amount: '20000',
        paymentPassword,
        idempotencyKey: randomUUID(),
      });
    for (let i = 0; i < 4; i++)
      expect((await attempt('000000')).body.code).toBe('payment_password_wrong');
    expect((await attempt('000000')).body.code).toBe('payment_password_locked');
    const right = await attempt(PAY);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('payment_password_locked');
    expect(await balanceOf(p)).toBe('100000');
  });

  it('a wrong payment password says how many tries are left; the lock says how long it lasts', async () => {
    const p = await player({ balance: 100_000n });
    const account = await boundAccount(p);
    const attempt = (paymentPassword: string) =>
      requestWithdrawal(p, {
        bankAccountId: account.id,
        amount: '20000',
        paymentPassword,
        idempotencyKey: randomUUID(),
      });
    const tries: unknown[] = [];
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) {
      const reply = await attempt('000000');
      tries.push(reply.body.detail?.remainingTries);
      messages.push(reply.body.message ?? '');
    }
    expect(tries).toEqual([4, 3, 2, 1]);
    // In the player's language (Hindi by default), with the tries left and the lock's length.
    expect(messages[0]).toBe('भुगतान पासवर्ड गलत है। 4 और गलत प्रयासों पर भुगतान 15 मिनट के लिए रुक जाएँगे।');
    const locked = await attempt('000000');
    expect(locked.body.code).toBe('payment_password_locked');
    expect(locked.body.detail?.remainingTries).toBe(0);
    expect(Date.parse(String(locked.body.detail?.lockedUntil))).not.toBeNaN();
    const again = await attempt(PAY);
    expect(again.body.detail?.lockedUntil).toBe(locked.body.detail?.lockedUntil);
  });
});

describe('withdrawal requests', () => {
  it('debits the wallet at once; the same key replayed gives one request and one debit', async () => {
    const p = await player({ balance: 100_000n });
    const account = await boundAccount(p);
    const payload = {
      bankAccountId: account.id,
      amount: '30000',
      paymentPassword: PAY,
      idempotencyKey: randomUUID(),
    };
    const first = await requestWithdrawal(p, payload);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ amount: '30000', status: 'requested' });
    expect(await balanceOf(p)).toBe('70000');
    const again = await requestWithdrawal(p, payload);
    expect(again.body.value?.id).toBe(first.body.value?.id);
    expect(await balanceOf(p)).toBe('70000');
    const otherBody = await requestWithdrawal(p, { ...payload, amount: '40000' });
    expect(otherBody.status).toBe(409);
    expect(otherBody.body.code).toBe('idempotency_key_reused');
    const list = await call<{ withdrawals: Withdrawal[] }>(site.app, {
      url: withdrawPaths.requests,
      headers: p.headers,
    });
    expect(list.body.value?.withdrawals).toHaveLength(1);
  });

  it('insufficient balance: 409, nothing written', async () => {
    const p = await player({ balance: 20_000n });
    const account = await boundAccount(p);
    const before = await counts();
    const reply = await requestWithdrawal(p, {
      bankAccountId: account.id,
      amount: '20001',
      paymentPassword: PAY,
      idempotencyKey: randomUUID(),
    });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('insufficient_balance');
    expect(await counts()).toBe(before);
  });

  it('bad input: 4xx and nothing written', async () => {
    const p = await player({ balance: 100_000n });
    const account = await boundAccount(p);
    const other = await player();
    const othersAccount = await boundAccount(other);
    const good = {
      bankAccountId: account.id,
      amount: '20000',
      paymentPassword: PAY,
      idempotencyKey: randomUUID(),
    };
    const cases: [string, unknown, number][] = [
      ['zero', { ...good, amount: '0' }, 400],
      ['below the minimum', { ...good, amount: '9999' }, 400],
      ['above the maximum', { ...good, amount: '100000001' }, 400],
      ['negative', { ...good, amount: '-20000' }, 400],
      ['decimal', { ...good, amount: '200.00' }, 400],
      ['number not string', { ...good, amount: 20000 }, 400],
      ['short key', { ...good, idempotencyKey: 'k' }, 400],
      ['password not digits', { ...good, paymentPassword: 'abcdef' }, 400],
      ['missing account', { ...good, bankAccountId: undefined }, 400],
      ["another member's account", { ...good, bankAccountId: othersAccount.id }, 404],
      ['unknown account', { ...good, bankAccountId: 999_999 }, 404],
    ];
    const before = await counts();
    for (const [label, payload, status] of cases) {
      const reply = await requestWithdrawal(p, payload as Record<string, unknown>);
      expect([label, reply.status]).toEqual([label, status]);
    }
    const plain = await call(site.app, {
      method: 'POST',
      url: withdrawPaths.requests,
      headers: p.headers,
      payload: good,
    });
    expect(plain.status).toBe(400);
    expect(await counts()).toBe(before);
    expect(await balanceOf(p)).toBe('100000');
  });

  it('concurrent requests cannot overspend: exactly the affordable ones succeed', async () => {
    const p = await player({ balance: 100_000n });
    const account = await boundAccount(p);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        requestWithdrawal(p, {
          bankAccountId: account.id,
          amount: '30000',
          paymentPassword: PAY,
          idempotencyKey: randomUUID(),
        }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(
      replies.filter((r) => r.status === 409).every((r) => r.body.code === 'insufficient_balance'),
    ).toBe(true);
    expect(await balanceOf(p)).toBe('10000');
    const rows = await db().select().from(withdrawals).where(eq(withdrawals.memberId, p.member.id));
    expect(rows).toHaveLength(3);
  });
});

describe('operator approval and rejection', () => {
  it('approve: paid, the money stays out, the player is notified', async () => {
    const p = await player({ balance: 100_000n });
    const account = await boundAccount(p);
    const made = await requestWithdrawal(p, {
      bankAccountId: account.id,
      amount: '25000',
      paymentPassword: PAY,
      idempotencyKey: randomUUID(),
    });
    const id = made.body.value?.id ?? 0;
    const client = realtimeClient(baseUrl, p.token);
    await client.connected();
    const approved = await ops(withdrawOpsPaths.approve, id);
    expect(approved.status).toBe(200);
    expect(approved.body.value?.status).toBe('paid');
    const note = await client.next('notification');
    expect(note).toMatchObject({
      kind: 'withdrawApproved',
      params: { withdrawalId: id, amount: '25000' },
    });
    client.close();
    expect(await balanceOf(p)).toBe('75000');
    expect((await ops(withdrawOpsPaths.approve, id)).body.code).toBe('withdrawal_state_invalid');
    expect((await ops(withdrawOpsPaths.reject, id, { reason: 'too late now' })).body.code).toBe(
      'withdrawal_state_invalid',
    );
    expect(await balanceOf(p)).toBe('75000');
  });

  it('reject: a reversing entry credits the amount back; notified; only once', async () => {
    const p = await player({ balance: 100_000n });
    const account = await boundAccount(p);
    const made = await requestWithdrawal(p, {
      bankAccountId: account.id,
      amount: '40000',
      paymentPassword: PAY,
      idempotencyKey: randomUUID(),
    });
    const id = made.body.value?.id ?? 0;
    expect(await balanceOf(p)).toBe('60000');
    const client = realtimeClient(baseUrl, p.token);
    await client.connected();
    const bad = await ops(withdrawOpsPaths.reject, id, { reason: '' });
    expect(bad.status).toBe(400);
    const rejected = await ops(withdrawOpsPaths.reject, id, { reason: 'name mismatch' });
    expect(rejected.body.value).toMatchObject({
      status: 'rejected',
      rejectReason: 'name mismatch',
    });
    expect(await client.next('notification')).toMatchObject({
      kind: 'withdrawRejected',
      params: { withdrawalId: id, amount: '40000', reason: 'name mismatch' },
    });
    client.close();
    expect(await balanceOf(p)).toBe('100000');
    const again = await ops(withdrawOpsPaths.reject, id, { reason: 'name mismatch' });
    expect(again.status).toBe(409);
    expect((await ops(withdrawOpsPaths.approve, id)).status).toBe(409);
    expect(await balanceOf(p)).toBe('100000');
    const kinds = await db()
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(withdrawals, eq(withdrawals.reversalPostingId, ledgerEntries.postingId))
      .where(eq(withdrawals.id, id));
    expect(kinds).toEqual([{ kind: 'withdrawal_reversal', amount: 40_000n }]);
  });

  it('approve and reject at once: exactly one wins and the money matches it', async () => {
    const p = await player({ balance: 100_000n });
    const account = await boundAccount(p);
    const made = await requestWithdrawal(p, {
      bankAccountId: account.id,
      amount: '40000',
      paymentPassword: PAY,
      idempotencyKey: randomUUID(),
    });
    const id = made.body.value?.id ?? 0;
    const [approve, reject] = await Promise.all([
      ops(withdrawOpsPaths.approve, id),
      ops(withdrawOpsPaths.reject, id, { reason: 'race test' }),
    ]);
    expect([approve.status, reject.status].filter((s) => s === 200)).toHaveLength(1);
    expect(await balanceOf(p)).toBe(approve.status === 200 ? '60000' : '100000');
  });

  it('the player cannot reverse a request: there is no such call', async () => {
    const p = await player({ balance: 100_000n });
    const account = await boundAccount(p);
    const made = await requestWithdrawal(p, {
      bankAccountId: account.id,
      amount: '40000',
      paymentPassword: PAY,
      idempotencyKey: randomUUID(),
    });
    const id = made.body.value?.id ?? 0;
    for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
      const reply = await site.app.inject({
        method,
        url: `${withdrawPaths.requests}/${id}`,
        headers: p.headers,
      });
      expect(reply.statusCode).toBe(404);
    }
    const asPlayer = await call(site.app, {
      method: 'POST',
      url: withdrawOpsPaths.reject.replace(':id', String(id)),
      headers: p.headers,
      payload: { reason: 'changed my mind' },
    });
    expect(asPlayer.status).toBe(401);
    expect(await balanceOf(p)).toBe('60000');
  });
});

describe('confirmation after payment', () => {
  it('received: confirmed with the whole amount', async () => {
    const { p, id } = await paidWithdrawal();
    const reply = await confirm(p, id, { outcome: 'received' });
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({
      status: 'confirmed',
      confirmation: 'received',
      confirmedBy: 'member',
      receivedAmount: '50000',
    });
    expect((await confirm(p, id, { outcome: 'received' })).body.code).toBe(
      'withdrawal_state_invalid',
    );
  });

  it('not received: needs a proof image; a png is stored and the operator can read it', async () => {
    const { p, id } = await paidWithdrawal();
    const before = await counts();
    const none = await confirm(p, id, { outcome: 'notReceived' });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('proof_image_required');
    expect(await counts()).toBe(before);

    const reply = await confirm(p, id, { outcome: 'notReceived' }, [
      { filename: 'proof.png', type: 'image/png', data: png },
      { filename: 'proof.jpg', type: 'image/jpeg', data: jpeg },
    ]);
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({ confirmation: 'notReceived', images: 2 });
    const list = await call<{ withdrawals: { id: number; imageIds: number[] }[] }>(site.app, {
      url: `${withdrawOpsPaths.list}?memberId=${p.member.id}`,
      headers: opsHeaders,
    });
    const imageId = list.body.value?.withdrawals[0]?.imageIds[0] ?? 0;
    const image = await site.app.inject({
      url: withdrawOpsPaths.image.replace(':id', String(id)).replace(':imageId', String(imageId)),
      headers: opsHeaders,
    });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
  });

  it('partly received: the amount that arrived, below the whole', async () => {
    const { p, id } = await paidWithdrawal();
    expect(
      (await confirm(p, id, { outcome: 'partlyReceived', receivedAmount: '50000' })).status,
    ).toBe(400);
    expect((await confirm(p, id, { outcome: 'partlyReceived' })).status).toBe(400);
    const reply = await confirm(p, id, { outcome: 'partlyReceived', receivedAmount: '20000' });
    expect(reply.body.value).toMatchObject({
      confirmation: 'partlyReceived',
      receivedAmount: '20000',
    });
  });

  it.each([
    [
      'a text file named .png',
      [{ filename: 'x.png', type: 'image/png', data: Buffer.from('not an image at all') }],
      415,
      'image_invalid',
    ],
    [
      'a gif',
      [
        {
          filename: 'x.gif',
          type: 'image/gif',
          data: Buffer.from('GIF89a\u0001\u0000\u0001\u0000'),
        },
      ],
      415,
      'image_invalid',
    ],
    [
      'a 6 MB png',
      [
        {
          filename: 'big.png',
          type: 'image/png',
          data: Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024 - png.length)]),
        },
      ],
      413,
      'image_too_large',
    ],
    [
      'four images',
      Array.from({ length: 4 }, (_, i) => ({ filename: `${i}.png`, type: 'image/png', data: png })),
      413,
      'too_many_images',
    ],
    [
      'a file under another field name',
      [{ name: 'avatar', filename: 'p.png', type: 'image/png', data: png }],
      400,
      'bad_request',
    ],
  ])('refuses %s: nothing written', async (_label, files, status, code) => {
    const { p, id } = await paidWithdrawal();
    const before = await counts();
    const reply = await confirm(p, id, { outcome: 'notReceived' }, files);
    expect(reply.status).toBe(status);
    expect(reply.body.code).toBe(code);
    expect(await counts()).toBe(before);
    const [row] = await db().select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row?.status).toBe('paid');
  });

  it('refuses bad fields, JSON bodies, and the confirmation of a request not paid', async () => {
    const { p, id } = await paidWithdrawal();
    expect((await confirm(p, id, { outcome: 'maybe' })).status).toBe(400);
    expect((await confirm(p, id, { outcome: 'received', extra: 'x' })).status).toBe(400);
    expect((await confirm(p, id, { outcome: 'received', receivedAmount: '1' })).status).toBe(400);
    const json = await call(site.app, {
      method: 'POST',
      url: withdrawPaths.confirm.replace(':id', String(id)),
      headers: p.headers,
      payload: { outcome: 'received' },
    });
    expect(json.status).toBe(400);
    const stranger = await player();
    expect((await confirm(stranger, id, { outcome: 'received' })).status).toBe(404);

    const q = await player({ balance: 100_000n });
    const account = await boundAccount(q);
    const made = await requestWithdrawal(q, {
      bankAccountId: account.id,
      amount: '20000',
      paymentPassword: PAY,
      idempotencyKey: randomUUID(),
    });
    const notPaid = await confirm(q, made.body.value?.id ?? 0, { outcome: 'received' });
    expect(notPaid.status).toBe(409);
  });

  it('unconfirmed past the configured minutes counts as received', async () => {
    const { p, id } = await paidWithdrawal();
    clock.advance(61 * 60_000);
    const list = await call<{ withdrawals: Withdrawal[] }>(site.app, {
      url: withdrawPaths.requests,
      headers: p.headers,
    });
    expect(list.body.value?.withdrawals.find((w) => w.id === id)).toMatchObject({
      status: 'confirmed',
      confirmation: 'received',
      confirmedBy: 'auto',
    });
    const late = await confirm(p, id, { outcome: 'notReceived' }, [
      { filename: 'p.png', type: 'image/png', data: png },
    ]);
    expect(late.status).toBe(409);
  });
});

describe('the auto-confirm job', () => {
  it('the scheduler confirms an unconfirmed paid withdrawal without a read, once per minute', async () => {
    const { id } = await paidWithdrawal();
    clock.advance(61 * 60_000);
    const first = await site.app.scheduler.runDue(clock.now());
    const job = (report: typeof first) =>
      report.runs.find((run) => run.job === 'withdrawal-auto-confirm');
    // A real minute tick of this node may have claimed the period first: either way it ran once.
    expect(['ran', 'already-run']).toContain(job(first)?.status);
    const [row] = await db().select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({
      status: 'confirmed',
      confirmation: 'received',
      confirmedBy: 'auto',
    });

    expect(job(await site.app.scheduler.runDue(clock.now()))?.status).toBe('already-run');
    const [autoAudits] = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.target, `withdrawal:${id}`),
          eq(auditLog.actor, 'system:withdrawal-auto-confirm'),
        ),
      );
    expect(autoAudits?.n).toBe(1);
  });
});

describe('the books', () => {
  it('reconcile is clean after all of the above', async () => {
    const reply = await call<ReconcileReply>(site.app, {
      url: walletOpsPaths.reconcile,
      headers: opsHeaders,
    });
    expect(reply.body.value?.differences).toEqual([]);
    expect(reply.body.value?.unbalancedTransfers).toBe(0);
    expect(reply.body.value?.totalBalance).toBe(reply.body.value?.totalEntries);
  });
});
