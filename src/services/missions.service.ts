import {
  missionClaimReplySchema,
  missionLeaderboardSchema,
  missionSummarySchema,
  missionsPaths,
  referralInfoSchema,
} from '../contract/missions.ts';
import type { HttpClient } from './http-client.ts';

/**
 * Missions, their leaderboard and referral (src/contract/missions.ts).
 *
 * @example
 * const missions = createMissionsClient(http);
 * const summary = await missions.summary();
 */
export function createMissionsClient(http: HttpClient) {
  return {
    summary: (signal?: AbortSignal) =>
      http.get(missionsPaths.summary, missionSummarySchema, { signal }),
    leaderboard: (signal?: AbortSignal) =>
      http.get(missionsPaths.leaderboard, missionLeaderboardSchema, { signal }),
    claim: (missionId: number) =>
      http.post(missionsPaths.claim, missionClaimReplySchema, { body: { missionId } }),
    referral: (signal?: AbortSignal) =>
      http.get(missionsPaths.referral, referralInfoSchema, { signal }),
  };
}

export type MissionsClient = ReturnType<typeof createMissionsClient>;
