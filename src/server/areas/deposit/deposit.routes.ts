import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  channelListSchema,
  createDepositBodySchema,
  depositOpsPaths,
  depositOrderListSchema,
  depositOrderSchema,
  depositPaths,
  opsDepositListSchema,
  opsDepositQuerySchema,
  opsRejectBodySchema,
  orderIdParamsSchema,
  paymentWebhookBodySchema,
  paymentWebhookPath,
  transferReferenceBodySchema,
  upiWebhookBodySchema,
  upiWebhookPath,
  webhookHeaders,
  webhookReplySchema,
} from '../../../contract/deposit.ts';
import type { DepositService } from './deposit.service.ts';
import { memberOf } from '../../platform/http/auth.ts';
import type { Operator } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import {
  idempotentCallDescription,
  sendStored,
} from '../../platform/idempotency/idempotent-replies.ts';

type Options = { deposit: DepositService };

/** The player's deposit calls. */
export const depositRoutes: FastifyPluginAsyncZod<Options> = async (app, { deposit }) => {
  const tags = ['deposit'];
  const security = [{ bearer: [] }];
  const writes = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  // Every player call here needs a real account: a trial (free play) account reads neither the
  // channels (the site's receiving bank account) nor orders (403 need_true_account).

  app.get(
    depositPaths.channels,
    {
      onRequest: app.requireRealAccount,
      schema: {
        tags,
        security,
        summary: 'Payment channels the player may deposit through (limits in minor units)',
        response: replies(channelListSchema),
      },
    },
    async (request) => ok({ channels: await deposit.channels(request.language) }),
  );

  app.post(
    depositPaths.orders,
    {
      onRequest: app.requireRealAccount,
      config: { ...writes, stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary: 'A new deposit order (online: redirectUrl of the gateway; manual: bank account)',
        description: idempotentCallDescription,
        body: createDepositBodySchema,
        response: replies(depositOrderSchema),
      },
    },
    async (request, reply) =>
      sendStored(reply, await deposit.create(memberOf(request).member.id, request.body)),
  );

  app.get(
    depositPaths.orders,
    {
      onRequest: app.requireRealAccount,
      schema: {
        tags,
        security,
        summary: "The player's latest deposit orders",
        response: replies(depositOrderListSchema),
      },
    },
    async (request) => ok({ orders: await deposit.list(memberOf(request).member.id) }),
  );

  app.get(
    depositPaths.order,
    {
      onRequest: app.requireRealAccount,
      schema: {
        tags,
        security,
        summary: 'One of the player’s deposit orders',
        params: orderIdParamsSchema,
        response: replies(depositOrderSchema),
      },
    },
    async (request) => ok(await deposit.get(memberOf(request).member.id, request.params.orderId)),
  );

  app.post(
    depositPaths.transferReference,
    {
      onRequest: app.requireRealAccount,
      config: writes,
      schema: {
        tags,
        security,
        summary:
          'The bank transfer reference of a manual deposit, or the 12-digit UTR of a UPI one',
        description:
          'Manual: 4 to 64 letters, digits, space and `_ . / -`. UPI: exactly 12 digits ' +
          '(400 `upi_utr_invalid`); a UTR settles one order only (409 `upi_utr_taken` when ' +
          'another order has it). The operator, or the UPI provider’s webhook, confirms.',
        params: orderIdParamsSchema,
        body: transferReferenceBodySchema,
        response: replies(depositOrderSchema),
      },
    },
    async (request) =>
      ok(
        await deposit.submitReference(
          memberOf(request).member.id,
          request.params.orderId,
          request.body.reference,
        ),
      ),
  );

  app.post(
    depositPaths.cancel,
    {
      onRequest: app.requireRealAccount,
      config: writes,
      schema: {
        tags,
        security,
        summary: 'Cancel a pending deposit order',
        params: orderIdParamsSchema,
        response: replies(depositOrderSchema),
      },
    },
    async (request) =>
      ok(await deposit.cancel(memberOf(request).member.id, request.params.orderId)),
  );
};

