import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addProviderBodySchema,
  betRecordPageSchema,
  betRecordQuerySchema,
  betRecordsPaths,
  editProviderBodySchema,
  launchFBQuerySchema,
  launchPaths,
  launchQuerySchema,
  launchReplySchema,
  launchSettingsBodySchema,
  launchSettingsSchema,
  memberBetsPageSchema,
  memberBetsQuerySchema,
  profitPageSchema,
  profitQuerySchema,
  providerCodeParamsSchema,
  providerSchema,
  providerSecretReplySchema,
  seamlessOpsPaths,
} from '../../../../contract/seamless.ts';
import { memberOf } from '../../../platform/http/auth.ts';
import { ok, replies } from '../../../platform/http/responses.ts';
import type { LaunchService } from './launch.service.ts';
import type { BetRecordsService } from './bet-records.service.ts';
import type { ProvidersService } from './providers.service.ts';

const security = [{ bearer: [] }];
const tags = ['games'];

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Launch calls (token) and the member's game records. */
export const launchRoutes: FastifyPluginAsyncZod<{
  launch: LaunchService;
  records: BetRecordsService;
}> = async (app, { launch, records }) => {
  const noStore = async (
    _request: FastifyRequest,
    reply: { header: (k: string, v: string) => unknown },
  ) => {
    reply.header('cache-control', 'no-store');
  };

  app.get(
    launchPaths.launchGame,
    {
      onRequest: app.requireMember,
      onSend: noStore,
      config: { stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary: 'Launch a game: its URL with a single-use launch token (frame or popup)',
        querystring: launchQuerySchema,
        response: replies(launchReplySchema),
      },
    },
    async (request) =>
      ok(
        await launch.launchGame(memberOf(request).member, request.query, {
          language: request.language,
          origin: originOf(request),
        }),
      ),
  );

  app.get(
    launchPaths.gameLaunchFB,
    {
      onRequest: app.requireMember,
      onSend: noStore,
      config: { stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary: "Launch a vendor's lobby (FB sports): its URL with a single-use launch token",
        querystring: launchFBQuerySchema,
        response: replies(launchReplySchema),
      },
    },
    async (request) =>
      ok(
        await launch.launchVendor(memberOf(request).member, request.query, {
          language: request.language,
          origin: originOf(request),
        }),
      ),
  );

  app.get(
    betRecordsPaths.personalHistory,
    {
      onRequest: app.requireRealAccount,
      schema: {
        tags,
        security,
        summary:
          'Betting record (personalHistoryCopy): the bets of every product (games, lottery) by game type, vendor, dates; 15 a page',
        querystring: betRecordQuerySchema,
        response: replies(betRecordPageSchema),
      },
    },
    async (request) =>
      ok(
        await records.personalHistory(memberOf(request).member.id, request.query, request.language),
      ),
  );

  app.get(
    betRecordsPaths.personalProfit,
    {
      onRequest: app.requireRealAccount,
      schema: {
        tags,
        security,
        summary:
          'Personal profit and loss (personalProfit): the betting record’s bets per day (operator’s time zone)',
        querystring: profitQuerySchema,
        response: replies(profitPageSchema),
      },
    },
    async (request) => ok(await records.personalProfit(memberOf(request).member.id, request.query)),
  );
};

const opsSecurity = [{ opsBasic: [] }];
const opsTags = ['ops'];

/** Operator calls: providers and secrets (audited), a member's bets, launch settings. */
export const seamlessOpsRoutes: FastifyPluginAsyncZod<{ providers: ProvidersService }> = async (
  app,
  { providers },
) => {
  const onRequest = app.requireOperator;
  const operatorOf = (request: FastifyRequest) => {
    if (!request.operator) throw new Error('route is missing requireOperator');
    return request.operator;
  };

  app.get(
    seamlessOpsPaths.providers,
    {
      onRequest,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Game providers of the seamless wallet',
        response: replies(z.array(providerSchema)),
      },
    },
    async () => ok(await providers.list()),
  );
  app.post(
    seamlessOpsPaths.providers,
    {
      onRequest,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Add a provider; its secret is answered once (stored encrypted)',
        body: addProviderBodySchema,
        response: replies(providerSecretReplySchema),
      },
    },
    async (request) => ok(await providers.add(operatorOf(request), request.body)),
  );
  app.put(
    seamlessOpsPaths.provider,
    {
      onRequest,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Edit a provider (name, status, allowed IPs, vendors, launch URL)',
        params: providerCodeParamsSchema,
        body: editProviderBodySchema,
        response: replies(providerSchema),
      },
    },
    async (request) =>
      ok(await providers.edit(operatorOf(request), request.params.code, request.body)),
  );
  app.post(
    seamlessOpsPaths.rotateSecret,
    {
      onRequest,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: "Rotate a provider's secret (answered once; the old one stops at once)",
        params: providerCodeParamsSchema,
        response: replies(providerSecretReplySchema),
      },
    },
    async (request) => ok(await providers.rotateSecret(operatorOf(request), request.params.code)),
  );
  app.get(
    seamlessOpsPaths.memberBets,
    {
      onRequest,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: "A member's bets, newest first",
        querystring: memberBetsQuerySchema,
        response: replies(memberBetsPageSchema),
      },
    },
    async (request) => ok(await providers.memberBets(request.query)),
  );
  app.get(
    seamlessOpsPaths.launchSettings,
    {
      onRequest,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Launch settings (what a trial account may launch)',
        response: replies(launchSettingsSchema),
      },
    },
    async () => ok(await providers.launchSettings()),
  );
  app.put(
    seamlessOpsPaths.launchSettings,
    {
      onRequest,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Set the launch settings (audited)',
        body: launchSettingsBodySchema,
        response: replies(launchSettingsSchema),
      },
    },
    async (request) => ok(await providers.saveLaunchSettings(operatorOf(request), request.body)),
  );
};
