/**
 * What other areas may use of the engagement area (issue 16). The withdrawal area asks how much
 * of a balance is still held by an unmet bonus wagering requirement (promotions part); the
 * deposit area pushes the red badges after a credit (`app.engagement.badges`, a deposit can make
 * a deposit bonus claimable); identity reads a member's VIP level with its session
 * (`vipLevelOf`, one subquery in the cached session read).
 */
import type { Badges } from './badges.ts';

export type EngagementPort = {
  /** The red badges: each member's counts as a `badges` event. Call after commit; never throws. */
  badges: Pick<Badges, 'push'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The engagement area's port (registered by `engagementArea`). */
    engagement: EngagementPort;
  }
}

export { memberVip, vipLevelOf } from './engagement.schema.ts';
export type { ClaimableItem, ClaimableKind } from './claimables.ts';
export { wageringHold } from './promotions.repository.ts';
