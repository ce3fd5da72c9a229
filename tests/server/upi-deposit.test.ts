import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  depositOpsPaths,
  depositPaths,
  upiWebhookPath,
  webhookHeaders,
  type DepositOrder,
  type PaymentChannel,
} from '../../src/contract/deposit.ts';
import { walletPaths, type BalanceReply } from '../../src/contract/wallet.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { depositOrders, paymentChannels } from '../../src/server/areas/deposit/deposit.schema.ts';
import { depositSeedSteps } from '../../src/server/areas/deposit/deposit.seed-steps.ts';
import { runSeedSteps } from '../../src/server/platform/seed/seed.ts';
import { seedRuns } from '../../src/server/platform/seed/seed.schema.ts';
import { ledgerEntries, ledgerPostings } from '../../src/server/areas/wallet/ledger.schema.ts';
import { signWebhook } from '../../src/server/areas/deposit/payment.provider.ts';
import { devUpiWebhookSecret, loadConfig } from '../../src/server/config.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { createMemberSession } from '../support/server-factories.ts';

const upiSecret = 'test-upi-webhook-secret-0123456789';
const site = testSite({
  UPI_PAYEE_VPA: 'site.pay@okaxis',
  UPI_PAYEE_NAME: 'Raj Win Games',
  UPI_WEBHOOK_SECRET: upiSecret,
});

/** A UTR nobody has used yet in this file. */
let utrSerial = 412_345_678_900;
const freshUtr = () => String(++utrSerial);

/** The UPI deposit as a player, the operator and the UPI provider see it. */
const d = {
  auth: (token: string) => ({ authorization: `Bearer ${token}`, 'accept-language': 'en' }),
  async player() {
    return createMemberSession(site.database.db);
  },
  async channels(token: string) {
    const reply = await call<{ channels: PaymentChannel[] }>(site.app, {
      url: depositPaths.channels,
      headers: d.auth(token),
    });
    return reply.body.value?.channels ?? [];
  },
  async upiChannel(token: string) {
    const found = (await d.channels(token)).find((c) => c.kind === 'upi');
    if (!found) throw new Error('no upi channel');
    return found;
  },
  create: async (token: string, amount: string, idempotencyKey = `upi-${randomUUID()}`) =>
    call<DepositOrder>(site.app, {
      method: 'POST',
      url: depositPaths.orders,
      headers: d.auth(token),
      payload: { channelId: (await d.upiChannel(token)).id, amount, idempotencyKey },
    }),
  async order(token: string, amount = '75000') {
    const reply = await d.create(token, amount);
    if (!reply.body.value) throw new Error(`order refused: ${reply.body.code}`);
    return reply.body.value;
  },
  utr: (token: string, orderId: string, reference: unknown) =>
    call<DepositOrder>(site.app, {
      method: 'POST',
      url: depositPaths.transferReference.replace(':orderId', orderId),
      headers: d.auth(token),
      payload: { reference },
    }),
  get: (token: string, orderId: string) =>
    call<DepositOrder>(site.app, {
      url: depositPaths.order.replace(':orderId', orderId),
      headers: d.auth(token),
    }),
  async balance(token: string) {
    const reply = await call<BalanceReply>(site.app, {
      url: walletPaths.balance,
      headers: d.auth(token),
    });
    return reply.body.value?.sumBalance;
  },
  webhook: (body: string, headers: Record<string, string>) =>
    call<{ orderId: string; status: string; duplicate: boolean }>(site.app, {
      method: 'POST',
      url: upiWebhookPath,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    }),
  signed: (body: string, at = new Date(), secret = upiSecret) => signWebhook(secret, body, at),
  /** A signed delivery of the provider's result. */
  deliver: (event: object) => {
    const body = JSON.stringify(event);
    return d.webhook(body, d.signed(body));
  },
  confirm: (orderId: string) =>
    call<DepositOrder>(site.app, {
      method: 'POST',
      url: depositOpsPaths.confirm.replace(':orderId', orderId),
      headers: opsHeaders,
    }),
  async counts() {
    const db = site.database.db;
    const [orders] = await db.select({ n: count() }).from(depositOrders);
    const [entries] = await db.select({ n: count() }).from(ledgerEntries);
    const [audits] = await db.select({ n: count() }).from(auditLog);
    return `${orders?.n}/${entries?.n}/${audits?.n}`;
  },
};

