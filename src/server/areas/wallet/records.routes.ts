import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bonusBodySchema,
  bonusQuerySchema,
  consolidateBodySchema,
  consolidatedFundsSchema,
  consolidateReplySchema,
  merchantWalletBodySchema,
  merchantWalletSchema,
  recordPageSchema,
  recordsOpsPaths,
  recordsPaths,
  transactionQuerySchema,
  transferReplySchema,
  transferUplineBodySchema,
  transferUplineReplySchema,
  walletTransferBodySchema,
} from '../../../contract/records.ts';
import { postingReplySchema } from '../../../contract/wallet.ts';
import type { RecordsService } from './records.service.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import {
  idempotentCallDescription as description,
  sendStored,
} from '../../platform/idempotency/idempotent-replies.ts';

const security = [{ bearer: [] }];
const tags = ['wallet'];
/** Money calls: a person clicks; a script retrying fast is slowed down. */
const moneyLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** The member center's records and transfers (account record, bonus details, my wallet, upline). */
export const recordsRoutes: FastifyPluginAsyncZod<{ records: RecordsService }> = async (
  app,
  { records },
) => {
  const onRequest = app.requireRealAccount;

  app.get(
    recordsPaths.transactions,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The member's journal entries by type and date range, 15 a page",
        querystring: transactionQuerySchema,
        response: replies(recordPageSchema),
      },
    },
    async (request) =>
      ok(await records.transactions(memberOf(request).member, request.query, request.language)),
  );

  app.get(
    recordsPaths.bonuses,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The member's bonus and rebate entries by date range, 15 a page",
        querystring: bonusQuerySchema,
        response: replies(recordPageSchema),
      },
    },
    async (request) =>
      ok(await records.bonuses(memberOf(request).member, request.query, request.language)),
  );

  app.get(
    recordsPaths.merchantWallet,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'value.isSingle: one wallet for every game, or a wallet per vendor',
        response: replies(merchantWalletSchema),
      },
    },
    async () => ok(await records.merchantWallet()),
  );

  app.get(
    recordsPaths.consolidatedFunds,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The member's main and vendor wallets with their sum",
        response: replies(consolidatedFundsSchema),
      },
    },
    async (request) => ok(await records.funds(memberOf(request).member)),
  );

  app.post(
    recordsPaths.consolidatedFunds,
    {
      onRequest,
      config: { ...moneyLimit, stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary: 'Every vendor wallet back to the main wallet (idempotent by key)',
        description,
        body: consolidateBodySchema,
        response: replies(consolidateReplySchema),
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await records.consolidate(memberOf(request).member, request.body.idempotencyKey),
      ),
  );

  app.post(
    recordsPaths.walletTransfer,
    {
      onRequest,
      config: { ...moneyLimit, stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary: 'Main wallet to a vendor wallet or back (idempotent by key)',
        description,
        body: walletTransferBodySchema,
        response: replies(transferReplySchema),
      },
    },
    async (request, reply) =>
      sendStored(reply, await records.walletTransfer(memberOf(request).member, request.body)),
  );

  app.post(
    recordsPaths.transferUpline,
    {
      onRequest,
      // Each call checks the payment password: few tries a minute.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary: 'Main wallet to the upline agent, with the payment password (idempotent by key)',
        description,
        body: transferUplineBodySchema,
        response: replies(transferUplineReplySchema),
      },
    },
    async (request, reply) =>
      sendStored(reply, await records.transferUpline(memberOf(request).member, request.body)),
  );
};

/** Operators: the wallet mode and bonus credits. */
export const recordsOpsRoutes: FastifyPluginAsyncZod<{ records: RecordsService }> = async (
  app,
  { records },
) => {
  const common = {
    onRequest: app.requireOperator,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };
  const opsTags = ['ops'];
  const opsSecurity = [{ opsBasic: [] }];
  const operatorOf = (request: FastifyRequest) => {
    if (!request.operator) throw new Error('requireOperator did not set the operator');
    return request.operator;
  };

  app.put(
    recordsOpsPaths.merchantWallet,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Set the wallet mode: isSingle true (no transfers) or false (a wallet per vendor)',
        body: merchantWalletBodySchema,
        response: replies(merchantWalletSchema),
      },
    },
    async (request) => ok(await records.setMerchantWallet(operatorOf(request), request.body)),
  );

  app.post(
    recordsOpsPaths.bonuses,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: "Credit a bonus or rebate to a member's main wallet (audited, idempotent by key)",
        description,
        body: bonusBodySchema,
        response: replies(postingReplySchema),
      },
    },
    async (request, reply) =>
      sendStored(reply, await records.grantBonus(operatorOf(request), request.body)),
  );
};
