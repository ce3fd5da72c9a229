import {
  agentCenterSchema,
  agentLiveSchema,
  agentPaths,
  announcementPageSchema,
  consolidatedContractInfoSchema,
  downlineMemberDetailSchema,
  downlinePageSchema,
  incomeRowSchema,
  invitationSchema,
  pagedOf,
  processContractReplySchema,
  profitLossRowSchema,
  registerDownlineReplySchema,
  teamBetSchema,
  teamOverviewSchema,
  teamTransactionSchema,
  transferDownlineReplySchema,
  type ContractKind,
  type ProcessContractBody,
  type RegisterDownlinePayload,
} from '../contract/agent.ts';
import type { Encryptor } from './enc.ts';
import type { HttpClient } from './http-client.ts';

/** A period and page as the agent pages keep them: preset or startDate/endDate, pageNo, ... */
export type AgentQuery = Record<string, string>;

const teamBetsPage = pagedOf(teamBetSchema);
const profitLossPage = pagedOf(profitLossRowSchema);
const incomePage = pagedOf(incomeRowSchema);
const transactionsPage = pagedOf(teamTransactionSchema);

/**
 * The agent center's calls (src/contract/agent.ts): the menu, team reports, downline accounts,
 * invitation, transfers to a downline and the four contract workflows. Loaded with the agent
 * center (never on a visitor's first page).
 *
 * @example
 * const agent = createAgentClient(http, createEncryptor(http));
 * const { contracts } = await agent.processContract('realtime', { action: 'list' });
 */
export function createAgentClient(http: HttpClient, enc: Encryptor) {
  return {
    center: (signal?: AbortSignal) => http.get(agentPaths.center, agentCenterSchema, { signal }),
    contractInfo: (signal?: AbortSignal) =>
      http.get(agentPaths.contractInfo, consolidatedContractInfoSchema, { signal }),
    processContract: (kind: ContractKind, body: ProcessContractBody, signal?: AbortSignal) =>
      http.post(agentPaths[kind], processContractReplySchema, { body, signal }),
    teamOverview: (query: AgentQuery, signal?: AbortSignal) =>
      http.get(agentPaths.teamOverview, teamOverviewSchema, { query, signal }),
    downline: (query: AgentQuery, signal?: AbortSignal) =>
      http.get(agentPaths.downline, downlinePageSchema, { query, signal }),
    member: (username: string, signal?: AbortSignal) =>
      http.get(
        agentPaths.member.replace(':username', encodeURIComponent(username)),
        downlineMemberDetailSchema,
        { signal },
      ),
    teamBets: (query: AgentQuery, signal?: AbortSignal) =>
      http.get(agentPaths.teamBets, teamBetsPage, { query, signal }),
    profitLoss: (query: AgentQuery, signal?: AbortSignal) =>
      http.get(agentPaths.profitLoss, profitLossPage, { query, signal }),
    income: (query: AgentQuery, signal?: AbortSignal) =>
      http.get(agentPaths.income, incomePage, { query, signal }),
    transactions: (query: AgentQuery, signal?: AbortSignal) =>
      http.get(agentPaths.transactions, transactionsPage, { query, signal }),
    announcements: (query: AgentQuery, signal?: AbortSignal) =>
      http.get(agentPaths.announcements, announcementPageSchema, { query, signal }),
    live: (signal?: AbortSignal) => http.get(agentPaths.live, agentLiveSchema, { signal }),
    invitation: (signal?: AbortSignal) =>
      http.get(agentPaths.invitation, invitationSchema, { signal }),
    registerDownline: async (payload: RegisterDownlinePayload) =>
      http.post(agentPaths.registerDownline, registerDownlineReplySchema, {
        body: { enc: await enc.seal(payload) },
      }),
    transferDownline: (body: {
      downline: string;
      amount: string;
      paymentPassword: string;
      idempotencyKey: string;
    }) => http.post(agentPaths.transferDownline, transferDownlineReplySchema, { body }),
  };
}

export type AgentClient = ReturnType<typeof createAgentClient>;
