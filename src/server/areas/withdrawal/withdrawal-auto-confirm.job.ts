import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Every minute, paid withdrawals left unconfirmed past WITHDRAWAL_AUTO_CONFIRM_MINUTES become
 * received. Idempotent: a conditional UPDATE moves each one once, so several nodes may run it.
 * (Reads of a member's withdrawals apply the same rule first, so no one sees a stale status.)
 */
export function startWithdrawalAutoConfirm(
  autoConfirm: () => Promise<number>,
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
): { stop(): void } {
  const job = new Cron('0 * * * * *', { protect: true }, async () => {
    try {
      const confirmed = await autoConfirm();
      if (confirmed > 0) log.info({ confirmed }, 'withdrawals confirmed automatically');
    } catch (error) {
      log.error({ err: error }, 'withdrawal auto-confirm failed');
    }
  });
  return { stop: () => job.stop() };
}
