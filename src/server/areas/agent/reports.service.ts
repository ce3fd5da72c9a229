import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { MemberRow } from '../../platform/http/auth.ts';
import { constants, type Language } from '../../../contract/constants.ts';
import { presetRange } from '../../../contract/date-presets.ts';
import type {
  agentPagedQuerySchema,
  agentRangeQuerySchema,
  AnnouncementPage,
  downlineQuerySchema,
  DownlineMember,
  DownlineMemberDetail,
  DownlinePage,
  IncomePage,
  ProfitLossPage,
  TeamBetPage,
  TeamOverview,
  TeamTransactionPage,
} from '../../../contract/agent.ts';
import {
  announcements,
  downlinePage,
  income,
  memberFigures,
  overview,
  profitLoss,
  teamBets,
  transactions,
  type DownlineRow,
  type Range,
  type Scope,
} from './reports.repository.ts';
import { teamMemberOr403 } from './access.ts';
import { pathTo } from './tree.repository.ts';
import { contractsOfMember } from './contracts.repository.ts';
import { viewOf } from './contracts.service.ts';

type RangeQuery = z.output<typeof agentRangeQuerySchema>;
type PagedQuery = z.output<typeof agentPagedQuerySchema>;
type DownlineQuery = z.output<typeof downlineQuerySchema>;
type PageQuery = { pageNo: number; pageSize: number };

const iso = (date: Date) => date.toISOString();
const isAgentType = (type: number) =>
  (constants.agentCenterTypes as readonly number[]).includes(type);
const pageOf = (query: PageQuery) => ({
  limit: query.pageSize,
  offset: (query.pageNo - 1) * query.pageSize,
});
/**
 * The agent center's read calls (issue 15): team overview, downline (one level, drill-down,
 * search, breadcrumb), a member's details and contracts, team bets, profit and loss per member,
 * my income, the team's transactions, announcements. Each is one statement of
 * reports.repository.ts (plus the access check when a member is named: 403 not_in_team for
 * anyone outside the caller's team, before anything is read).
 */
/** A page reply of the contract: the page's rows made by `row`, the count and the totals. */
function pageReply<R, T>(
  result: { rows: R[]; total: number; totals?: Record<string, string> },
  query: PageQuery,
  row: (one: R) => T,
) {
  return {
    list: result.rows.map(row),
    totalCount: result.total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totals: result.totals ?? {},
  };
}

