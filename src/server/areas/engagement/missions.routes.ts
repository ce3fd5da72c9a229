import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  missionBodySchema,
  missionClaimBodySchema,
  missionClaimReplySchema,
  missionDefinitionListSchema,
  missionDefinitionSchema,
  missionLeaderboardSchema,
  missionParamsSchema,
  missionSummarySchema,
  missionsOpsPaths,
  missionsPaths,
  referralInfoSchema,
  referralRulesBodySchema,
  referralRulesSchema,
} from '../../../contract/missions.ts';
import { memberOf, type Operator } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import type { MissionsService } from './missions.service.ts';
import type { ReferralService } from './referral.service.ts';

const tags = ['missions'];
const security = [{ bearer: [] }];
const opsTags = ['missions-ops'];
const opsSecurity = [{ opsBasic: [] }];

function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new Error('requireOperator did not set the operator');
  return request.operator;
}

/** The player's mission, leaderboard and referral calls (real accounts only). */
export const missionsRoutes: FastifyPluginAsyncZod<{
  missions: MissionsService;
  referral: ReferralService;
}> = async (app, { missions, referral }) => {
  const onRequest = app.requireRealAccount;

  app.get(
    missionsPaths.summary,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The member's daily and weekly missions with their progress",
        description:
          'Progress counts the current local day or week (operator time zone): valid turnover ' +
          'and rounds from the bet rollups, deposits paid, the longest run of days with a login.',
        response: replies(missionSummarySchema),
      },
    },
    async (request) => ok(await missions.summary(memberOf(request).member, request.language)),
  );

  app.get(
    missionsPaths.leaderboard,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "This week's mission leaderboard (top 50) and the member's own line",
        response: replies(missionLeaderboardSchema),
      },
    },
    async (request) => ok(await missions.leaderboard(memberOf(request).member)),
  );

  app.post(
    missionsPaths.claim,
    {
      onRequest,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary: "A completed mission's reward into the main wallet (once per period)",
        description:
          '404 `mission_not_found` (unknown or inactive), 409 `mission_not_completed`, 409 ' +
          '`mission_already_claimed` (a second claim, even at the same instant, pays nothing).',
        body: missionClaimBodySchema,
        response: replies(missionClaimReplySchema),
      },
    },
    async (request) => ok(await missions.claim(memberOf(request).member, request.body.missionId)),
  );

  app.get(
    missionsPaths.referral,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The member's referral code, link, rules and referred friends",
        response: replies(referralInfoSchema),
      },
    },
    async (request) => ok(await referral.info(memberOf(request).member, request)),
  );
};

/** The operator's mission definitions and referral rules (audited). */
export const missionsOpsRoutes: FastifyPluginAsyncZod<{
  missions: MissionsService;
  referral: ReferralService;
}> = async (app, { missions, referral }) => {
  const common = {
    onRequest: app.requireOperator,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };

  app.get(
    missionsOpsPaths.missions,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'Every mission definition',
        response: replies(missionDefinitionListSchema),
      },
    },
    async () => ok(await missions.definitions()),
  );

  app.post(
    missionsOpsPaths.missions,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'A new daily or weekly mission',
        description: 'Rounds need a gameType; a login streak is at most 7 days.',
        body: missionBodySchema,
        response: replies(missionDefinitionSchema),
      },
    },
    async (request) => ok(await missions.create(operatorOf(request), request.body)),
  );

  app.put(
    missionsOpsPaths.mission,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: 'A mission definition replaced (claims already made stay)',
        params: missionParamsSchema,
        body: missionBodySchema,
        response: replies(missionDefinitionSchema),
      },
    },
    async (request) =>
      ok(await missions.update(operatorOf(request), request.params.missionId, request.body)),
  );

  app.get(
    missionsOpsPaths.referral,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: "The referral reward's rules",
        response: replies(referralRulesSchema),
      },
    },
    async () => ok(await referral.rules()),
  );

  app.put(
    missionsOpsPaths.referral,
    {
      ...common,
      schema: {
        tags: opsTags,
        security: opsSecurity,
        summary: "The referral reward's rules (paid once per friend who meets both minimums)",
        body: referralRulesBodySchema,
        response: replies(referralRulesSchema),
      },
    },
    async (request) => ok(await referral.setRules(operatorOf(request), request.body)),
  );
};
