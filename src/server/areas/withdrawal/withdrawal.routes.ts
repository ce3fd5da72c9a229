import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankAccountSchema,
  bindBankAccountBodySchema,
  changePaymentPasswordBodySchema,
  changePaymentPasswordPayloadSchema,
  confirmationFieldsSchema,
  imageParamsSchema,
  opsPayoutDetailsSchema,
  opsWithdrawalListSchema,
  opsWithdrawalQuerySchema,
  rejectBodySchema,
  setPaymentPasswordBodySchema,
  setPaymentPasswordPayloadSchema,
  withdrawalIdParamsSchema,
  withdrawalListSchema,
  withdrawalRequestBodySchema,
  withdrawalRequestPayloadSchema,
  withdrawalSchema,
  withdrawInfoSchema,
  withdrawOpsPaths,
  withdrawPaths,
} from '../../../contract/withdrawal.ts';
import { memberOf } from '../../platform/http/auth.ts';
import type { EncService } from '../../platform/keys/enc-payload.ts';
import { AppError } from '../../platform/errors.ts';
import type { WithdrawalService } from './withdrawal.service.ts';
import {
  imageFormBodyLimit,
  imageFormOptions,
  readImageForm,
} from '../../platform/http/multipart-images.ts';
import { bodyOf, ok, rawReplies, replies } from '../../platform/http/responses.ts';
import {
  idempotentCallDescription,
  sendStored,
} from '../../platform/idempotency/idempotent-replies.ts';

export type WithdrawalRouteDeps = { withdrawal: WithdrawalService; enc: EncService };

/** Reads the confirmation form: its fields (outcome, receivedAmount) and up to 3 `images`. */
async function readConfirmation(request: FastifyRequest) {
  const { fields, images } = await readImageForm(request);
  const parsed = confirmationFieldsSchema.safeParse(fields);
  if (!parsed.success) throw new AppError(400, 'bad_request');
  return { fields: parsed.data, images };
}

/** The player's withdrawal calls. */
export const withdrawalRoutes: FastifyPluginAsyncZod<WithdrawalRouteDeps> = async (
  app,
  { withdrawal, enc },
) => {
  // Proof images: only the confirmation route takes multipart, within this plugin.
  await app.register(multipart, imageFormOptions(4, 64));
  const tags = ['withdraw'];
  const security = [{ bearer: [] }];
  const guard = app.requireRealAccount;

  app.get(
    withdrawPaths.info,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary:
          'Payment password set?, payout accounts, recent withdrawals, the limits (per request, per day, left today) and what can be withdrawn now',
        response: replies(withdrawInfoSchema),
      },
    },
    async (request) => ok(await withdrawal.info(memberOf(request).member)),
  );

  app.post(
    withdrawPaths.bankAccounts,
    {
      onRequest: guard,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary:
          'Bind a payout account: a bank account (bank name, holder, 6-24 digits; IFSC required when the site pays in INR, paid by IMPS) or kind upi (holder, VPA name@handle)',
        description:
          'Each format has its own translated 400: account_number_invalid, ifsc_invalid, ifsc_required, vpa_invalid, bank_name_required, upi_unavailable (UPI outside INR).',
        body: bindBankAccountBodySchema,
        response: replies(bankAccountSchema),
      },
    },
    async (request) => ok(await withdrawal.bindBankAccount(memberOf(request).member, request.body)),
  );

  app.post(
    withdrawPaths.paymentPassword,
    {
      onRequest: guard,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Set the payment password when none is set (enc: paymentPassword, password)',
        body: setPaymentPasswordBodySchema,
        response: replies(z.object({ paymentPasswordSet: z.boolean() })),
      },
    },
    async (request) => {
      const payload = await enc.open(setPaymentPasswordPayloadSchema, request.body.enc);
      return ok(await withdrawal.setPaymentPassword(memberOf(request).member, payload));
    },
  );

  app.put(
    withdrawPaths.paymentPassword,
    {
      onRequest: guard,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary:
          'Change the payment password (enc: currentPaymentPassword, paymentPassword, password)',
        description:
          'The current payment password is checked first and counted with every payment that ' +
          'asks it (400 `payment_password_wrong`, 429 `payment_password_locked`; 409 ' +
          '`payment_password_not_set` when none is set), then the login password (400 ' +
          '`password_wrong`); the new one must differ (400 `payment_password_same`). 409 ' +
          '`payment_password_changed` when another change landed meanwhile.',
        body: changePaymentPasswordBodySchema,
        response: replies(z.object({ paymentPasswordSet: z.boolean() })),
      },
    },
    async (request) => {
      const payload = await enc.open(changePaymentPasswordPayloadSchema, request.body.enc);
      return ok(await withdrawal.changePaymentPassword(memberOf(request).member, payload));
    },
  );

  app.get(
    withdrawPaths.requests,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: "The member's withdrawals, newest first",
        response: replies(withdrawalListSchema),
      },
    },
    async (request) => ok(await withdrawal.list(memberOf(request).member.id)),
  );

  app.post(
    withdrawPaths.requests,
    {
      onRequest: guard,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary:
          'Request a withdrawal (enc: bankAccountId, amount, paymentPassword, idempotencyKey); the amount leaves the wallet at once',
        description: `${idempotentCallDescription} Refused with 409 withdrawal_daily_count or withdrawal_daily_amount past the day's limits (WITHDRAWAL_DAILY_COUNT, WITHDRAWAL_DAILY_AMOUNT; the message says what is left today), 409 bonus_wagering_unmet above what bonus wagering leaves withdrawable.`,
        body: withdrawalRequestBodySchema,
        response: replies(withdrawalSchema),
      },
    },
    async (request, reply) => {
      const payload = await enc.open(withdrawalRequestPayloadSchema, request.body.enc);
      return sendStored(reply, await withdrawal.request(memberOf(request).member, payload));
    },
  );

  app.post(
    withdrawPaths.confirm,
    {
      onRequest: guard,
      bodyLimit: imageFormBodyLimit,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary:
          'Confirm a paid withdrawal (multipart: outcome received | notReceived | partlyReceived, receivedAmount, up to 3 png/jpg images of 5 MB)',
        params: withdrawalIdParamsSchema,
        consumes: ['multipart/form-data'],
        response: replies(withdrawalSchema),
      },
    },
    async (request) => {
      const { fields, images } = await readConfirmation(request);
      return ok(
        await withdrawal.confirm(memberOf(request).member, request.params.id, fields, images),
      );
    },
  );
};

