import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AgentCenterPageKey } from '../../../contract/agent.ts';

const reports = () => import('./agent-reports.tsx');
const contracts = () => import('./agent-contracts.tsx');

/** The agent center's pages by page key, loaded on demand. */
export const agentPages: Record<AgentCenterPageKey, LazyExoticComponent<ComponentType>> = {
  agentAnnouncement: lazy(async () => ({ default: (await reports()).AnnouncementsPage })),
  agentTeamOverview: lazy(async () => ({ default: (await reports()).TeamOverviewPage })),
  registerCenter: lazy(() => import('./agent-register.tsx')),
  downlineManagmentView: lazy(() => import('./agent-team.tsx')),
  personalHistoryCopy: lazy(async () => ({ default: (await reports()).TeamBetsPage })),
  palStatementsAgentCopy: lazy(async () => ({ default: (await reports()).ProfitLossPage })),
  agentRevenueReport: lazy(async () => ({ default: (await reports()).IncomePage })),
  agentLive: lazy(() => import('./agent-live.tsx')),
  agentDownlineTransactionDetailsCopy: lazy(async () => ({
    default: (await reports()).TransactionsPage,
  })),
  dividend: lazy(async () => ({ default: (await contracts()).DividendPage })),
  salary: lazy(async () => ({ default: (await contracts()).DailySalaryPage })),
  hourSalary: lazy(async () => ({ default: (await contracts()).HourlySalaryPage })),
  agentRealtimeSalary: lazy(async () => ({ default: (await contracts()).RealtimeSalaryPage })),
};
