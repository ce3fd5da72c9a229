import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  paymentWebhookBodySchema,
  upiWebhookBodySchema,
  utrSchema,
  type BankAccount,
  type CreateDepositBody,
  type DepositOrder,
  type DepositStatus,
  type PaymentChannel,
  type ChannelKind,
  type StoredBankAccount,
  type UpiPayment,
} from '../../../contract/deposit.ts';
import type { Language } from '../../../contract/constants.ts';
import { toWireMinor } from '../../../contract/wallet.ts';
import type { Db } from '../../platform/db/client.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import {
  findChannel,
  findOrder,
  findOrderByKey,
  findUpiOrderByUtr,
  insertOrder,
  listEnabledChannels,
  listMemberOrders,
  listOrdersByStatus,
  updatePendingOrder,
  type ChannelRow,
  type DepositOrderRow,
} from './deposit.repository.ts';
import type { Publisher } from '../../platform/realtime/publisher.ts';
import type { EngagementPort } from '../engagement/engagement.port.ts';
import {
  PaymentProviderError,
  verifyWebhookSignature,
  type PaymentProvider,
} from './payment.provider.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { refuseUnstorableText } from '../../platform/http/text-guard.ts';
import type { LedgerService } from '../wallet/wallet.port.ts';
import type { Operator } from '../../platform/http/auth.ts';
import {
  idempotentReply,
  type RecordReply,
  type StoredReply,
} from '../../platform/idempotency/idempotent-replies.ts';

export type DepositDeps = {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post' | 'currency'>;
  publisher: Publisher;
  /** The red badges (engagement port): a paid deposit can make a deposit bonus claimable. */
  badges: EngagementPort['badges'];
  /** The online channels' gateway; null: online channels are not offered. */
  provider: PaymentProvider | null;
  /** Where the gateway sends the payer back after paying an order. */
  returnUrl: (orderId: string) => string;
  /** Where the gateway posts its webhook. */
  notifyUrl: () => string;
  webhookToleranceSeconds: number;
  /** The UPI channel's payee and webhook secret; null: UPI is not offered. */
  upi: UpiPayee | null;
  log: { warn: (object: object, message: string) => void };
};

type WebhookHeaders = { signature: string | undefined; timestamp: string | undefined };

/** The site's UPI id (VPA), payee name and the UPI provider's webhook secret (null: off). */
export type UpiPayee = { vpa: string; payeeName: string; webhookSecret: string | null };

const bankAccountOf = (stored: StoredBankAccount | null | undefined): BankAccount | null =>
  stored ? { ...stored, ifsc: stored.ifsc ?? null } : null;

/** Minor units as UPI writes an amount: rupees and two digits of paise ("750.00"). */
const upiAmount = (minor: bigint) =>
  `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;

/** A query value of the intent URI; `@` stays as it is, as UPI apps expect it in `pa`. */
const upiParam = (value: string) => encodeURIComponent(value).replaceAll('%40', '@');

/** The UPI intent of an order: pay the site's VPA this amount in INR, noted with the order id. */
export function upiPaymentOf(payee: UpiPayee, orderId: string, amount: bigint): UpiPayment {
  const am = upiAmount(amount);
  const query = [
    ['pa', payee.vpa],
    ['pn', payee.payeeName],
    ['am', am],
    ['cu', 'INR'],
    ['tn', orderId],
  ]
    .map(([key, value]) => `${key}=${upiParam(value ?? '')}`)
    .join('&');
  return { vpa: payee.vpa, payeeName: payee.payeeName, amount: am, uri: `upi://pay?${query}` };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const toChannel = (row: ChannelRow, language: Language): PaymentChannel => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  name: row.names?.[language] ?? row.name,
  currency: row.currency,
  minAmount: toWireMinor(row.minAmount),
  maxAmount: toWireMinor(row.maxAmount),
  bankAccount: row.kind === 'manual' ? bankAccountOf(row.bankAccount) : null,
});