describe('the UPI deposit channel', () => {
  it('reaches a site seeded before it: the UPI channel and the demo IFSC are added once', async () => {
    const db = site.database.db;
    // The site as the first seed left it: no UPI channel, a bank account without an IFSC.
    await db.delete(paymentChannels).where(eq(paymentChannels.code, 'upi'));
    await db
      .update(paymentChannels)
      .set({ bankAccount: sql`${paymentChannels.bankAccount} - 'ifsc'` })
      .where(eq(paymentChannels.code, 'bank_transfer'));
    await db.delete(seedRuns).where(eq(seedRuns.name, 'payment-channels-upi-v1'));
    await runSeedSteps(db, depositSeedSteps);
    await runSeedSteps(db, depositSeedSteps);
    const rows = await db.select().from(paymentChannels);
    expect(rows.filter((row) => row.code === 'upi')).toHaveLength(1);
    expect(rows.find((row) => row.code === 'bank_transfer')?.bankAccount?.ifsc).toBe('DEMO0001234');
  });

  it('is offered with its limits, and the bank transfer channel names its IFSC', async () => {
    const { token } = await d.player();
    const channels = await d.channels(token);
    expect(channels.map((c) => [c.code, c.kind, c.minAmount, c.maxAmount])).toEqual([
      ['upi', 'upi', '10000', '10000000'],
      ['online', 'online', '10000', '10000000'],
      ['bank_transfer', 'manual', '10000', '5000000'],
    ]);
    expect(channels.find((c) => c.kind === 'manual')?.bankAccount?.ifsc).toBe('DEMO0001234');
    expect(channels.find((c) => c.kind === 'upi')?.bankAccount).toBeNull();
  });

  it("answers the site's VPA, payee, amount and the upi://pay intent of the order", async () => {
    const { token } = await d.player();
    const key = `upi-${randomUUID()}`;
    const first = await d.create(token, '75050', key);
    expect(first.status).toBe(200);
    const order = first.body.value;
    expect(order).toMatchObject({ kind: 'upi', status: 'pending', amount: '75050' });
    expect(order?.redirectUrl).toBeNull();
    expect(order?.bankAccount).toBeNull();
    expect(order?.upi).toEqual({
      vpa: 'site.pay@okaxis',
      payeeName: 'Raj Win Games',
      amount: '750.50',
      uri: `upi://pay?pa=site.pay@okaxis&pn=Raj%20Win%20Games&am=750.50&cu=INR&tn=${order?.orderId}`,
    });
    // The same submit again: the same order; read back: the same intent.
    expect((await d.create(token, '75050', key)).body.value?.orderId).toBe(order?.orderId);
    expect((await d.get(token, order?.orderId ?? '')).body.value?.upi).toEqual(order?.upi);
  });

  it('takes only a 12-digit UTR: a clear 400 in the player’s language, nothing written', async () => {
    const { token } = await d.player();
    const order = await d.order(token);
    const before = await d.counts();
    for (const reference of ['12345', '1234567890123', 'ABCDEFGHIJKL', '4123-4567-890', 41234]) {
      const reply = await d.utr(token, order.orderId, reference);
      expect([String(reference), reply.status]).toEqual([String(reference), 400]);
      if (typeof reference === 'string' && reference.length >= 4) {
        expect(reply.body.code).toBe('upi_utr_invalid');
        expect(reply.body.message).toContain('exactly 12 digits');
      }
    }
    const hindi = await call(site.app, {
      method: 'POST',
      url: depositPaths.transferReference.replace(':orderId', order.orderId),
      headers: { ...d.auth(token), 'accept-language': 'hi' },
      payload: { reference: '12345' },
    });
    expect(hindi.body.message).toContain('12 अंकों');
    expect(await d.counts()).toBe(before);
    const utr = freshUtr();
    const good = await d.utr(token, order.orderId, ` ${utr} `);
    expect(good.status).toBe(200);
    expect(good.body.value?.transferReference).toBe(utr);
  });

  it('uses one UTR once across all orders: 409 for any other order, whoever asks', async () => {
    const first = await d.player();
    const second = await d.player();
    const mine = await d.order(first.token);
    const another = await d.order(first.token);
    const theirs = await d.order(second.token);
    const utr = freshUtr();
    expect((await d.utr(first.token, mine.orderId, utr)).status).toBe(200);
    // The same UTR for the same order again changes nothing.
    expect((await d.utr(first.token, mine.orderId, utr)).status).toBe(200);
    for (const [token, orderId] of [
      [first.token, another.orderId],
      [second.token, theirs.orderId],
    ] as const) {
      const reply = await d.utr(token, orderId, utr);
      expect([reply.status, reply.body.code]).toEqual([409, 'upi_utr_taken']);
      expect(reply.body.message).toContain('already been used');
      expect((await d.get(token, orderId)).body.value?.transferReference).toBeNull();
    }
    // Still taken once the order it settled is paid.
    expect((await d.confirm(mine.orderId)).body.value?.status).toBe('paid');
    const later = await d.utr(second.token, theirs.orderId, utr);
    expect([later.status, later.body.code]).toEqual([409, 'upi_utr_taken']);
  });

  it('the operator finds the UTR among pending UPI orders and confirms: credited once, audited', async () => {
    const { token } = await d.player();
    const order = await d.order(token, '120000');
    const utr = freshUtr();
    await d.utr(token, order.orderId, utr);
    const list = await call<{ orders: { orderId: string; transferReference: string }[] }>(
      site.app,
      { url: `${depositOpsPaths.list}?kind=upi`, headers: opsHeaders },
    );
    expect(list.body.value?.orders.find((o) => o.orderId === order.orderId)).toMatchObject({
      transferReference: utr,
    });
    expect((await d.confirm(order.orderId)).body.value?.status).toBe('paid');
    const again = await d.confirm(order.orderId);
    expect([again.status, again.body.code]).toEqual([409, 'deposit_not_pending']);
    expect(await d.balance(token)).toBe('120000');
    const audits = await site.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `deposit:${order.orderId}`));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'deposit.create',
      'deposit.paid',
      'deposit.transferReference',
    ]);
    expect(audits.find((a) => a.action === 'deposit.paid')?.actor).toBe('operator:ops-test');
  });

  it('the operator rejects a UPI order with a reason: failed, nothing credited', async () => {
    const { token } = await d.player();
    const order = await d.order(token, '20000');
    const reply = await call<DepositOrder>(site.app, {
      method: 'POST',
      url: depositOpsPaths.reject.replace(':orderId', order.orderId),
      headers: opsHeaders,
      payload: { reason: 'no UPI payment with this UTR' },
    });
    expect(reply.body.value?.status).toBe('failed');
    expect(await d.balance(token)).toBe('0');
  });
});

