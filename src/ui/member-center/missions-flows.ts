import { use } from 'react';
import { createFlowsContext } from '../hooks/flows-context.ts';
import type { remoteDataMachine } from '../../machines/remote-data.machine.ts';
import type { transferMachine } from '../../machines/transfer.machine.ts';

/**
 * The mission and referral pages' flows (missionLeaderboard, referral), their effects supplied
 * by the app (src/app/missions-actors.ts). A page starts its own actor with `useActorRef`.
 */
export type MissionsFlows = {
  /** MissionSummary: the daily and weekly missions with their progress. */
  summary: typeof remoteDataMachine;
  /** MissionLeaderboard: this week's ranking and the member's own line. */
  leaderboard: typeof remoteDataMachine;
  /** ReferralInfo: code, link, rules, friends. */
  referral: typeof remoteDataMachine;
  /** A mission's reward claimed: the request's `to` is the mission id. */
  claim: typeof transferMachine;
  /** Calls `onChange` at each `mission` event (progress moved); answers the unsubscribe. */
  listen: (onChange: () => void) => () => void;
};

/** The flows, made at the first mission or referral page (one promise). */
export type MissionsFlowsLoader = () => Promise<MissionsFlows>;

export const [MissionsFlowsProvider, useMissionsFlowsLoader] =
  createFlowsContext<MissionsFlowsLoader>('Missions');

/** The mission flows (suspends the page until they are made). */
export function useMissionsFlows(): MissionsFlows {
  return use(useMissionsFlowsLoader()());
}
