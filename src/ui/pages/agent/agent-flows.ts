import type { z } from 'zod';
import type {
  AgentCenter,
  AgentLive,
  ConsolidatedContractInfo,
  ContractKind,
  ProcessContractBody,
  ProcessContractReply,
  RegisterDownlinePayload,
  TeamOverview,
  announcementSchema,
  downlineMemberDetailSchema,
  downlineMemberSchema,
  downlinePageSchema,
  incomeRowSchema,
  invitationSchema,
  profitLossRowSchema,
  teamBetSchema,
  teamTransactionSchema,
  transferDownlineReplySchema,
} from '../../../contract/agent.ts';
import type { AgentLiveEvent, ContractEvent, WageEvent } from '../../../contract/realtime.ts';
import type { agentLiveMachine } from '../../../machines/agent-live.machine.ts';
import type { contractMachine } from '../../../machines/contract.machine.ts';
import { createFlowsContext } from '../../hooks/flows-context.ts';

/** What the real-time channel tells the agent center. */
export type AgentNews =
  | { name: 'wage'; payload: WageEvent }
  | { name: 'contract'; payload: ContractEvent }
  /** A bet of the team landed in the open window: the live view reads again. */
  | { name: 'agentLive'; payload: AgentLiveEvent }
  /** The channel went down (false) or is back after its resync (true). */
  | { name: 'channel'; payload: { connected: boolean } };

/** A period and page as the pages keep them: preset or startDate/endDate, pageNo, username. */
export type AgentQuery = Record<string, string>;

export type Paged<T> = {
  list: T[];
  totalCount: number;
  pageNo: number;
  pageSize: number;
  totals: Record<string, string>;
};
export type DownlinePage = z.infer<typeof downlinePageSchema>;
export type DownlineMember = z.infer<typeof downlineMemberSchema>;
export type MemberDetail = z.infer<typeof downlineMemberDetailSchema>;
export type TeamBet = z.infer<typeof teamBetSchema>;
export type ProfitLossRow = z.infer<typeof profitLossRowSchema>;
export type IncomeRow = z.infer<typeof incomeRowSchema>;
export type TeamTransaction = z.infer<typeof teamTransactionSchema>;
export type Announcement = z.infer<typeof announcementSchema>;
export type Invitation = z.infer<typeof invitationSchema>;
export type TransferDownlineReply = z.infer<typeof transferDownlineReplySchema>;

/** The agent center's calls (src/services/agent.service.ts, loaded with the center). */
export type AgentCalls = {
  center(signal?: AbortSignal): Promise<AgentCenter>;
  contractInfo(signal?: AbortSignal): Promise<ConsolidatedContractInfo>;
  processContract(
    kind: ContractKind,
    body: ProcessContractBody,
    signal?: AbortSignal,
  ): Promise<ProcessContractReply>;
  teamOverview(query: AgentQuery, signal?: AbortSignal): Promise<TeamOverview>;
  downline(query: AgentQuery, signal?: AbortSignal): Promise<DownlinePage>;
  member(username: string, signal?: AbortSignal): Promise<MemberDetail>;
  teamBets(query: AgentQuery, signal?: AbortSignal): Promise<Paged<TeamBet>>;
  profitLoss(query: AgentQuery, signal?: AbortSignal): Promise<Paged<ProfitLossRow>>;
  income(query: AgentQuery, signal?: AbortSignal): Promise<Paged<IncomeRow>>;
  transactions(query: AgentQuery, signal?: AbortSignal): Promise<Paged<TeamTransaction>>;
  announcements(query: AgentQuery, signal?: AbortSignal): Promise<Paged<Announcement>>;
  invitation(signal?: AbortSignal): Promise<Invitation>;
  live(signal?: AbortSignal): Promise<AgentLive>;
  registerDownline(payload: RegisterDownlinePayload): Promise<{ member: DownlineMember }>;
  transferDownline(body: {
    downline: string;
    amount: string;
    paymentPassword: string;
    idempotencyKey: string;
  }): Promise<TransferDownlineReply>;
};

/**
 * The agent center's flows, their effects supplied by the app (src/app/agent-actors.ts): its
 * calls, the contract machine of either side, and the wage and contract news of the channel.
 */
export type AgentFlows = {
  calls: AgentCalls;
  /** The contract workflow with its calls, on the upline's or the downline's side. */
  contract(side: 'upline' | 'downline'): typeof contractMachine;
  /** The live view (agentLive) with its read and the channel's news. */
  live(): typeof agentLiveMachine;
  /** Listens to wage and contract news while the agent is connected; returns the unsubscribe. */
  listen(listener: (news: AgentNews) => void): () => void;
};

/** The agent center's flows come with its first opening: one promise the overlay waits for. */
export type AgentFlowsLoader = () => Promise<AgentFlows>;

export const [AgentFlowsProvider, useAgentFlowsLoader] =
  createFlowsContext<AgentFlowsLoader>('AgentLoader');
/** The loaded flows, provided by the overlay to its pages. */
export const [AgentFlowsReadyProvider, useAgentFlows] = createFlowsContext<AgentFlows>('Agent');
