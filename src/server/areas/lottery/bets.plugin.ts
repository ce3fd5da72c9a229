import type { FastifyPluginAsync } from 'fastify';
import { createBetsService } from './bets.service.ts';
import { betsRoutes } from './bets.routes.ts';

/**
 * The lottery's bets and results from outside (issue 14): the member's slip and bets list, the
 * results feed job, and the operator's result entry, confirmation and draw cancel.
 */
export const lotteryBetsPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const bets = createBetsService({ db, clock: app.clock, ledger: app.wallet.ledger });
  await app.register(betsRoutes, { bets });
};