/** The operator's withdrawal calls (audited). */
export const withdrawalOpsRoutes: FastifyPluginAsyncZod<{ withdrawal: WithdrawalService }> = async (
  app,
  { withdrawal },
) => {
  const common = {
    onRequest: app.requireOperator,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };
  const tags = ['ops'];
  const security = [{ opsBasic: [] }];
  const operatorOf = (request: FastifyRequest) => {
    if (!request.operator) throw new Error('requireOperator did not set the operator');
    return request.operator;
  };

  app.get(
    withdrawOpsPaths.list,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Withdrawals, newest first, by status or member',
        querystring: opsWithdrawalQuerySchema,
        response: replies(opsWithdrawalListSchema),
      },
    },
    async (request) => ok(await withdrawal.opsList(request.query)),
  );

  app.get(
    withdrawOpsPaths.payout,
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          'Full payout details of a withdrawal (holder, account number, IFSC, bank); every read is audited',
        params: withdrawalIdParamsSchema,
        response: replies(opsPayoutDetailsSchema),
      },
    },
    async (request) => ok(await withdrawal.payoutDetails(operatorOf(request), request.params.id)),
  );

  app.post(
    withdrawOpsPaths.approve,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'The money was sent: requested -> paid; the player is notified',
        params: withdrawalIdParamsSchema,
        response: replies(withdrawalSchema),
      },
    },
    async (request) => ok(await withdrawal.approve(operatorOf(request), request.params.id)),
  );

  app.post(
    withdrawOpsPaths.reject,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Refuse: the amount is credited back; the player is notified',
        params: withdrawalIdParamsSchema,
        body: rejectBodySchema,
        response: replies(withdrawalSchema),
      },
    },
    async (request) =>
      ok(await withdrawal.reject(operatorOf(request), request.params.id, request.body.reason)),
  );

  app.get(
    withdrawOpsPaths.image,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'One proof image',
        params: imageParamsSchema,
        response: rawReplies({ 200: bodyOf('The image', ['image/png', 'image/jpeg']) }),
      },
    },
    async (request, reply) => {
      const image = await withdrawal.image(request.params.id, request.params.imageId);
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(image.data);
    },
  );
};
