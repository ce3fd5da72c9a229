import type { FastifyPluginAsync } from 'fastify';
import type { DrawEngine } from './draw-engine.ts';
import { createBetsService } from './bets.service.ts';
import { betsRoutes } from './bets.routes.ts';
import { createHttpResultsFeed, resultsFeedJob } from './results-feed.ts';
import { createLotteryOpsService } from './lottery-ops.service.ts';
import { lotteryOpsRoutes } from './lottery-ops.routes.ts';

/**
 * The lottery's bets and results from outside (issue 14): the member's slip and bets list, the
 * results feed job (when LOTTERY_FEED_URL is set), and the operator's result entry,
 * confirmation and draw cancel, settled and refunded by the draw engine.
 */
export const lotteryBetsPlugin: FastifyPluginAsync<{ engine: DrawEngine }> = async (
  app,
  { engine },
) => {
  const { db } = app.database;
  const { clock } = app;
  const bets = createBetsService({ db, clock, ledger: app.wallet.ledger });
  await app.register(betsRoutes, { bets });
  const ops = createLotteryOpsService({ db, clock, engine });
  await app.register(lotteryOpsRoutes, { ops });
  const feed = app.config.lotteryFeed;
  if (feed) app.scheduler.register(resultsFeedJob(createHttpResultsFeed(feed), engine, app.log));
};
