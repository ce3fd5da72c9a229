import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  depositOpsPaths,
  depositPaths,
  paymentWebhookPath,
  webhookHeaders,
  type DepositOrder,
  type PaymentChannel,
} from '../../src/contract/deposit.ts';
import { walletPaths, type BalanceReply } from '../../src/contract/wallet.ts';
import { promotionOpsPaths } from '../../src/contract/promotions.ts';
import { constants } from '../../src/contract/constants.ts';
import type { NotificationEvent } from '../../src/contract/realtime.ts';
import type { Database } from '../../src/server/platform/db/client.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { depositOrders } from '../../src/server/areas/deposit/deposit.schema.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { ledgerEntries } from '../../src/server/areas/wallet/ledger.schema.ts';
import { signWebhook } from '../../src/server/areas/deposit/payment.provider.ts';
import {
  basicAuth,
  buildTestApp,
  call,
  createTestDatabase,
  opsHeaders,
  testOperator,
  type TestDatabase,
} from '../support/server.ts';
import { createMemberSession } from '../support/server-factories.ts';
import { realtimeClient } from '../support/realtime.ts';
import { trialToken } from '../support/trial.ts';
import { promotionBody } from '../support/promotions.ts';

const gatewayKey = 'test-gateway-key';
const webhookSecret = 'test-webhook-secret-0123456789';

type GatewayCall = { authorization: string | undefined; idempotencyKey: string; body: unknown };

/**
 * A payment gateway on node:http as the real provider talks to it: POST /v1/payments answers a
 * payment id and a redirect URL, or 503 while `down` is set.
 */
