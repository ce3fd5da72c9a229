import { fromPromise } from 'xstate';
import { remoteDataMachine } from '../machines/remote-data.machine.ts';
import { transferMachine } from '../machines/transfer.machine.ts';
import type { MissionsClient } from '../services/missions.service.ts';
import type { MissionsFlows } from '../ui/member-center/missions-flows.ts';
import type { News } from './news.ts';

const remote = (load: (signal: AbortSignal) => Promise<unknown>) =>
  remoteDataMachine.provide({
    actors: { load: fromPromise(({ signal }) => load(signal)) },
  });

/** The mission and referral flows wired to the missions client and the mission events. */
export function createMissionsFlows(missions: MissionsClient, news: News): MissionsFlows {
  return {
    listen: news.listen,
    summary: remote((signal) => missions.summary(signal)),
    leaderboard: remote((signal) => missions.leaderboard(signal)),
    referral: remote((signal) => missions.referral(signal)),
    claim: transferMachine.provide({
      actors: {
        submitTransfer: fromPromise(({ input }) => missions.claim(Number(input.to))),
      },
      guards: { needsPassword: () => false },
    }),
  };
}
