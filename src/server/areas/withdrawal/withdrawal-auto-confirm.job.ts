import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import type { Job } from '../../platform/scheduler/scheduler.ts';

/**
 * Every minute, paid withdrawals left unconfirmed past WITHDRAWAL_AUTO_CONFIRM_MINUTES become
 * received, through the platform scheduler: one node runs each minute, in the transaction that
 * claims it. (Reads of a member's withdrawals apply the same rule first, so no one sees a stale
 * status between two runs.)
 */
export function withdrawalAutoConfirmJob(
  autoConfirm: (memberId: undefined, tx: Db) => Promise<number>,
  log: Pick<FastifyBaseLogger, 'info'>,
): Job {
  return {
    name: 'withdrawal-auto-confirm',
    cron: '0 * * * * *',
    async run(tx) {
      const confirmed = await autoConfirm(undefined, tx);
      if (confirmed > 0) log.info({ confirmed }, 'withdrawals confirmed automatically');
    },
  };
}
