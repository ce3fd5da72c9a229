import type { FastifyPluginAsync } from 'fastify';
import { createBetsService } from './bets.service.ts';
import { betsRoutes } from './bets.routes.ts';
import { createHttpResultsFeed, resultsFeedJob } from './results-feed.ts';

/**
 * The lottery's bets and results from outside (issue 14): the member's slip and bets list, the
 * results feed job (when LOTTERY_FEED_URL is set), and the operator's result entry,
 * confirmation and draw cancel.
 */
export const lotteryBetsPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const bets = createBetsService({ db, clock: app.clock, ledger: app.wallet.ledger });
  await app.register(betsRoutes, { bets });
  const feed = app.config.lotteryFeed;
  if (feed) app.scheduler.register(resultsFeedJob(createHttpResultsFeed(feed), app.log));
};
