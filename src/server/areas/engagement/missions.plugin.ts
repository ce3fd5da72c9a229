import type { FastifyInstance } from 'fastify';
import { createMissionsService } from './missions.service.ts';
import { createReferralService } from './referral.service.ts';
import { missionsOpsRoutes, missionsRoutes } from './missions.routes.ts';
import { missionsDemoSeedSteps } from './missions.seed-steps.ts';
import type { Badges } from './badges.ts';

/**
 * The missions part of the engagement area (issue 16): daily and weekly missions on real play
 * with their leaderboard, and referral (code, link, friends, the reward job).
 */
export async function missionsPlugin(
  app: FastifyInstance,
  { badges }: { badges: Badges },
): Promise<void> {
  const { db } = app.database;
  const { clock, config } = app;
  if (config.nodeEnv === 'development') await app.seed(missionsDemoSeedSteps);
  const missions = createMissionsService({
    db,
    clock,
    timeZone: config.operatorTimeZone,
    ledger: app.wallet.ledger,
    publisher: app.realtime.publisher,
    badges,
  });
  const referral = createReferralService({ db, clock, config, ledger: app.wallet.ledger });
  await app.register(missionsRoutes, { missions, referral });
  await app.register(missionsOpsRoutes, { missions, referral });
  app.scheduler.register(referral.job);
  app.scheduler.register(missions.progressJob);
}
