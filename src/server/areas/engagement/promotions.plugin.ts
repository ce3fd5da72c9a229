import type { FastifyInstance } from 'fastify';
import { createPromotionsService } from './promotions.service.ts';
import { promotionsOpsRoutes, promotionsRoutes } from './promotions.routes.ts';
import { promotionDemoSeedSteps } from './promotions.seed-steps.ts';
import { missionsClaimableSource } from './missions.claimables.ts';
import { rebateClaimables } from './rebate.claimables.ts';
import type { Badges } from './badges.ts';

/**
 * The promotions part of the engagement area (issue 16): operator-managed promotions, claim and
 * apply with approval, bonus wagering, the reward center, the badges and the public state.
 */
export async function promotionsPlugin(
  app: FastifyInstance,
  { badges }: { badges: Badges },
): Promise<void> {
  const { db } = app.database;
  if (app.config.nodeEnv === 'development') await app.seed(promotionDemoSeedSteps);
  const promotions = createPromotionsService({
    db,
    clock: app.clock,
    ledger: app.wallet.ledger,
    badges,
    timeZone: app.config.operatorTimeZone,
    // The other parts' claimables: the reward center lists them.
    sources: [missionsClaimableSource(app.config.operatorTimeZone, app.clock), rebateClaimables],
    connectedMemberIds: async () => [
      ...new Set((await app.realtime.io.fetchSockets()).map((socket) => socket.data.memberId)),
    ],
    onPublishError: (error) => app.log.error({ err: error }, 'badges event not published'),
  });
  await app.register(promotionsRoutes, { promotions });
  await app.register(promotionsOpsRoutes, { promotions });
}
