import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  itemIdParamsSchema,
  itemReplySchema,
  loyaltyOpsPaths,
  loyaltyPaths,
  loyaltySettingsSchema,
  okReplySchema,
  opsRedemptionsQuerySchema,
  opsRedemptionsSchema,
  pagedQuerySchema,
  pointsBalanceSchema,
  pointsConfigSchema,
  pointsDetailsSchema,
  pointsItemBodySchema,
  pointsItemsSchema,
  rebateClaimBodySchema,
  rebateClaimReplySchema,
  rebateRatesBodySchema,
  rebateSummarySchema,
  redeemBodySchema,
  redeemReplySchema,
  redemptionActionBodySchema,
  redemptionActionParamsSchema,
  redemptionStates,
  redemptionsSchema,
  vipInfoSchema,
  vipLevelsBodySchema,
} from '../../../contract/loyalty.ts';
import { z } from 'zod';
import type { Operator } from '../../platform/http/auth.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import type { PointsService } from './points.service.ts';
import type { RebateService } from './rebate.service.ts';

const tags = ['loyalty'];
const security = [{ bearer: [] }];
const opsTags = ['loyalty-ops'];
const opsSecurity = [{ opsBasic: [] }];

function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new Error('requireOperator did not set the operator');
  return request.operator;
}

/** The player's loyalty calls: points, the points mall, rebate, VIP. */
export const loyaltyRoutes: FastifyPluginAsyncZod<{
  points: PointsService;
  rebate: RebateService;
}> = async (app, { points, rebate }) => {
  const member = { onRequest: app.requireMember };

  app.get(
    loyaltyPaths.pointsBalance,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "The member's points (never expire) and the exchange ratio",
        response: replies(pointsBalanceSchema),
      },
    },
    async (request) => ok(await points.balance(memberOf(request).member.id)),
  );

  app.get(
    loyaltyPaths.pointsDetails,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Points details: earned from valid turnover, redeemed, refunded (newest first)',
        querystring: pagedQuerySchema,
        response: replies(pointsDetailsSchema),
      },
    },
    async (request) => ok(await points.details(memberOf(request).member.id, request.query)),
  );

  app.get(
    loyaltyPaths.pointsConfig,
    {
      schema: {
        tags,
        summary: 'Points rules: valid turnover per point; points never expire',
        response: replies(pointsConfigSchema),
      },
    },
    async () => ok(await points.config()),
  );

  app.get(
    loyaltyPaths.pointsItems,
    {
      schema: {
        tags,
        summary: "The points mall's catalog in the request's language",
        response: replies(pointsItemsSchema),
      },
    },
    async (request) => ok({ list: await points.items(request.language) }),
  );

  app.post(
    loyaltyPaths.pointsRedeem,
    {
      onRequest: app.requireRealAccount,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary: 'Redeem an item with the payment password (state `process` until the operator)',
        description:
          'Points taken and the redemption made in one transaction; the same idempotencyKey ' +
          'answers the first redemption. 404/409 `points_item_unavailable`, 409 ' +
          '`points_insufficient`; the payment password as for withdrawals (409 ' +
          '`payment_password_not_set`, 400 `payment_password_wrong`, 429 locked).',
        body: redeemBodySchema,
        response: replies(redeemReplySchema),
      },
    },
    async (request) =>
      ok(await points.redeem(memberOf(request).member, request.body, request.language)),
  );

  app.get(
    loyaltyPaths.pointsRedemptions,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Redeem history: in process, rejected, approved, released',
        querystring: pagedQuerySchema,
        response: replies(redemptionsSchema),
      },
    },
    async (request) => {
      const page = await points.redemptions(
        memberOf(request).member.id,
        request.query,
        request.language,
      );
      return ok({ ...page, list: page.list.map(({ memberId: _memberId, ...rest }) => rest) });
    },
  );

  app.get(
    loyaltyPaths.rebateSummary,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'manualRebate: the unclaimed rebate per game type',
        response: replies(rebateSummarySchema),
      },
    },
    async (request) => ok(await rebate.summary(memberOf(request).member.id)),
  );

  app.post(
    loyaltyPaths.rebateClaim,
    {
      onRequest: app.requireRealAccount,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary: 'Claim the unclaimed rebate (all game types, or one): one posting per span',
        description:
          'Each counted span and game type is paid once (ledger key per span); two claims at ' +
          'once pay once, the other gets 409 `rebate_nothing_to_claim`.',
        body: rebateClaimBodySchema,
        response: replies(rebateClaimReplySchema),
      },
    },
    async (request) => ok(await rebate.claim(memberOf(request).member.id, request.body.gameType)),
  );

  app.get(
    loyaltyPaths.vipInfo,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "The member's VIP level, progress to the next and every level's benefits",
        response: replies(vipInfoSchema),
      },
    },
    async (request) => ok(await rebate.vipInfo(memberOf(request).member.id, request.language)),
  );
};