async function startLocalGateway() {
  const calls: GatewayCall[] = [];
  const state = { down: false };
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => resolve(text));
    });
  const server: Server = createServer((request, response) => {
    void read(request).then((text) => {
      if (request.method !== 'POST' || request.url !== '/v1/payments' || state.down) {
        response.writeHead(state.down ? 503 : 404).end();
        return;
      }
      const body = JSON.parse(text) as { merchantReference: string };
      calls.push({
        authorization: request.headers.authorization,
        idempotencyKey: String(request.headers['idempotency-key']),
        body,
      });
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          paymentId: `pay_${body.merchantReference}`,
          redirectUrl: `https://gateway.test/pay/${body.merchantReference}`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One app on a fresh database, listening (sockets, the sandbox's webhook calls). */
function listeningSite(env: () => Record<string, string>) {
  const site = {} as {
    testDb: TestDatabase;
    database: Database;
    app: FastifyInstance;
    baseUrl: string;
  };
  beforeAll(async () => {
    site.testDb = await createTestDatabase();
    site.database = await site.testDb.open();
    site.app = await buildTestApp(site.testDb, site.database, env());
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = site.app.server.address() as AddressInfo;
    site.baseUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await site.app.close();
    await site.database.close();
    await site.testDb.drop();
  });
  return site;
}

/** The deposit area as a player and the gateway see it. */
function depositDriver(site: { app: FastifyInstance; database: Database; baseUrl: string }) {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const driver = {
    async player() {
      const { member, token } = await createMemberSession(site.database.db);
      const socket = realtimeClient(site.baseUrl, token);
      await socket.connected();
      return { member, token, socket };
    },
    channels: (token: string) =>
      call<{ channels: PaymentChannel[] }>(site.app, {
        url: depositPaths.channels,
        headers: auth(token),
      }),
    async channel(token: string, kind: 'online' | 'manual') {
      const found = (await driver.channels(token)).body.value?.channels.find(
        (c) => c.kind === kind,
      );
      if (!found) throw new Error(`no ${kind} channel`);
      return found;
    },
    create: (token: string, payload: object) =>
      call<DepositOrder>(site.app, {
        method: 'POST',
        url: depositPaths.orders,
        headers: auth(token),
        payload,
      }),
    async order(token: string, kind: 'online' | 'manual', amount = '50000') {
      const channel = await driver.channel(token, kind);
      const reply = await driver.create(token, {
        channelId: channel.id,
        amount,
        idempotencyKey: `key-${randomUUID()}`,
      });
      if (!reply.body.value) throw new Error(`order refused: ${reply.body.code}`);
      return reply.body.value;
    },
    get: (token: string, orderId: string) =>
      call<DepositOrder>(site.app, {
        url: depositPaths.order.replace(':orderId', orderId),
        headers: auth(token),
      }),
    async balance(token: string) {
      const reply = await call<BalanceReply>(site.app, {
        url: walletPaths.balance,
        headers: auth(token),
      });
      return reply.body.value?.sumBalance;
    },
    /** A webhook call; `headers` replaces the signature the gateway would send. */
    webhook: (body: string, headers: Record<string, string>) =>
      call<{ orderId: string; status: string; duplicate: boolean }>(site.app, {
        method: 'POST',
        url: paymentWebhookPath,
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      }),
    event(order: DepositOrder, status: 'paid' | 'failed', overrides: object = {}) {
      return JSON.stringify({
        eventId: `evt_${randomUUID()}`,
        paymentId: `pay_${order.orderId}`,
        merchantReference: order.orderId,
        status,
        amount: order.amount,
        currency: order.currency,
        ...overrides,
      });
    },
    signed: (body: string, at = new Date()) => signWebhook(webhookSecret, body, at),
    async counts() {
      const db = site.database.db;
      const [orders] = await db.select({ n: count() }).from(depositOrders);
      const [entries] = await db.select({ n: count() }).from(ledgerEntries);
      const [audits] = await db.select({ n: count() }).from(auditLog);
      return `${orders?.n}/${entries?.n}/${audits?.n}`;
    },
  };
  return driver;
}

describe('deposits through a payment gateway over HTTP', () => {
  let gateway: Awaited<ReturnType<typeof startLocalGateway>>;
  beforeAll(async () => {
    gateway = await startLocalGateway();
  });
  afterAll(async () => gateway.close());
  const site = listeningSite(() => ({
    PAYMENT_GATEWAY_URL: gateway.url,
    PAYMENT_GATEWAY_KEY: gatewayKey,
    PAYMENT_WEBHOOK_SECRET: webhookSecret,
  }));
  const d = depositDriver(site);

  it('lists the configured channels with their limits in minor units', async () => {
    const { token, socket } = await d.player();
    const { status, body } = await d.channels(token);
    expect(status).toBe(200);
    expect(body.value?.channels.map((c) => [c.kind, c.minAmount, c.maxAmount])).toEqual([
      ['upi', '10000', '10000000'],
      ['online', '10000', '10000000'],
      ['manual', '10000', '5000000'],
    ]);
    expect(body.value?.channels[2]?.bankAccount?.accountNumber).toBeTruthy();
    socket.close();
  });

  it("names each channel in the request's language (issue 11: no English on the Hindi site)", async () => {
    const { token, socket } = await d.player();
    const names = async (language: string) => {
      const reply = await call<{ channels: PaymentChannel[] }>(site.app, {
        url: depositPaths.channels,
        headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      });
      return reply.body.value?.channels.map((c) => c.name);
    };
    expect(await names('hi')).toEqual(['UPI', 'ऑनलाइन भुगतान', 'बैंक ट्रांसफ़र']);
    expect(await names('bn')).toEqual(['UPI', 'অনলাইন পেমেন্ট', 'ব্যাংক ট্রান্সফার']);
    expect(await names('en')).toEqual(['UPI', 'Online payment', 'Bank transfer']);
    socket.close();
  });

  it('refuses a trial (free play) account: no channels (no bank account), no orders', async () => {
    const trial = await trialToken(site.app);
    const headers = { authorization: `Bearer ${trial}` };
    for (const url of [depositPaths.channels, depositPaths.orders]) {
      const reply = await call(site.app, { url, headers });
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('need_true_account');
      expect(JSON.stringify(reply.body)).not.toContain('accountNumber');
    }
  });

  it('creates the payment at the gateway and answers its redirect; one order per key', async () => {
    const { token, member, socket } = await d.player();
    const channel = await d.channel(token, 'online');
    const payload = { channelId: channel.id, amount: '123456', idempotencyKey: 'submit-0001' };
    const first = await d.create(token, payload);
    expect(first.status).toBe(200);
    const order = first.body.value;
    expect(order).toMatchObject({ status: 'pending', amount: '123456', kind: 'online' });
    expect(order?.redirectUrl).toBe(`https://gateway.test/pay/${order?.orderId}`);
    const made = gateway.calls.filter(
      (c) => (c.body as { merchantReference: string }).merchantReference === order?.orderId,
    );
    expect(made).toHaveLength(1);
    expect(made[0]?.authorization).toBe(`Bearer ${gatewayKey}`);
    expect(made[0]?.body).toMatchObject({ amount: '123456', currency: 'INR' });

    const again = await d.create(token, payload);
    expect(again.body.value?.orderId).toBe(order?.orderId);
    const reused = await d.create(token, { ...payload, amount: '20000' });
    expect([reused.status, reused.body.code]).toEqual([409, 'idempotency_key_reused']);
    const rows = await site.database.db
      .select()
      .from(depositOrders)
      .where(eq(depositOrders.memberId, member.id));
    expect(rows).toHaveLength(1);
    socket.close();
  });

  it('refuses unsigned, wrongly signed, stale and tampered webhooks, crediting nothing', async () => {
    const { token, socket } = await d.player();
    const order = await d.order(token, 'online');
    const body = d.event(order, 'paid');
    const before = await d.counts();
    const valid = d.signed(body);
    const stale = d.signed(body, new Date(Date.now() - 10 * 60_000));
    const forged = signWebhook('another-secret-0123456789', body, new Date());
    const refused: [string, string, Record<string, string>][] = [
      ['no headers', body, {}],
      ['no timestamp', body, { [webhookHeaders.signature]: valid[webhookHeaders.signature] }],
      ['wrong secret', body, forged],
      ['stale timestamp (a captured call replayed later)', body, stale],
      ['body changed after signing', body.replace(order.amount, '99999999'), valid],
      ['signature not hex', body, { ...valid, [webhookHeaders.signature]: 'v1=zz' }],
      [
        'timestamp changed after signing',
        body,
        {
          ...valid,
          [webhookHeaders.timestamp]: String(Number(valid[webhookHeaders.timestamp]) + 1),
        },
      ],
    ];
    for (const [why, text, headers] of refused) {
      const reply = await d.webhook(text, headers);
      expect([why, reply.status, reply.body.code]).toEqual([why, 401, 'payment_signature_invalid']);
    }
    expect(await d.counts()).toBe(before);
    expect(await d.balance(token)).toBe('0');
    expect((await d.get(token, order.orderId)).body.value?.status).toBe('pending');
    socket.close();
  });

  it('refuses a signed webhook whose text PostgreSQL cannot store with 400, crediting nothing', async () => {
    const { token, socket } = await d.player();
    const order = await d.order(token, 'online');
    const before = await d.counts();
    for (const eventId of ['evt_\u0000', 'evt_\ud800']) {
      const body = d.event(order, 'paid', { eventId });
      const reply = await d.webhook(body, d.signed(body));
      expect([eventId, reply.status, reply.body.code]).toEqual([eventId, 400, 'bad_request']);
    }
    expect(await d.counts()).toBe(before);
    expect((await d.get(token, order.orderId)).body.value?.status).toBe('pending');
    socket.close();
  });

  it('credits a paid order once, however often and however concurrently it is told', async () => {
    const { token, socket } = await d.player();
    const order = await d.order(token, 'online', '250000');
    const body = d.event(order, 'paid');
    const first = await d.webhook(body, d.signed(body));
    expect(first.status).toBe(200);
    expect(first.body.value).toEqual({ orderId: order.orderId, status: 'paid', duplicate: false });
    const note = await socket.next('notification');
    expect(note).toMatchObject({
      kind: 'depositArrived',
      params: { orderId: order.orderId, amount: '250000' },
    });
    const again = await d.webhook(body, d.signed(body));
    expect(again.body.value?.duplicate).toBe(true);
    expect(await d.balance(token)).toBe('250000');

    const second = await d.order(token, 'online', '10000');
    const concurrent = d.event(second, 'paid');
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => d.webhook(concurrent, d.signed(concurrent))),
    );
    expect(replies.every((reply) => reply.status === 200)).toBe(true);
    expect(replies.filter((reply) => reply.body.value?.duplicate === false)).toHaveLength(1);
    expect(await d.balance(token)).toBe('260000');
    socket.close();
  });

  it('refuses a result that does not match its order (amount, payment id, currency)', async () => {
    const { token, socket } = await d.player();
    const order = await d.order(token, 'online', '30000');
    const before = await d.counts();
    for (const overrides of [
      { amount: '30001' },
      { paymentId: 'pay_someone_else' },
      { currency: 'USD' },
    ]) {
      const body = d.event(order, 'paid', overrides);
      const reply = await d.webhook(body, d.signed(body));
      expect([reply.status, reply.body.code]).toEqual([409, 'payment_mismatch']);
    }
    const unknown = d.event({ ...order, orderId: randomUUID() }, 'paid');
    expect((await d.webhook(unknown, d.signed(unknown))).status).toBe(404);
    const junk = '{"eventId":1}';
    expect((await d.webhook(junk, d.signed(junk))).status).toBe(400);
    expect(await d.counts()).toBe(before);
    expect(await d.balance(token)).toBe('0');
    socket.close();
  });

  it('a failed payment fails the order and tells the player; a later success changes nothing', async () => {
    const { token, socket } = await d.player();
    const order = await d.order(token, 'online', '40000');
    const failed = d.event(order, 'failed');
    const reply = await d.webhook(failed, d.signed(failed));
    expect(reply.body.value).toMatchObject({ status: 'failed', duplicate: false });
    expect(await socket.next('notification')).toMatchObject({
      kind: 'depositFailed',
      params: { orderId: order.orderId },
    });
    const late = d.event(order, 'paid');
    const lateReply = await d.webhook(late, d.signed(late));
    expect(lateReply.body.value).toMatchObject({ status: 'failed', duplicate: true });
    expect(await d.balance(token)).toBe('0');
    socket.close();
  });

  it('answers 503 when the gateway is down, and the order fails', async () => {
    const { token, socket } = await d.player();
    gateway.state.down = true;
    try {
      const channel = await d.channel(token, 'online');
      const reply = await d.create(token, {
        channelId: channel.id,
        amount: '10000',
        idempotencyKey: 'gateway-down-1',
      });
      expect([reply.status, reply.body.code]).toEqual([503, 'payment_unavailable']);
    } finally {
      gateway.state.down = false;
    }
    socket.close();
  });

  describe('bad input: 4xx and nothing written', () => {
    it('refuses every bad deposit call', async () => {
      const { token, member, socket } = await d.player();
      const online = await d.channel(token, 'online');
      const { token: trialToken, member: trial } = await createMemberSession(site.database.db);
      await site.database.db
        .update(members)
        .set({ type: constants.trialAccountType })
        .where(eq(members.id, trial.id));
      const key = () => `bad-${randomUUID()}`;
      const cases: [string, string | null, object, number, string?][] = [
        ['no token', null, { channelId: online.id, amount: '10000', idempotencyKey: key() }, 401],
        [
          'trial account',
          trialToken,
          { channelId: online.id, amount: '10000', idempotencyKey: key() },
          403,
          'need_true_account',
        ],
        [
          'below the minimum',
          token,
          { channelId: online.id, amount: '9999', idempotencyKey: key() },
          400,
          'deposit_amount_out_of_range',
        ],
        [
          'above the maximum',
          token,
          { channelId: online.id, amount: '10000001', idempotencyKey: key() },
          400,
          'deposit_amount_out_of_range',
        ],
        ['zero', token, { channelId: online.id, amount: '0', idempotencyKey: key() }, 400],
        ['negative', token, { channelId: online.id, amount: '-10000', idempotencyKey: key() }, 400],
        ['decimal', token, { channelId: online.id, amount: '100.50', idempotencyKey: key() }, 400],
        ['number', token, { channelId: online.id, amount: 10000, idempotencyKey: key() }, 400],
        ['no key', token, { channelId: online.id, amount: '10000' }, 400],
        ['short key', token, { channelId: online.id, amount: '10000', idempotencyKey: 'k' }, 400],
        ['no channel', token, { amount: '10000', idempotencyKey: key() }, 400],
        [
          'unknown channel',
          token,
          { channelId: 99_999, amount: '10000', idempotencyKey: key() },
          409,
          'deposit_channel_unavailable',
        ],
        [
          'huge amount',
          token,
          { channelId: online.id, amount: '9'.repeat(30), idempotencyKey: key() },
          400,
        ],
      ];
      const before = await d.counts();
      for (const [why, who, payload, status, code] of cases) {
        const reply = await call(site.app, {
          method: 'POST',
          url: depositPaths.orders,
          headers: who ? { authorization: `Bearer ${who}` } : {},
          payload,
        });
        expect([why, reply.status]).toEqual([why, status]);
        if (code) expect([why, reply.body.code]).toEqual([why, code]);
      }
      const orderPaths = [
        ['not a uuid', depositPaths.order.replace(':orderId', 'abc')],
        ['unknown order', depositPaths.order.replace(':orderId', randomUUID())],
      ];
      for (const [why, url] of orderPaths) {
        const reply = await call(site.app, { url, headers: { authorization: `Bearer ${token}` } });
        expect([why, reply.status]).toEqual([why, why === 'not a uuid' ? 400 : 404]);
      }
      const other = await d.player();
      const othersOrder = await d.order(other.token, 'manual');
      const peek = await d.get(token, othersOrder.orderId);
      expect(peek.status).toBe(404);
      const afterSetup = await d.counts();
      const ref = await call(site.app, {
        method: 'POST',
        url: depositPaths.transferReference.replace(':orderId', othersOrder.orderId),
        headers: { authorization: `Bearer ${token}` },
        payload: { reference: 'TX-123456' },
      });
      expect(ref.status).toBe(404);
      const badRef = await call(site.app, {
        method: 'POST',
        url: depositPaths.transferReference.replace(':orderId', othersOrder.orderId),
        headers: { authorization: `Bearer ${other.token}` },
        payload: { reference: '<script>' },
      });
      expect(badRef.status).toBe(400);
      expect(await d.counts()).toBe(afterSetup);
      expect(before).not.toBe(afterSetup); // only the other player's valid order was written
      expect(
        await site.database.db
          .select()
          .from(depositOrders)
          .where(eq(depositOrders.memberId, member.id)),
      ).toHaveLength(0);
      socket.close();
      other.socket.close();
    });

    it('refuses bad operator calls', async () => {
      const before = await d.counts();
      const confirm = (orderId: string, headers: Record<string, string> = opsHeaders) =>
        call(site.app, {
          method: 'POST',
          url: depositOpsPaths.confirm.replace(':orderId', orderId),
          headers,
        });
      expect((await confirm(randomUUID(), {})).status).toBe(401);
      expect((await confirm('nope')).status).toBe(400);
      expect((await confirm(randomUUID())).status).toBe(404);
      const reject = await call(site.app, {
        method: 'POST',
        url: depositOpsPaths.reject.replace(':orderId', randomUUID()),
        headers: opsHeaders,
        payload: { reason: '' },
      });
      expect(reject.status).toBe(400);
      expect(await d.counts()).toBe(before);
    });
  });

  describe('the manual bank transfer channel', () => {
    it('shows the bank account, takes the reference, and the operator confirms: credited once', async () => {
      // A deposit bonus the confirmed deposit makes claimable: the red badges say so live.
      const bonus = await call(site.app, {
        method: 'POST',
        url: promotionOpsPaths.promotions,
        headers: opsHeaders,
        payload: promotionBody(),
      });
      expect(bonus.status).toBe(200);
      const { token, socket } = await d.player();
      const order = await d.order(token, 'manual', '75000');
      expect(order.bankAccount?.bankName).toBeTruthy();
      expect(order.redirectUrl).toBeNull();
      const ref = await call<DepositOrder>(site.app, {
        method: 'POST',
        url: depositPaths.transferReference.replace(':orderId', order.orderId),
        headers: { authorization: `Bearer ${token}` },
        payload: { reference: 'BDO-778899' },
      });
      expect(ref.body.value?.transferReference).toBe('BDO-778899');
      const list = await call<{ orders: { orderId: string; transferReference: string }[] }>(
        site.app,
        { url: depositOpsPaths.list, headers: opsHeaders },
      );
      expect(list.body.value?.orders.find((o) => o.orderId === order.orderId)).toMatchObject({
        transferReference: 'BDO-778899',
      });
      const confirm = () =>
        call<DepositOrder>(site.app, {
          method: 'POST',
          url: depositOpsPaths.confirm.replace(':orderId', order.orderId),
          headers: opsHeaders,
        });
      expect((await confirm()).body.value?.status).toBe('paid');
      expect(await socket.next('notification')).toMatchObject({ kind: 'depositArrived' });
      // After the commit: the bonus (10 % of ₹750) is claimable, in the promotions and the
      // reward center's counts.
      expect(await socket.next('badges')).toMatchObject({
        availablePromoCount: 1,
        rewardCenter: 1,
      });
      expect((await confirm()).status).toBe(409);
      expect(await d.balance(token)).toBe('75000');
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
      socket.close();
    });

    it('refuses a 500-character reference with a clear 400 and never stores a shortened one', async () => {
      const { token, socket } = await d.player();
      const order = await d.order(token, 'manual', '20000');
      const long = `BDO-${'7'.repeat(496)}`;
      const reply = await call<DepositOrder>(site.app, {
        method: 'POST',
        url: depositPaths.transferReference.replace(':orderId', order.orderId),
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
        payload: { reference: long },
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, code: 'bad_request' });
      expect(reply.body.message).toContain('reference');
      expect((await d.get(token, order.orderId)).body.value?.transferReference).toBeNull();
      socket.close();
    });

    it('the operator rejects with a reason: failed, notified, nothing credited', async () => {
      const { token, socket } = await d.player();
      const order = await d.order(token, 'manual', '20000');
      const reply = await call<DepositOrder>(site.app, {
        method: 'POST',
        url: depositOpsPaths.reject.replace(':orderId', order.orderId),
        headers: opsHeaders,
        payload: { reason: 'no transfer received' },
      });
      expect(reply.body.value?.status).toBe('failed');
      const note: NotificationEvent = await socket.next('notification');
      expect(note.kind).toBe('depositFailed');
      expect(await d.balance(token)).toBe('0');
      socket.close();
    });

    it('the player cancels a pending order; it cannot be confirmed after', async () => {
      const { token, socket } = await d.player();
      const order = await d.order(token, 'manual', '20000');
      const cancel = await call<DepositOrder>(site.app, {
        method: 'POST',
        url: depositPaths.cancel.replace(':orderId', order.orderId),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(cancel.body.value?.status).toBe('cancelled');
      const confirm = await call(site.app, {
        method: 'POST',
        url: depositOpsPaths.confirm.replace(':orderId', order.orderId),
        headers: opsHeaders,
      });
      expect([confirm.status, confirm.body.code]).toEqual([409, 'deposit_not_pending']);
      expect(await d.balance(token)).toBe('0');
      socket.close();
    });
  });
});

describe('the sandbox gateway this server serves (npm start demo)', () => {
  const site = listeningSite(() => ({}));
  const d = depositDriver(site);

  it('takes the payer to its page, marked as a sandbox, and approving credits the deposit', async () => {
    const { token, socket } = await d.player();
    const order = await d.order(token, 'online', '500000');
    expect(order.redirectUrl).toMatch(/^\/sandbox\/gateway\/pay\/[0-9a-f-]{36}$/);
    const page = await site.app.inject({ url: `${order.redirectUrl}?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SANDBOX');
    // The site's icon in the tab, as every page of the site (issue 34).
    expect(page.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    // The site's currency, written the Indian way by Intl.
    expect(page.body).toContain('₹5,000.00');
    const hindi = await site.app.inject({ url: order.redirectUrl ?? '' });
    expect(hindi.body).toContain('सैंडबॉक्स');

    // The member (or anyone without operator credentials) cannot approve their own deposit:
    // the browser is asked for the operator's name and password, and nothing is credited.
    expect(page.body).toContain('Only an operator approves or declines');
    for (const authorization of [
      `Bearer ${token}`,
      basicAuth(testOperator.username, 'not-the-password'),
      undefined,
    ]) {
      const refused = await site.app.inject({
        method: 'POST',
        url: `${order.redirectUrl}/approve`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(authorization ? { authorization } : {}),
        },
        payload: '',
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toMatch(/^Basic /);
    }
    expect(await d.balance(token)).toBe('0');
    expect((await d.get(token, order.orderId)).body.value?.status).toBe('pending');

    const approve = await site.app.inject({
      method: 'POST',
      url: `${order.redirectUrl}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...opsHeaders },
      payload: '',
    });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toBe(`/?mc=depositv2&depositOrder=${order.orderId}`);
    expect(await socket.next('notification')).toMatchObject({ kind: 'depositArrived' });
    expect(await d.balance(token)).toBe('500000');
    expect((await d.get(token, order.orderId)).body.value?.status).toBe('paid');

    // Pressing approve again re-sends the same signed result: nothing more is credited.
    const again = await site.app.inject({
      method: 'POST',
      url: `${order.redirectUrl}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...opsHeaders },
      payload: '',
    });
    expect(again.statusCode).toBe(303);
    expect(await d.balance(token)).toBe('500000');
    socket.close();
  });

  it('declining fails the order and tells the player', async () => {
    const { token, socket } = await d.player();
    const order = await d.order(token, 'online', '10000');
    const decline = await site.app.inject({
      method: 'POST',
      url: `${order.redirectUrl}/decline`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...opsHeaders },
      payload: '',
    });
    expect(decline.statusCode).toBe(303);
    expect(await socket.next('notification')).toMatchObject({ kind: 'depositFailed' });
    expect((await d.get(token, order.orderId)).body.value?.status).toBe('failed');
    expect(await d.balance(token)).toBe('0');
    socket.close();
  });

  it('refuses to create payments without its key', async () => {
    const reply = await site.app.inject({
      method: 'POST',
      url: '/sandbox/gateway/v1/payments',
      headers: { authorization: 'Bearer wrong' },
      payload: {
        merchantReference: randomUUID(),
        amount: '100',
        currency: 'PHP',
        returnUrl: '/',
        notifyUrl: 'http://127.0.0.1:1/x',
      },
    });
    expect(reply.statusCode).toBe(401);
  });
});
