import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentPagedQuerySchema,
  agentPaths,
  agentRangeQuerySchema,
  announcementPageSchema,
  announcementsQuerySchema,
  downlineMemberDetailSchema,
  downlinePageSchema,
  downlineQuerySchema,
  incomePageSchema,
  memberParamsSchema,
  profitLossPageSchema,
  teamBetPageSchema,
  teamOverviewSchema,
  teamTransactionPageSchema,
} from '../../../contract/agent.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';

const tags = ['agent'];
const security = [{ bearer: [] }];
const range =
  'Period: preset last7 (default) or last30 back from now, next7 or next30 on from it, or startDate and endDate (ISO, at most 92 days)';

/**
 * The agent center's read calls (issue 15): thin, each one service call. Every one runs
 * `app.requireAgent` (agent types 1, 2, 41, 42; others 403 error_not_agent); a member named in
 * the query or path must be in the caller's team (403 not_in_team).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  const onRequest = app.requireAgent;

  app.get(
    agentPaths.teamOverview,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: `Team overview (agentTeamOverview): team size, direct downline, new and active members, deposits, withdrawals, turnover, valid turnover, wins, net profit and loss, team balance. ${range}`,
        querystring: agentRangeQuerySchema,
        response: replies(teamOverviewSchema),
      },
    },
    async (request) => ok(await reports.teamOverview(memberOf(request).member, request.query)),
  );

  app.get(
    agentPaths.downline,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Team management (downlineManagmentView): the direct downline of parent (default the caller) with the breadcrumb path, or search the whole team by account prefix; 15 a page',
        querystring: downlineQuerySchema,
        response: replies(downlinePageSchema),
      },
    },
    async (request) => ok(await reports.downline(memberOf(request).member, request.query)),
  );

  app.get(
    agentPaths.member,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: `A member of the team: level, upline, team size, balance, the figures of the member and its team, its contracts. ${range}`,
        params: memberParamsSchema,
        querystring: agentRangeQuerySchema,
        response: replies(downlineMemberDetailSchema),
      },
    },
    async (request) =>
      ok(await reports.member(memberOf(request).member, request.params.username, request.query)),
  );

  app.get(
    agentPaths.teamBets,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: `Team betting (personalHistoryCopy): the team's game and lottery bets, newest first, 15 a page; totals stake, validTurnover, win. ${range}`,
        querystring: agentPagedQuerySchema,
        response: replies(teamBetPageSchema),
      },
    },
    async (request) =>
      ok(await reports.teamBets(memberOf(request).member, request.query, request.language)),
  );

  app.get(
    agentPaths.profitLoss,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: `User profit and loss (palStatementsAgentCopy): per member of the team with activity in the period, 15 a page; totals of every column. ${range}`,
        querystring: agentPagedQuerySchema,
        response: replies(profitLossPageSchema),
      },
    },
    async (request) => ok(await reports.profitLoss(memberOf(request).member, request.query)),
  );

  app.get(
    agentPaths.income,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: `My income (agentRevenueReport): wages and dividends settled, received and paid, 15 a page; totals received, paid. ${range}`,
        querystring: agentPagedQuerySchema,
        response: replies(incomePageSchema),
      },
    },
    async (request) => ok(await reports.income(memberOf(request).member, request.query)),
  );

  app.get(
    agentPaths.transactions,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: `Transaction details (agentDownlineTransactionDetailsCopy): the journal entries of the team's wallets, newest first, 15 a page; totals totalIn, totalOut. ${range}`,
        querystring: agentPagedQuerySchema,
        response: replies(teamTransactionPageSchema),
      },
    },
    async (request) => ok(await reports.transactions(memberOf(request).member, request.query)),
  );

  app.get(
    agentPaths.announcements,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          "Announcements for agents (agentAnnouncement), newest first, in the caller's language",
        querystring: announcementsQuerySchema,
        response: replies(announcementPageSchema),
      },
    },
    async (request) => ok(await reports.announcements(request.query, request.language)),
  );
};

/** The reports' routes over their service (one line in agent.area.ts). */
export const reportsPlugin: FastifyPluginAsyncZod = async (app) => {
  const reports = createReportsService({ db: app.database.db, clock: app.clock });
  await app.register(reportsRoutes, { reports });
};
