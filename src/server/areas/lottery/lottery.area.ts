import fp from 'fastify-plugin';
import { createDrawEngine } from './draw-engine.ts';
import { lotterySeedSteps } from './lottery.seed-steps.ts';
import { periodGeneratorJob } from './schedule.ts';
import { lotteryBetsPlugin } from './bets.plugin.ts';
import { lobbyPlugin } from './lobby.routes.ts';
import { lotteryBetSource } from './bet-records.ts';

/**
 * Lottery (issue 14): games and schedules as data, the draw engine (scheduled jobs, exactly once
 * per game and numero), commit-reveal results, bets through the wallet's ledger, settlement, the
 * lobby calls of spec section 7 and the real-time draw events.
 */
export const lotteryArea = fp(
  async (app) => {
    // The games once, then the draws ahead at every start (and every minute by the job).
    await app.seed(lotterySeedSteps(app.clock, app.outcomeKeys));
    app.scheduler.register(periodGeneratorJob(app.outcomeKeys));
    // Open, lock, draw (in-house), settle: every 5 seconds on whichever node claims the tick.
    // `engine.settle / refund / resettle` for the results and operator calls.
    const engine = createDrawEngine({
      db: app.database.db,
      ledger: app.wallet.ledger,
      publisher: app.realtime.publisher,
      clock: app.clock,
      log: app.log,
      keys: app.outcomeKeys,
    });
    app.scheduler.register(engine.job());
    await app.register(lotteryBetsPlugin, { engine });
    await app.register(lobbyPlugin);
    // Its bets in the member's betting record and profit and loss (the games area's records).
    app.games.betSources.register(lotteryBetSource);
  },
  {
    name: 'lottery',
    // messages: the win notices are written through its port (its table, its unread count).
    dependencies: ['platform', 'system', 'identity', 'wallet', 'games', 'messages'],
    fastify: '5.x',
  },
);