const signedHeaders = z.looseObject({
  [webhookHeaders.signature]: z.string().max(200).optional(),
  [webhookHeaders.timestamp]: z.string().max(20).optional(),
});

/**
 * The payment gateway's and the UPI provider's webhooks. Their body stays raw (a Buffer) so the
 * HMAC is computed over the exact bytes the sender signed; the service parses and validates it
 * after the signature. The body schemas are there for the OpenAPI document: the validator of
 * this plugin leaves the body as it came (headers are validated as everywhere).
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<Options> = async (app, { deposit }) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.setValidatorCompiler((route) =>
    route.httpPart === 'body'
      ? (data: unknown) => ({ value: data })
      : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]),
  );
  app.post(
    paymentWebhookPath,
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['deposit'],
        summary: 'The payment gateway’s signed result (HMAC-SHA256, replay window)',
        headers: signedHeaders,
        body: paymentWebhookBodySchema,
        response: replies(webhookReplySchema),
      },
    },
    async (request) => ok(await deposit.webhook(...signedCall(request))),
  );
  app.post(
    upiWebhookPath,
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['deposit'],
        summary: 'The UPI provider’s signed result of a UPI deposit (HMAC-SHA256, replay window)',
        description:
          'Signed as `/wps/payment/webhook` is, with UPI_WEBHOOK_SECRET (401 on a bad ' +
          'signature or a timestamp outside the replay window). The JSON body, read raw and ' +
          'checked after the signature: `orderId` (the order id, the `tn` of the intent) or ' +
          '`utr` (12 digits) or both, `amount` (minor units, a string of digits) and `status` ' +
          '(`paid` or `failed`). Matched by UTR and amount (409 `payment_mismatch`); a paid ' +
          'result credits once, however often it comes.',
        headers: signedHeaders,
        body: upiWebhookBodySchema,
        response: replies(webhookReplySchema),
      },
    },
    async (request) => ok(await deposit.upiWebhook(...signedCall(request))),
  );
};

/** The raw body and the signature headers of a webhook call. */
function signedCall(request: {
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}): [Buffer, { signature: string | undefined; timestamp: string | undefined }] {
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  return [
    raw,
    {
      signature: header(webhookHeaders.signature),
      timestamp: header(webhookHeaders.timestamp),
    },
  ];
}

/** Operators: manual deposits awaiting confirmation, confirm (credits) or reject (audited). */
export const depositOpsRoutes: FastifyPluginAsyncZod<Options> = async (app, { deposit }) => {
  const common = {
    onRequest: app.requireOperator,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };
  const tags = ['ops'];
  const security = [{ opsBasic: [] }];
  const operatorOf = (request: { operator: Operator | null }): Operator => {
    if (!request.operator) throw new Error('requireOperator did not set the operator');
    return request.operator;
  };

  app.get(
    depositOpsPaths.list,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Deposit orders by status and kind (pending manual ones by default)',
        querystring: opsDepositQuerySchema,
        response: replies(opsDepositListSchema),
      },
    },
    async (request) => ok({ orders: await deposit.opsList(request.query) }),
  );

  app.post(
    depositOpsPaths.confirm,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Confirm a manual or UPI deposit: the amount is credited and the player notified',
        params: orderIdParamsSchema,
        response: replies(depositOrderSchema),
      },
    },
    async (request) => ok(await deposit.opsConfirm(operatorOf(request), request.params.orderId)),
  );

  app.post(
    depositOpsPaths.reject,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Reject a manual or UPI deposit with a reason: the player is notified',
        params: orderIdParamsSchema,
        body: opsRejectBodySchema,
        response: replies(depositOrderSchema),
      },
    },
    async (request) =>
      ok(await deposit.opsReject(operatorOf(request), request.params.orderId, request.body.reason)),
  );
};
