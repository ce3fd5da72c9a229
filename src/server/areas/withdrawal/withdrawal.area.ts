import fp from 'fastify-plugin';
import { createWithdrawalService } from './withdrawal.service.ts';
import { withdrawalOpsRoutes, withdrawalRoutes } from './withdrawal.routes.ts';
import { withdrawalAutoConfirmJob } from './withdrawal-auto-confirm.job.ts';

/**
 * Withdrawals: bank accounts, requests with the payment password, the operator's review and
 * payout through the ledger, and the job that confirms paid withdrawals left unconfirmed.
 */
export const withdrawalArea = fp(
  async (app) => {
    const withdrawal = createWithdrawalService({
      db: app.database.db,
      clock: app.clock,
      ledger: app.wallet.ledger,
      publisher: app.realtime.publisher,
      autoConfirmMinutes: app.config.withdrawalAutoConfirmMinutes,
      daily: app.config.withdrawalDaily,
      timeZone: app.config.operatorTimeZone,
    });
    await app.register(withdrawalRoutes, { withdrawal, enc: app.enc });
    await app.register(withdrawalOpsRoutes, { withdrawal });
    app.scheduler.register(withdrawalAutoConfirmJob(withdrawal.autoConfirm, app.log));
  },
  { name: 'withdrawal', dependencies: ['platform', 'identity', 'wallet'], fastify: '5.x' },
);
