import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { dividendPeriods, type DividendPeriod } from '../../../contract/agent.ts';
import type { MemberEvent, Publisher } from '../../platform/realtime/publisher.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Job } from '../../platform/scheduler/scheduler.ts';
import type { WalletPort } from '../wallet/wallet.port.ts';
import { settle, type SettlementOutcome, type SettlementTarget } from './settlement.ts';
import { contractEvents } from './contracts.service.ts';
import type { Db } from '../../platform/db/client.ts';

/**
 * The settlement jobs (issue 15) on the platform scheduler, each period claimed once across
 * nodes: the real-time wage every AGENT_REALTIME_WINDOW_SECONDS, the hourly wage at every hour,
 * the daily wage at local midnight, and dividends at the end of each dividend period (daily;
 * weekly on Monday; semimonthly on the 1st and the 16th; monthly on the 1st), all in the
 * operator's time zone. After the commit: the payees' `wage` events, the balance events of
 * payers and payees, and `contract` events (terminated) for the contracts that ended.
 */
export type WageJobDeps = {
  db: Db;
  ledger: WalletPort['ledger'];
  publisher: Pick<Publisher, 'publishMany'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  realtimeWindowSeconds: number;
};

/** The croner pattern (with seconds) of a real-time window that divides a minute or an hour. */
export function realtimeCron(seconds: number): string {
  if (seconds < 60) return `*/${seconds} * * * * *`;
  return `0 */${seconds / 60} * * * *`;
}

const dividendCron: Record<DividendPeriod, string> = {
  Daily: '0 0 0 * * *',
  Weekly: '0 0 0 * * 1',
  Semimonthly: '0 0 0 1,16 * *',
  Monthly: '0 0 0 1 * *',
};

/** Job names: never rename a live one (half of the claim key). */
export const wageJobNames = {
  realtime: 'agent-wage-realtime',
  hourly: 'agent-wage-hourly',
  daily: 'agent-wage-daily',
  dividend: (period: DividendPeriod) => `agent-dividend-${period.toLowerCase()}`,
};

export function wageJobs(deps: WageJobDeps): Job[] {
  const { db, ledger, publisher, clock } = deps;

  async function announce(outcome: SettlementOutcome): Promise<void> {
    if (outcome.members.length > 0) ledger.posted(outcome.members);
    const settledAt = clock().toISOString();
    const events: MemberEvent[] = outcome.wages.map((wage) => ({
      memberId: wage.payeeId,
      event: {
        name: 'wage',
        payload: {
          contractId: wage.contractId,
          wageType: wage.kind,
          period: outcome.from.toISOString(),
          amount: wage.amount,
          settledAt,
        },
      },
    }));
    const changes = [
      ...outcome.ended.map((contractId) => ({ contractId, status: 'terminated' as const })),
      ...outcome.changes,
    ];
    if (changes.length > 0) events.push(...(await contractEvents(db, changes, clock())));
    if (events.length > 0) await publisher.publishMany(events);
  }

  const job = (name: string, cron: string, target: SettlementTarget): Job => ({
    name,
    cron,
    async run(tx, period) {
      const outcome = await settle(tx, ledger, target, period, clock());
      if (outcome.wages.length === 0 && outcome.ended.length === 0 && outcome.changes.length === 0)
        return;
      return () => announce(outcome);
    },
  });

  return [
    job(wageJobNames.realtime, realtimeCron(deps.realtimeWindowSeconds), { kind: 'realtime' }),
    job(wageJobNames.hourly, '0 0 * * * *', { kind: 'hourly' }),
    job(wageJobNames.daily, '0 0 0 * * *', { kind: 'daily' }),
    ...dividendPeriods.map((period) =>
      job(wageJobNames.dividend(period), dividendCron[period], { kind: 'dividend', period }),
    ),
  ];
}

/** The area's one line: every settlement job on the app's scheduler. */
export function registerWageJobs(app: FastifyInstance): void {
  const jobs = wageJobs({
    db: app.database.db,
    ledger: app.wallet.ledger,
    publisher: app.realtime.publisher,
    clock: app.clock,
    log: app.log,
    realtimeWindowSeconds: app.config.agentRealtimeWindowSeconds,
  });
  for (const job of jobs) app.scheduler.register(job);
}