export function createReportsService(deps: { db: Db; clock: Clock }) {
  const { db } = deps;

  /** A preset (back from now, or on from it), or the dates given (validated by the schema). */
  function rangeOf(query: RangeQuery): Range {
    if (query.startDate && query.endDate && !query.preset) {
      return { start: new Date(query.startDate), end: new Date(query.endDate) };
    }
    return presetRange(query.preset ?? 'last7', deps.clock());
  }

  /** The caller's whole team, or the one member of it the query names. */
  async function scopeOf(agent: MemberRow, username: string | undefined): Promise<Scope> {
    if (username === undefined) return { rootId: agent.id, withSelf: false };
    const member = await teamMemberOr403(db, agent.id, username);
    return { memberId: member.id, depth: member.depth };
  }

  const overviewOf = async (scope: Scope, range: Range): Promise<TeamOverview> => ({
    startDate: iso(range.start),
    endDate: iso(range.end),
    ...(await overview(db, scope, range)),
  });

  const downlineView = (row: DownlineRow): DownlineMember => ({
    username: row.username,
    nickname: row.nickname,
    type: row.type,
    isAgent: isAgentType(row.type),
    level: row.depth,
    upline: row.upline,
    teamSize: row.teamSize,
    balance: row.balance,
    createdAt: iso(row.createdAt),
    lastLoginAt: row.lastLoginAt ? iso(row.lastLoginAt) : null,
  });

  return {
    /** The caller's team figures for the period. */
    teamOverview(agent: MemberRow, query: RangeQuery): Promise<TeamOverview> {
      return overviewOf({ rootId: agent.id, withSelf: false }, rangeOf(query));
    },

    /** One level of the team (the direct downline of `parent`, default the caller), or a search of the whole team. */
    async downline(agent: MemberRow, query: DownlineQuery): Promise<DownlinePage> {
      const page = pageOf(query);
      let path = [agent.username];
      let listed;
      if (query.search !== undefined) {
        listed = await downlinePage(db, { rootId: agent.id, search: query.search }, page);
      } else if (
        query.parent === undefined ||
        query.parent.toLowerCase() === agent.username.toLowerCase()
      ) {
        listed = await downlinePage(db, { parentId: agent.id, depthOffset: 0 }, page);
      } else {
        const parent = await teamMemberOr403(db, agent.id, query.parent);
        [path, listed] = await Promise.all([
          pathTo(db, agent.id, parent.id),
          downlinePage(db, { parentId: parent.id, depthOffset: parent.depth }, page),
        ]);
      }
      return {
        path,
        list: listed.rows.map(downlineView),
        totalCount: listed.total,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      };
    },

    /** A member of the team: its place, its own and its team's figures for the period, its contracts. */
    async member(
      agent: MemberRow,
      username: string,
      query: RangeQuery,
    ): Promise<DownlineMemberDetail> {
      const member = await teamMemberOr403(db, agent.id, username);
      const [figures, memberOverview, contracts] = await Promise.all([
        memberFigures(db, member.id),
        overviewOf({ rootId: member.id, withSelf: true }, rangeOf(query)),
        contractsOfMember(db, member.id),
      ]);
      return {
        ...downlineView({ ...member, ...figures }),
        overview: memberOverview,
        // As the member sees them: role is the member's side of each.
        contracts: contracts.map((contract) => viewOf(contract, member.id)),
      };
    },

    async teamBets(agent: MemberRow, query: PagedQuery, language: Language): Promise<TeamBetPage> {
      const scope = await scopeOf(agent, query.username);
      const result = await teamBets(db, scope, rangeOf(query), pageOf(query), language);
      return pageReply(result, query, (row) => ({ ...row, placedAt: iso(row.placedAt) }));
    },

    async profitLoss(agent: MemberRow, query: PagedQuery): Promise<ProfitLossPage> {
      const scope = await scopeOf(agent, query.username);
      const result = await profitLoss(db, scope, rangeOf(query), pageOf(query));
      return pageReply(result, query, ({ depth, ...row }) => ({ ...row, level: depth }));
    },

    /** The caller's own wages and dividends, received and paid (only with `username`, a team member, when given). */
    async income(agent: MemberRow, query: PagedQuery): Promise<IncomePage> {
      const counterparty =
        query.username === undefined
          ? undefined
          : (await teamMemberOr403(db, agent.id, query.username)).id;
      const result = await income(db, agent.id, rangeOf(query), pageOf(query), counterparty);
      return pageReply(result, query, (row) => ({
        ...row,
        counterparty: row.counterparty ?? '',
        periodStart: iso(row.periodStart),
        periodEnd: iso(row.periodEnd),
        settledAt: iso(row.settledAt),
      }));
    },

    async transactions(agent: MemberRow, query: PagedQuery): Promise<TeamTransactionPage> {
      const scope = await scopeOf(agent, query.username);
      const result = await transactions(db, scope, rangeOf(query), pageOf(query));
      return pageReply(result, query, (row) => ({ ...row, createdAt: iso(row.createdAt) }));
    },

    /** Announcements for agents in the caller's language (Hindi, then English, when missing). */
    async announcements(query: PageQuery, language: Language): Promise<AnnouncementPage> {
      const result = await announcements(db, pageOf(query));
      const text = (texts: Record<string, string>) =>
        texts[language] ?? texts.hi ?? texts.en ?? Object.values(texts)[0] ?? '';
      return pageReply(result, query, (row) => ({
        id: row.id,
        title: text(row.title),
        content: text(row.content),
        createdAt: iso(row.createdAt),
      }));
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
