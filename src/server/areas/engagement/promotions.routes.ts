import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  applyBodySchema,
  approveBodySchema,
  bonusDetailsSchema,
  claimBodySchema,
  claimParamsSchema,
  imageParamsSchema,
  opsClaimListSchema,
  opsPromotionListSchema,
  opsPromotionSchema,
  promotionBodySchema,
  promotionClaimSchema,
  promotionListSchema,
  promotionOpsPaths,
  promotionParamsSchema,
  promotionPaths,
  promotionSchema,
  publicStateSchema,
  rejectBodySchema,
  rewardCenterSchema,
} from '../../../contract/promotions.ts';
import { memberOf, type Operator } from '../../platform/http/auth.ts';
import { bodyOf, ok, rawReplies, replies } from '../../platform/http/responses.ts';
import type { PromotionsService } from './promotions.service.ts';

const tags = ['promotions'];
const security = [{ bearer: [] }];
const optionalSecurity: Record<string, string[]>[] = [{ bearer: [] }, {}];
const opsTags = ['promotions-ops'];
const opsSecurity = [{ opsBasic: [] }];

function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new Error('requireOperator did not set the operator');
  return request.operator;
}

function sendImage(reply: FastifyReply, image: { contentType: string; data: Buffer }) {
  return reply
    .header('content-type', image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('cache-control', 'private, no-store')
    .send(image.data);
}

const imageReplies = rawReplies({ 200: bodyOf('The image', ['image/png', 'image/jpeg']) });

const claimErrors =
  '404 `promotion_not_found`; 409 `promotion_already_claimed` (the period has its claim: ' +
  'two claims at once credit once), 409 `promotion_not_claimable` (its state is not claim).';

/** The player's promotion calls, the reward center and the public state. */
export const promotionsRoutes: FastifyPluginAsyncZod<{ promotions: PromotionsService }> = async (
  app,
  { promotions },
) => {
  // Lists and details read the caller's state when a token comes with them.
  const optionalMember = async (request: FastifyRequest) => {
    if (request.headers.authorization) await app.requireMember(request);
  };
  const memberIdOf = (request: FastifyRequest) => request.member?.id ?? null;

  app.get(
    promotionPaths.list,
    {
      onRequest: optionalMember,
      schema: {
        tags,
        security: optionalSecurity,
        summary: "The promotions (/promotions), each with the caller's activity state",
        response: replies(promotionListSchema),
      },
    },
    async (request) => ok({ list: await promotions.list(memberIdOf(request), request.language) }),
  );

  app.get(
    promotionPaths.detail,
    {
      onRequest: optionalMember,
      schema: {
        tags,
        security: optionalSecurity,
        summary: 'One promotion (/promoDetail)',
        description: 'Unknown or disabled: 404 `promotion_not_found`.',
        params: promotionParamsSchema,
        response: replies(promotionSchema),
      },
    },
    async (request) =>
      ok(
        await promotions.detail(memberIdOf(request), request.params.promotionId, request.language),
      ),
  );

  app.post(
    promotionPaths.claim,
    {
      onRequest: app.requireRealAccount,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary: "Claim a promotion's credit now (one ledger posting per promotion and period)",
        description:
          'Kinds without approval, not raffles (`MCS2_claimRafflePromotion`). ' + claimErrors,
        body: claimBodySchema,
        response: replies(promotionClaimSchema),
      },
    },
    async (request) =>
      ok(
        await promotions.claim(
          memberOf(request).member,
          request.body.promotionId,
          request.language,
        ),
      ),
  );

  app.post(
    promotionPaths.claimRaffle,
    {
      onRequest: app.requireRealAccount,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary: "Draw a raffle's prize by weight and credit it (once per period)",
        description: claimErrors,
        body: claimBodySchema,
        response: replies(promotionClaimSchema),
      },
    },
    async (request) =>
      ok(
        await promotions.claimRaffle(
          memberOf(request).member,
          request.body.promotionId,
          request.language,
        ),
      ),
  );

  app.post(
    promotionPaths.apply,
    {
      onRequest: app.requireRealAccount,
      bodyLimit: 8 * 1024 * 1024 * 3,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary: 'Apply for a promotion (remark up to 140 characters, up to 3 png/jpg images)',
        description:
          'Images are base64, checked by content: 415 `image_invalid`, 413 `image_too_large` ' +
          '(5 MB), 413 `too_many_images`. The application waits for an operator (state ' +
          'applying). ' +
          claimErrors,
        body: applyBodySchema,
        response: replies(promotionClaimSchema),
      },
    },
    async (request) =>
      ok(await promotions.apply(memberOf(request).member, request.body, request.language)),
  );

  app.get(
    promotionPaths.image,
    {
      onRequest: app.requireRealAccount,
      schema: {
        tags,
        security,
        summary: "One of the caller's application images (png or jpg)",
        params: imageParamsSchema,
        response: imageReplies,
      },
    },
    async (request, reply) =>
      sendImage(
        reply,
        await promotions.image(
          memberOf(request).member.id,
          request.params.claimId,
          request.params.index,
        ),
      ),
  );

  app.get(
    promotionPaths.bonusDetails,
    {
      onRequest: app.requireRealAccount,
      schema: {
        tags,
        security,
        summary: "bonusDetails: the caller's claims and the turnover each still needs",
        response: replies(bonusDetailsSchema),
      },
    },
    async (request) =>
      ok(await promotions.bonusDetails(memberOf(request).member.id, request.language)),
  );

  app.get(
    promotionPaths.rewardCenter,
    {
      onRequest: app.requireRealAccount,
      schema: {
        tags,
        security,
        summary: 'rewardCenter: everything claimable now (promotions, missions, rebate, raffles)',
        response: replies(rewardCenterSchema),
      },
    },
    async (request) =>
      ok({
        list: await promotions.rewardCenter(memberOf(request).member.id, request.language),
      }),
  );

  app.get(
    promotionPaths.publicState,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary:
          'The public state: sumBalance, currencySymbol, availablePromoCount, unreadMessage, ' +
          'hasVip, vipRankLevel, availablePromo (REFERRAL) and the badge counts',
        response: replies(publicStateSchema),
      },
    },
    async (request) => ok(await promotions.publicState(memberOf(request).member.id)),
  );
};