describe('the UPI provider’s signed webhook', () => {
  it('credits the order matched by UTR and amount once, however often it is delivered', async () => {
    const { token } = await d.player();
    const order = await d.order(token, '250000');
    const utr = freshUtr();
    await d.utr(token, order.orderId, utr);
    const event = { utr, amount: '250000', status: 'paid' };
    const first = await d.deliver(event);
    expect(first.status).toBe(200);
    expect(first.body.value).toEqual({ orderId: order.orderId, status: 'paid', duplicate: false });
    const again = await d.deliver(event);
    expect(again.body.value).toMatchObject({ status: 'paid', duplicate: true });
    expect(await d.balance(token)).toBe('250000');

    // Eight deliveries of another result at once: one credit.
    const second = await d.order(token, '10000');
    const secondUtr = freshUtr();
    await d.utr(token, second.orderId, secondUtr);
    const body = JSON.stringify({ utr: secondUtr, amount: '10000', status: 'paid' });
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => d.webhook(body, d.signed(body))),
    );
    expect(replies.every((reply) => reply.status === 200)).toBe(true);
    expect(replies.filter((reply) => reply.body.value?.duplicate === false)).toHaveLength(1);
    expect(await d.balance(token)).toBe('260000');
    const postings = await site.database.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.idempotencyKey, `deposit:${second.orderId}`));
    expect(postings).toHaveLength(1);
  });

  it('settles by order id (the intent’s tn) and keeps the UTR the provider paid with', async () => {
    const { token } = await d.player();
    const order = await d.order(token, '30000');
    const utr = freshUtr();
    const reply = await d.deliver({ orderId: order.orderId, utr, amount: '30000', status: 'paid' });
    expect(reply.body.value).toMatchObject({ orderId: order.orderId, status: 'paid' });
    expect((await d.get(token, order.orderId)).body.value?.transferReference).toBe(utr);
    expect(await d.balance(token)).toBe('30000');
    // That UTR is now taken for every other order.
    const other = await d.order(token, '30000');
    expect((await d.utr(token, other.orderId, utr)).body.code).toBe('upi_utr_taken');
  });

  it('refuses unsigned, wrongly signed, stale and tampered deliveries with 401, crediting nothing', async () => {
    const { token } = await d.player();
    const order = await d.order(token, '40000');
    const utr = freshUtr();
    await d.utr(token, order.orderId, utr);
    const body = JSON.stringify({ utr, amount: '40000', status: 'paid' });
    const valid = d.signed(body);
    const before = await d.counts();
    const refused: [string, string, Record<string, string>][] = [
      ['no headers', body, {}],
      ['no timestamp', body, { [webhookHeaders.signature]: valid[webhookHeaders.signature] }],
      ['the online gateway’s secret', body, d.signed(body, new Date(), 'another-secret-0123456')],
      ['the development secret', body, d.signed(body, new Date(), devUpiWebhookSecret)],
      ['replayed later (stale timestamp)', body, d.signed(body, new Date(Date.now() - 600_000))],
      ['body changed after signing', body.replace('40000', '99999'), valid],
      ['signature not hex', body, { ...valid, [webhookHeaders.signature]: 'v1=zz' }],
    ];
    for (const [why, text, headers] of refused) {
      const reply = await d.webhook(text, headers);
      expect([why, reply.status, reply.body.code]).toEqual([why, 401, 'payment_signature_invalid']);
    }
    expect(await d.counts()).toBe(before);
    expect((await d.get(token, order.orderId)).body.value?.status).toBe('pending');
  });

  it('refuses a result that does not match its order with 409, and unknown ones with 404', async () => {
    const { token } = await d.player();
    const order = await d.order(token, '50000');
    const other = await d.order(token, '50000');
    const utr = freshUtr();
    await d.utr(token, order.orderId, utr);
    const before = await d.counts();
    const cases: [string, object, number, string][] = [
      ['another amount', { utr, amount: '50001', status: 'paid' }, 409, 'payment_mismatch'],
      [
        'the UTR of another order',
        { orderId: other.orderId, utr, amount: '50000', status: 'paid' },
        409,
        'payment_mismatch',
      ],
      [
        'another UTR than the player gave',
        { orderId: order.orderId, utr: freshUtr(), amount: '50000', status: 'paid' },
        409,
        'payment_mismatch',
      ],
      ['an unknown UTR', { utr: freshUtr(), amount: '50000', status: 'paid' }, 404, 'not_found'],
      ['an unknown order', { orderId: randomUUID(), amount: '50000', status: 'paid' }, 404, ''],
      ['neither order nor UTR', { amount: '50000', status: 'paid' }, 400, 'bad_request'],
      ['a short UTR', { utr: '1234', amount: '50000', status: 'paid' }, 400, 'bad_request'],
      ['an amount in rupees', { utr, amount: '500.00', status: 'paid' }, 400, 'bad_request'],
    ];
    for (const [why, event, status, code] of cases) {
      const reply = await d.deliver(event);
      expect([why, reply.status]).toEqual([why, status]);
      if (code) expect([why, reply.body.code]).toEqual([why, code]);
    }
    const junk = 'not json';
    expect((await d.webhook(junk, d.signed(junk))).status).toBe(400);
    expect(await d.counts()).toBe(before);
    expect(await d.balance(token)).toBe('0');
  });

  it('a failed result fails the order; a later paid one changes nothing', async () => {
    const { token } = await d.player();
    const order = await d.order(token, '60000');
    const utr = freshUtr();
    await d.utr(token, order.orderId, utr);
    const failed = await d.deliver({ utr, amount: '60000', status: 'failed' });
    expect(failed.body.value).toMatchObject({ status: 'failed', duplicate: false });
    const late = await d.deliver({ utr, amount: '60000', status: 'paid' });
    expect(late.body.value).toMatchObject({ status: 'failed', duplicate: true });
    expect(await d.balance(token)).toBe('0');
  });
});