const toOrder = (
  row: DepositOrderRow,
  bankAccount: StoredBankAccount | null,
  upi: UpiPayee | null,
): DepositOrder => ({
  orderId: row.id,
  channelId: row.channelId,
  kind: row.kind,
  amount: toWireMinor(row.amount),
  currency: row.currency,
  status: row.status,
  redirectUrl: row.status === 'pending' ? row.redirectUrl : null,
  bankAccount: row.kind === 'manual' ? bankAccountOf(bankAccount) : null,
  transferReference: row.transferReference,
  upi: row.kind === 'upi' && upi ? upiPaymentOf(upi, row.id, row.amount) : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Deposits: channels, orders, the gateway's signed webhook and the operator's confirmation of
 * manual transfers. A paid order credits the main wallet through the ledger in the same
 * transaction that marks it paid (key `deposit:<order id>`), so an order is credited once
 * whatever arrives twice; the player is notified after commit.
 */
export function createDepositService(deps: DepositDeps) {
  const { db } = deps;

  const usable = (row: ChannelRow) =>
    row.enabled &&
    row.currency === deps.ledger.currency &&
    (row.kind === 'manual'
      ? Boolean(row.bankAccount)
      : row.kind === 'upi'
        ? deps.upi !== null && row.currency === 'INR'
        : deps.provider !== null);

  const view = (row: DepositOrderRow, bankAccount: StoredBankAccount | null) =>
    toOrder(row, bankAccount, deps.upi);

  async function orderView(row: DepositOrderRow): Promise<DepositOrder> {
    const channel = row.kind === 'manual' ? await findChannel(db, row.channelId) : undefined;
    return view(row, channel?.bankAccount ?? null);
  }

  async function memberOrder(memberId: number, orderId: string): Promise<DepositOrderRow> {
    const row = await findOrder(db, orderId);
    if (!row || row.memberId !== memberId) throw new AppError(404, 'not_found');
    return row;
  }

  async function notify(row: DepositOrderRow, kind: 'depositArrived' | 'depositFailed') {
    await deps.publisher.publish(row.memberId, {
      name: 'notification',
      payload: {
        id: `${kind}:${row.id}`,
        kind,
        title: null,
        params: { orderId: row.id, amount: toWireMinor(row.amount), currency: row.currency },
        createdAt: deps.clock().toISOString(),
      },
    });
  }

  /**
   * A webhook's body, once its HMAC over the raw bytes and its timestamp (the replay window)
   * check out (else 401), parsed by `schema` (else 400). A raw body skips the boundary's text
   * check (http/text-guard.ts): the same check here.
   */
  function signedBody<T>(
    secret: string,
    rawBody: Buffer,
    headers: WebhookHeaders,
    name: string,
    schema: z.ZodType<T>,
  ): T {
    const check = verifyWebhookSignature({
      secret,
      rawBody,
      signature: headers.signature,
      timestamp: headers.timestamp,
      now: deps.clock(),
      toleranceSeconds: deps.webhookToleranceSeconds,
    });
    if (check !== 'ok') {
      deps.log.warn({ check }, `${name} webhook refused`);
      throw new AppError(401, 'payment_signature_invalid');
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError(400, 'bad_request');
    }
    refuseUnstorableText(json, 'body');
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new AppError(400, 'bad_request');
    return parsed.data;
  }

  /**
   * Credits a pending order and marks it paid, in one transaction; a replay does nothing.
   * `utr`: the UPI payment's UTR the provider told, stored on an order that had none.
   */
  async function settlePaid(orderId: string, actor: string, details: object, utr?: string) {
    const order = await findOrder(db, orderId);
    if (!order) throw new AppError(404, 'not_found');
    if (order.status !== 'pending') return { order, changed: false };
    let paid: DepositOrderRow | undefined;
    const { replayed } = await deps.ledger.post(
      {
        memberId: order.memberId,
        kind: 'deposit',
        amount: order.amount,
        idempotencyKey: `deposit:${order.id}`,
        reference: `deposit:${order.id}`,
        actor: 'system:deposit',
      },
      async (tx, reply) => {
        paid = await updatePendingOrder(tx, order.id, {
          status: 'paid',
          updatedAt: deps.clock(),
          ...(utr ? { transferReference: utr } : {}),
        });
        // Settled meanwhile (cancelled, failed): the credit rolls back with this error.
        if (!paid) throw new AppError(409, 'deposit_not_pending');
        const after = reply.entries[0]?.balanceAfter ?? '0';
        await insertAudit(tx, {
          actor,
          action: 'deposit.paid',
          target: `deposit:${order.id}`,
          before: { status: 'pending', balance: toWireMinor(BigInt(after) - order.amount) },
          after: {
            status: 'paid',
            balance: after,
            amount: toWireMinor(order.amount),
            postingId: reply.postingId,
            ...details,
          },
        });
      },
    );
    if (replayed || !paid)
      return { order: (await findOrder(db, orderId)) ?? order, changed: false };
    // After commit; the badge push never throws.
    void deps.badges.push([paid.memberId]);
    await notify(paid, 'depositArrived');
    return { order: paid, changed: true };
  }

  async function settleFailed(orderId: string, actor: string, reason: string, details: object) {
    const failed = await db.transaction(async (tx) => {
      const row = await updatePendingOrder(tx, orderId, {
        status: 'failed',
        failureReason: reason,
        updatedAt: deps.clock(),
      });
      if (!row) return undefined;
      await insertAudit(tx, {
        actor,
        action: 'deposit.failed',
        target: `deposit:${orderId}`,
        before: { status: 'pending' },
        after: { status: 'failed', reason, amount: toWireMinor(row.amount), ...details },
      });
      return row;
    });
    if (failed) await notify(failed, 'depositFailed');
    return failed;
  }

  /** Asks the gateway for the order's payment; `record` stores the create call's reply with it. */
  async function startPayment(
    order: DepositOrderRow,
    record?: RecordReply<DepositOrder>,
  ): Promise<DepositOrderRow> {
    const provider = deps.provider;
    if (!provider) throw new AppError(409, 'deposit_channel_unavailable');
    try {
      const created = await provider.createPayment({
        merchantReference: order.id,
        amount: order.amount,
        currency: order.currency,
        returnUrl: deps.returnUrl(order.id),
        notifyUrl: deps.notifyUrl(),
      });
      const updated = await db.transaction(async (tx) => {
        const row = await updatePendingOrder(tx, order.id, {
          providerReference: created.paymentId,
          redirectUrl: created.redirectUrl,
          updatedAt: deps.clock(),
        });
        if (row) {
          await insertAudit(tx, {
            actor: `provider:${provider.name}`,
            action: 'deposit.paymentCreated',
            target: `deposit:${order.id}`,
            before: null,
            after: { paymentId: created.paymentId },
          });
          if (record) await record(tx, view(row, null));
        }
        return row;
      });
      return updated ?? order;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.warn({ err: error, orderId: order.id }, 'payment gateway refused a payment');
      await settleFailed(order.id, `provider:${provider.name}`, 'gateway_unavailable', {});
      throw new AppError(503, 'payment_unavailable');
    }
  }

  /** A new order (or, for the same idempotency key and body, the one made before). */
  async function createOrder(
    memberId: number,
    body: CreateDepositBody,
    record: RecordReply<DepositOrder>,
  ): Promise<DepositOrder> {
    const amount = BigInt(body.amount);
    const existing = await findOrderByKey(db, memberId, body.idempotencyKey);
    const channel = await findChannel(db, body.channelId);
    if (existing) {
      if (existing.channelId !== body.channelId || existing.amount !== amount) {
        throw new AppError(409, 'idempotency_key_reused');
      }
      const resumed =
        existing.kind === 'online' && existing.status === 'pending' && !existing.providerReference
          ? await startPayment(existing, record)
          : existing;
      return view(resumed, channel?.bankAccount ?? null);
    }
    if (!channel || !usable(channel)) throw new AppError(409, 'deposit_channel_unavailable');
    if (amount < channel.minAmount || amount > channel.maxAmount) {
      throw new AppError(400, 'deposit_amount_out_of_range');
    }
    const now = deps.clock();
    const made = await db.transaction(async (tx) => {
      const row = await insertOrder(tx, {
        id: randomUUID(),
        memberId,
        channelId: channel.id,
        kind: channel.kind,
        amount,
        currency: channel.currency,
        idempotencyKey: body.idempotencyKey,
        createdAt: now,
        updatedAt: now,
      });
      if (!row) return undefined;
      await insertAudit(tx, {
        actor: `member:${memberId}`,
        action: 'deposit.create',
        target: `deposit:${row.id}`,
        before: null,
        after: { channel: channel.code, amount: body.amount, status: 'pending' },
      });
      // Manual and UPI replies are whole now; an online one waits for the gateway's payment.
      if (row.kind !== 'online') await record(tx, view(row, channel.bankAccount ?? null));
      return row;
    });
    // A concurrent submit with this key won: answer with its order.
    if (!made) return createOrder(memberId, body, record);
    const order = made.kind === 'online' ? await startPayment(made, record) : made;
    return view(order, channel.bankAccount ?? null);
  }

  return {
    /** The usable channels, named in `language` where the operator gave that name. */
    async channels(language: Language): Promise<PaymentChannel[]> {
      return (await listEnabledChannels(db)).filter(usable).map((row) => toChannel(row, language));
    },

    /**
     * A new order. Its reply is stored with the order (manual) or with the gateway's payment
     * (online); a replay of the key answers it as it was, whatever the order's status now.
     */
    async create(memberId: number, body: CreateDepositBody): Promise<StoredReply> {
      const call = {
        scope: `member:${memberId}`,
        key: body.idempotencyKey,
        operation: 'deposit.create',
        request: { channelId: body.channelId, amount: body.amount },
      };
      return idempotentReply<DepositOrder>(db, call, (record) =>
        createOrder(memberId, body, record),
      );
    },

    async list(memberId: number, limit = 20): Promise<DepositOrder[]> {
      const rows = await listMemberOrders(db, memberId, limit);
      return Promise.all(rows.map(orderView));
    },

    async get(memberId: number, orderId: string): Promise<DepositOrder> {
      return orderView(await memberOrder(memberId, orderId));
    },

    /**
     * Manual orders: the player's bank transfer reference; UPI orders: the payment's 12-digit
     * UTR, which settles one order only (409 `upi_utr_taken` when another order has it). Either
     * is for the operator (or the UPI provider's webhook) to check.
     */
    async submitReference(memberId: number, orderId: string, reference: string) {
      const order = await memberOrder(memberId, orderId);
      if (order.kind === 'online') throw new AppError(409, 'deposit_channel_unavailable');
      let value = reference;
      if (order.kind === 'upi') {
        const utr = utrSchema.safeParse(reference);
        if (!utr.success) throw new AppError(400, 'upi_utr_invalid');
        value = utr.data;
        const holder = await findUpiOrderByUtr(db, value);
        if (holder && holder.id !== orderId) throw new AppError(409, 'upi_utr_taken');
        // The same UTR again for this order: nothing changes.
        if (holder && order.status === 'pending') return orderView(order);
      }
      try {
        const row = await db.transaction(async (tx) => {
          const updated = await updatePendingOrder(tx, orderId, {
            transferReference: value,
            updatedAt: deps.clock(),
          });
          if (!updated) throw new AppError(409, 'deposit_not_pending');
          await insertAudit(tx, {
            actor: `member:${memberId}`,
            action: 'deposit.transferReference',
            target: `deposit:${orderId}`,
            before: { transferReference: order.transferReference },
            after: { transferReference: value },
          });
          return updated;
        });
        return await orderView(row);
      } catch (error) {
        // Another order took the UTR between the check and the write (the unique index).
        if (order.kind === 'upi' && isUniqueViolation(error)) {
          throw new AppError(409, 'upi_utr_taken');
        }
        throw error;
      }
    },

    async cancel(memberId: number, orderId: string) {
      const order = await memberOrder(memberId, orderId);
      const row = await db.transaction(async (tx) => {
        const updated = await updatePendingOrder(tx, orderId, {
          status: 'cancelled',
          updatedAt: deps.clock(),
        });
        if (!updated) throw new AppError(409, 'deposit_not_pending');
        await insertAudit(tx, {
          actor: `member:${memberId}`,
          action: 'deposit.cancel',
          target: `deposit:${orderId}`,
          before: { status: order.status },
          after: { status: 'cancelled' },
        });
        return updated;
      });
      return orderView(row);
    },

    /**
     * The gateway's signed result. Refused (401) unless the HMAC over the raw body matches and
     * the timestamp is inside the replay window; an event for a settled order changes nothing.
     */
    async webhook(rawBody: Buffer, headers: WebhookHeaders) {
      const provider = deps.provider;
      if (!provider) throw new AppError(404, 'not_found');
      const event = signedBody(
        provider.webhookSecret,
        rawBody,
        headers,
        'payment',
        paymentWebhookBodySchema,
      );
      const order = await findOrder(db, event.merchantReference);
      if (!order || order.kind !== 'online') throw new AppError(404, 'not_found');
      if (
        order.providerReference !== event.paymentId ||
        toWireMinor(order.amount) !== event.amount ||
        order.currency !== event.currency
      ) {
        throw new AppError(409, 'payment_mismatch');
      }
      const actor = `provider:${provider.name}`;
      const details = { eventId: event.eventId, paymentId: event.paymentId };
      const changed =
        event.status === 'paid'
          ? (await settlePaid(order.id, actor, details)).changed
          : (await settleFailed(order.id, actor, 'declined', details)) !== undefined;
      const now = (await findOrder(db, order.id)) ?? order;
      return { orderId: order.id, status: now.status, duplicate: !changed };
    },

    /**
     * The UPI provider's signed result (`upiWebhookPath`), checked as `webhook` checks the
     * gateway's: HMAC over the raw body, replay window (401). The order is found by UTR (and
     * must be the one named by `orderId`, when given) or by `orderId`; its amount must match
     * (409). A paid result credits once, however often it comes.
     */
    async upiWebhook(rawBody: Buffer, headers: WebhookHeaders) {
      const secret = deps.upi?.webhookSecret;
      if (!secret) throw new AppError(404, 'not_found');
      const event = signedBody(secret, rawBody, headers, 'UPI', upiWebhookBodySchema);
      let order = event.utr ? await findUpiOrderByUtr(db, event.utr) : undefined;
      if (order && event.orderId && order.id !== event.orderId) {
        throw new AppError(409, 'payment_mismatch');
      }
      if (!order && event.orderId) {
        const named = await findOrder(db, event.orderId);
        order = named?.kind === 'upi' ? named : undefined;
        // The player gave another UTR for this order than the provider paid it with.
        if (order?.transferReference && event.utr && order.transferReference !== event.utr) {
          throw new AppError(409, 'payment_mismatch');
        }
      }
      if (!order) throw new AppError(404, 'not_found');
      if (toWireMinor(order.amount) !== event.amount) throw new AppError(409, 'payment_mismatch');
      const actor = 'provider:upi';
      const utr = event.utr ?? order.transferReference;
      const details = { utr };
      let changed: boolean;
      try {
        changed =
          event.status === 'paid'
            ? (await settlePaid(order.id, actor, details, event.utr)).changed
            : (await settleFailed(order.id, actor, 'declined', details)) !== undefined;
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'payment_mismatch');
        throw error;
      }
      const now = (await findOrder(db, order.id)) ?? order;
      return { orderId: order.id, status: now.status, duplicate: !changed };
    },

    async opsList(query: { status: DepositStatus; kind: ChannelKind; limit: number }) {
      const rows = await listOrdersByStatus(db, query.status, query.kind, query.limit);
      return Promise.all(
        rows.map(async ({ order, username }) => ({
          ...(await orderView(order)),
          memberId: order.memberId,
          username,
        })),
      );
    },

    /** Manual and UPI orders: the operator found the money (bank statement, UTR) and confirms. */
    async opsConfirm(operator: Operator, orderId: string) {
      const order = await findOrder(db, orderId);
      if (!order || order.kind === 'online') throw new AppError(404, 'not_found');
      if (order.status !== 'pending') throw new AppError(409, 'deposit_not_pending');
      const { order: settled } = await settlePaid(orderId, `operator:${operator.username}`, {
        transferReference: order.transferReference,
      });
      return orderView(settled);
    },

    async opsReject(operator: Operator, orderId: string, reason: string) {
      const order = await findOrder(db, orderId);
      if (!order || order.kind === 'online') throw new AppError(404, 'not_found');
      const failed = await settleFailed(orderId, `operator:${operator.username}`, reason, {
        transferReference: order.transferReference,
      });
      if (!failed) throw new AppError(409, 'deposit_not_pending');
      return orderView(failed);
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
