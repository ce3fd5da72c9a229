import type { BadgeCounts } from '../../../contract/promotions.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Publisher } from '../../platform/realtime/publisher.ts';
import type { ClaimableSource } from './claimables.ts';
import { promotionViews } from './promotions.repository.ts';

/**
 * The red badges (issue 16), one publisher for the whole engagement area: the promotions part,
 * loyalty (rebate) and missions push through it, and other areas through the engagement port
 * (`app.engagement.badges`, a deposit can make a deposit bonus claimable). Counts are read after
 * the caller's commit, so a push never shows a figure the database does not hold yet.
 */
export function createBadges(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  publisher: Pick<Publisher, 'publishMany'>;
  /** Claimable sources of the other parts (missions, rebate); promotions and raffles are read here. */
  sources: readonly ClaimableSource[];
  onPublishError?: (error: unknown) => void;
}) {
  const { db, clock, timeZone } = deps;

  /** The member's counts now: claimable promotions and raffles, plus every other source. */
  async function counts(memberId: number): Promise<BadgeCounts> {
    const [views, others] = await Promise.all([
      promotionViews(db, { memberId, now: clock(), timeZone }),
      Promise.all(deps.sources.map((source) => source.count(db, memberId))),
    ]);
    const claimable = views.filter((view) => view.state === 'claim').length;
    const missionCount = deps.sources.reduce(
      (sum, source, i) => (source.kind === 'mission' ? sum + (others[i] ?? 0) : sum),
      0,
    );
    return {
      availablePromoCount: claimable,
      rewardCenter: claimable + others.reduce((sum, n) => sum + n, 0),
      missionLeaderboard: missionCount,
    };
  }

  /** After commit: each member's counts as a `badges` event. Never throws. */
  async function push(memberIds: readonly number[]): Promise<void> {
    try {
      const unique = [...new Set(memberIds)];
      if (unique.length === 0) return;
      const all = await Promise.all(unique.map((memberId) => counts(memberId)));
      await deps.publisher.publishMany(
        unique.map((memberId, i) => ({
          memberId,
          event: { name: 'badges' as const, payload: all[i]! },
        })),
      );
    } catch (error) {
      deps.onPublishError?.(error);
    }
  }

  return { counts, push };
}

export type Badges = ReturnType<typeof createBadges>;