describe('the UPI calls in the OpenAPI document', () => {
  it('documents the webhook’s signed headers, body and replies, and the UTR on the reference call', async () => {
    const reply = await site.app.inject({ url: '/docs/json' });
    type Operation = {
      parameters?: { name: string; in: string }[];
      requestBody?: { content: Record<string, { schema: { properties?: object } }> };
      responses: Record<string, unknown>;
      description?: string;
    };
    const doc = reply.json() as { paths: Record<string, Record<string, Operation>> };
    const webhook = doc.paths[upiWebhookPath]?.post;
    expect(webhook?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining([
        `header:${webhookHeaders.signature}`,
        `header:${webhookHeaders.timestamp}`,
      ]),
    );
    expect(
      Object.keys(webhook?.requestBody?.content['application/json']?.schema.properties ?? {}),
    ).toEqual(['orderId', 'utr', 'amount', 'status']);
    expect(Object.keys(webhook?.responses ?? {})).toContain('200');
    const reference = doc.paths['/wps/v2/deposit/orders/{orderId}/reference']?.post;
    expect(reference?.description).toContain('upi_utr_taken');
  });
});

describe('UPI configuration', () => {
  const production = {
    NODE_ENV: 'production',
    OPS_PASSWORD: 'a-long-operator-password',
    TOTP_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64url')}`,
    OUTCOME_KEYS: `o1:${Buffer.alloc(32, 2).toString('base64url')}`,
  };

  it('has a demo payee and a development secret outside production only', () => {
    expect(loadConfig({}).upi).toEqual({
      vpa: 'rajwin@okaxis',
      payeeName: 'RajWin',
      webhookSecret: devUpiWebhookSecret,
    });
    expect(loadConfig(production).upi).toBeNull();
    expect(loadConfig({ ...production, UPI_PAYEE_VPA: 'site@okhdfc' }).upi).toEqual({
      vpa: 'site@okhdfc',
      payeeName: 'RajWin',
      webhookSecret: null,
    });
    expect(() => loadConfig({ ...production, UPI_WEBHOOK_SECRET: devUpiWebhookSecret })).toThrow(
      /UPI_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ UPI_PAYEE_VPA: 'not a vpa' })).toThrow(/UPI_PAYEE_VPA/);
  });
});
