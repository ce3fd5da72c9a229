import type { FastifyInstance } from 'fastify';
import { createMemberSecrets } from '../../platform/members/member-secrets.ts';
import { registerLoyaltyJobs } from './loyalty.jobs.ts';
import { loyaltyDemoSeedSteps } from './loyalty.seed-steps.ts';
import { loyaltyOpsRoutes, loyaltyRoutes } from './loyalty.routes.ts';
import { createPointsService } from './points.service.ts';
import { createRebateService } from './rebate.service.ts';
import type { Badges } from './badges.ts';

/**
 * The loyalty part of the engagement area (issue 16): points and the points mall, rebate
 * (manualRebate, the automatic daily rebate) and VIP levels, with their scheduled jobs.
 */
export async function loyaltyPlugin(
  app: FastifyInstance,
  { badges }: { badges: Badges },
): Promise<void> {
  const { db } = app.database;
  const { clock } = app;
  const ledger = app.wallet.ledger;
  // A development start (not tests, not production) gets the demo levels, rates and catalog.
  if (app.config.nodeEnv === 'development') await app.seed(loyaltyDemoSeedSteps);
  const points = createPointsService({
    db,
    clock,
    ledger,
    secrets: createMemberSecrets({ db, clock }),
    publisher: app.realtime.publisher,
  });
  const rebate = createRebateService({ db, clock, ledger, badges });
  await app.register(loyaltyRoutes, { points, rebate });
  await app.register(loyaltyOpsRoutes, { points, rebate });
  registerLoyaltyJobs(app, badges);
}