/** The operator's promotion calls (HTTP Basic, audited). */
export const promotionsOpsRoutes: FastifyPluginAsyncZod<{ promotions: PromotionsService }> = async (
  app,
  { promotions },
) => {
  const common = {
    onRequest: app.requireOperator,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };

  app.get(
    promotionOpsPaths.promotions,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Every promotion',
        response: replies(opsPromotionListSchema),
      },
    },
    async () => ok({ list: await promotions.opsList() }),
  );

  app.post(
    promotionOpsPaths.promotions,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Create a promotion',
        body: promotionBodySchema,
        response: replies(opsPromotionSchema),
      },
    },
    async (request) => ok(await promotions.create(operatorOf(request), request.body)),
  );

  app.put(
    promotionOpsPaths.promotion,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Update a promotion',
        description: 'Unknown: 404 `promotion_not_found`.',
        params: promotionParamsSchema,
        body: promotionBodySchema,
        response: replies(opsPromotionSchema),
      },
    },
    async (request) =>
      ok(await promotions.update(operatorOf(request), request.params.promotionId, request.body)),
  );

  app.get(
    promotionOpsPaths.claims,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Applications waiting for a decision (state applying), oldest first',
        response: replies(opsClaimListSchema),
      },
    },
    async (request) => ok({ list: await promotions.applications(request.language) }),
  );

  app.post(
    promotionOpsPaths.approve,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Approve an application: its credit through the ledger',
        description:
          'Without an amount the one worked out at the application (none: 400 ' +
          '`promotion_amount_required`); decided already: 409 `promotion_claim_state_invalid`.',
        params: claimParamsSchema,
        body: approveBodySchema,
        response: replies(promotionClaimSchema),
      },
    },
    async (request) =>
      ok(
        await promotions.approve(operatorOf(request), request.params.claimId, request.body.amount),
      ),
  );

  app.post(
    promotionOpsPaths.reject,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Reject an application with a reason',
        params: claimParamsSchema,
        body: rejectBodySchema,
        response: replies(promotionClaimSchema),
      },
    },
    async (request) =>
      ok(await promotions.reject(operatorOf(request), request.params.claimId, request.body.reason)),
  );

  app.get(
    promotionOpsPaths.image,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'One application image',
        params: imageParamsSchema,
        response: imageReplies,
      },
    },
    async (request, reply) =>
      sendImage(reply, await promotions.image(null, request.params.claimId, request.params.index)),
  );
};