/** The operator's loyalty calls, audited. */
export const loyaltyOpsRoutes: FastifyPluginAsyncZod<{
  points: PointsService;
  rebate: RebateService;
}> = async (app, { points, rebate }) => {
  const common = {
    onRequest: app.requireOperator,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };

  app.get(
    loyaltyOpsPaths.settings,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Loyalty settings',
        response: replies(loyaltySettingsSchema),
      },
    },
    async () => ok(await rebate.settings()),
  );

  app.put(
    loyaltyOpsPaths.settings,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Points ratio, automatic daily rebate, VIP service and live chat addresses',
        body: loyaltySettingsSchema,
        response: replies(loyaltySettingsSchema),
      },
    },
    async (request) => ok(await rebate.saveSettings(operatorOf(request), request.body)),
  );

  app.post(
    loyaltyOpsPaths.items,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'A points mall item (bonus credit, free spins, physical goods)',
        body: pointsItemBodySchema,
        response: replies(itemReplySchema),
      },
    },
    async (request) => ok(await points.saveItem(operatorOf(request), request.body)),
  );

  app.put(
    loyaltyOpsPaths.item,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Change a points mall item (404 `points_item_unavailable`)',
        params: itemIdParamsSchema,
        body: pointsItemBodySchema,
        response: replies(itemReplySchema),
      },
    },
    async (request) =>
      ok(await points.saveItem(operatorOf(request), request.body, request.params.id)),
  );

  app.get(
    loyaltyOpsPaths.redemptions,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Points redemptions, by state',
        querystring: opsRedemptionsQuerySchema,
        response: replies(opsRedemptionsSchema),
      },
    },
    async (request) => ok(await points.redemptions(null, request.query, 'en')),
  );

  app.post(
    loyaltyOpsPaths.redemptionAction,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Approve or reject (points back) a redemption in process; release an approved one',
        description:
          'Release of a bonus item credits its amount (one ledger posting keyed by the ' +
          'redemption). 404 `redemption_not_found`, 409 `redemption_state_invalid`.',
        params: redemptionActionParamsSchema,
        body: redemptionActionBodySchema,
        response: replies(z.object({ state: z.enum(redemptionStates) })),
      },
    },
    async (request) =>
      ok({
        state: await points.act(
          operatorOf(request),
          request.params.id,
          request.params.action,
          request.body.reason,
        ),
      }),
  );

  app.put(
    loyaltyOpsPaths.rebateRates,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Rebate rates per game type and VIP level (replaces the table)',
        body: rebateRatesBodySchema,
        response: replies(okReplySchema),
      },
    },
    async (request) => ok(await rebate.saveRates(operatorOf(request), request.body)),
  );

  app.put(
    loyaltyOpsPaths.vipLevels,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'VIP levels: reach and keep figures, upgrade bonus, benefits (replaces them)',
        body: vipLevelsBodySchema,
        response: replies(okReplySchema),
      },
    },
    async (request) => ok(await rebate.saveLevels(operatorOf(request), request.body)),
  );
};
