import type { ClaimableSource } from './claimables.ts';
import { missionProgress } from './missions.repository.ts';
import { countsOf, missionOf } from './missions.service.ts';

/**
 * Missions as a source of the reward center and the red badges (issue 16): completed missions of
 * the current day and week not claimed yet. `timeZone` is the operator's (config).
 */
export function missionsClaimableSource(timeZone: string, clock: () => Date): ClaimableSource {
  return {
    kind: 'mission',
    async count(db, memberId) {
      const rows = await missionProgress(db, [memberId], clock(), timeZone);
      return countsOf(rows).get(memberId)?.claimableCount ?? 0;
    },
    async list(db, memberId, language) {
      const rows = await missionProgress(db, [memberId], clock(), timeZone);
      return rows
        .map((row) => missionOf(row, language))
        .filter((mission) => mission.status === 'completed')
        .map((mission) => ({
          kind: 'mission' as const,
          ref: String(mission.missionId),
          amount: BigInt(mission.reward),
          title: mission.title,
        }));
    },
  };
}
