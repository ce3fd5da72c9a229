import { Cron } from 'croner';
import { shareAnyYear } from './cron-memory.ts';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import { jobRuns } from './scheduler.schema.ts';

/**
 * The span between two consecutive times of a job's schedule. `key` names it by its start in
 * the operator's time zone, with the offset (`2026-03-10T00:00:00+05:30`), so a repeated wall
 * clock hour at a daylight-saving change still gets two keys.
 */
export type Period = { key: string; start: Date; end: Date };

export type Job = {
  /** Unique among the registered jobs; part of the claim key, so never rename a live job. */
  name: string;
  /** A croner pattern (5 fields, or 6 with seconds), read in the scheduler's time zone. */
  cron: string;
  /**
   * The work for one period, on the transaction that holds the claim: write through `tx` only,
   * so the work and the claim commit or roll back together (on PGlite, which has one
   * connection, a query on the outer database would wait for ever behind this transaction).
   * Throw to leave the period unrun. A long run holds its transaction, and a second node's
   * claim of the same period waits for it. It may answer a function, called once the
   * transaction has committed (what must not be told before: real-time events); its failure is
   * logged and changes nothing.
   */
  run(tx: Db, period: Period): Promise<void | AfterCommit>;
};

/** Work a job's run leaves for after its commit. */
export type AfterCommit = () => void | Promise<void>;

/** What one job did in one `runDue`. */
export type JobOutcome =
  | { job: string; period: string; status: 'ran' }
  /** An earlier run, here or on another node, committed this period already. */
  | { job: string; period: string; status: 'already-run' }
  /** The job (or its claim) threw; nothing of it was committed and it was logged. */
  | { job: string; period: string; status: 'failed'; error: unknown }
  /** This node is still running the job from an earlier tick; the next sweep looks again. */
  | { job: string; status: 'busy' };

/** The jobs that had a due period at `at` (a job whose schedule has not begun is left out). */
export type RunReport = { at: Date; runs: JobOutcome[] };

export type SchedulerOptions = {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
  /** IANA zone the patterns and period keys are read in. Default `Asia/Kolkata`. */
  timeZone?: string;
  /**
   * A croner pattern (in the time zone) for the sweep that looks at every job again, which
   * retries a failed period and picks up ticks this node missed. Default every minute at :30.
   */
  sweep?: string;
};

export type Scheduler = {
  /** Adds a job; only before `start`. Throws on a duplicate name or a bad pattern. */
  register(job: Job): void;
  /**
   * Runs every job's latest due period that has no run (the catch-up after downtime), then
   * schedules each job's ticks and the sweep. Resolves with the catch-up's report.
   */
  start(): Promise<RunReport>;
  /** Cancels the ticks and waits for the runs in progress. */
  stop(): Promise<void>;
  /**
   * For each job, claims and runs the latest period that has ended by `now` unless a run of it
   * committed already. What the ticks call; tests call it with their own instants.
   */
  runDue(now?: Date): Promise<RunReport>;
};

/**
 * The platform scheduler: croner proposes (job, period); a `job_runs` row keyed by (job, period)
 * is inserted in the same transaction as the job's work, so a rerun, a retry, a restart after a
 * crash or a second node is a no-op for a period that committed, and a job that throws leaves
 * no row and runs again at the next tick or sweep, here or on another node.
 *
 * A period is due once it has ended: a daily job at `0 0 * * *` that runs at midnight gets the
 * local day that just ended (`[yesterday 00:00, today 00:00)`), which is what settlements want.
 * Only the latest due period is run: after downtime, the periods missed before it are skipped.
 *
 * @example
 * const scheduler = createScheduler({ db, clock: () => new Date(), log: app.log });
 * scheduler.register({
 *   name: 'daily-rebate',
 *   cron: '0 0 * * *', // local midnight in Asia/Kolkata
 *   run: (tx, period) => settleRebate(tx, period.start, period.end),
 * });
 * await scheduler.start(); // runs yesterday's rebate now if no node has
 * app.addHook('onClose', () => scheduler.stop());
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, clock, log } = options;
  const timeZone = options.timeZone ?? 'Asia/Kolkata';
  const keyOf = periodKeyFormat(timeZone);
  const jobs: { job: Job; schedule: Cron }[] = [];
  const schedules = new Map<string, Cron>();
  const inFlight = new Map<string, Promise<JobOutcome>>();
  const timers: Cron[] = [];
  let started = false;

  async function claimAndRun(job: Job, period: Period): Promise<JobOutcome> {
    const base = { job: job.name, period: period.key };
    const after: { run?: AfterCommit | void } = {};
    try {
      const ran = await db.transaction(async (tx) => {
        const startedAt = clock();
        // On PostgreSQL a second node blocks here until the first commits (then gets no row)
        // or rolls back (then claims the period itself).
        const claimed = await tx
          .insert(jobRuns)
          .values({
            job: job.name,
            period: period.key,
            periodStart: period.start,
            periodEnd: period.end,
            startedAt,
            finishedAt: startedAt,
          })
          .onConflictDoNothing()
          .returning({ job: jobRuns.job });
        if (claimed.length === 0) return false;
        after.run = await job.run(tx, period);
        await tx
          .update(jobRuns)
          .set({ finishedAt: clock() })
          .where(and(eq(jobRuns.job, job.name), eq(jobRuns.period, period.key)));
        return true;
      });
      if (ran) log.debug(base, 'scheduled job ran');
      if (ran && after.run) {
        try {
          await after.run();
        } catch (error) {
          log.error({ ...base, err: error }, 'scheduled job: after commit failed');
        }
      }
      return { ...base, status: ran ? 'ran' : 'already-run' };
    } catch (error) {
      log.error({ ...base, err: error }, 'scheduled job failed');
      return { ...base, status: 'failed', error };
    }
  }

  async function runJob(entry: (typeof jobs)[number], now: Date): Promise<JobOutcome | null> {
    const { job, schedule } = entry;
    const period = duePeriod(schedule, now, keyOf);
    if (!period) return null;
    if (inFlight.has(job.name)) return { job: job.name, status: 'busy' };
    const running = claimAndRun(job, period);
    inFlight.set(job.name, running);
    try {
      return await running;
    } finally {
      inFlight.delete(job.name);
    }
  }

  async function runDue(now = clock()): Promise<RunReport> {
    const outcomes = await Promise.all(jobs.map((entry) => runJob(entry, now)));
    return { at: now, runs: outcomes.filter((outcome) => outcome !== null) };
  }

  return {
    register(job) {
      if (started) throw new Error(`Scheduler: register ${job.name} before start`);
      if (jobs.some((entry) => entry.job.name === job.name)) {
        throw new Error(`Scheduler: job ${job.name} is registered twice`);
      }
      // Paused and without a function: used only to compute periods, one per pattern (each
      // croner pattern holds a 10,000-entry array of years: 80 kB a Cron).
      let schedule = schedules.get(job.cron);
      if (!schedule) {
        schedule = shareAnyYear(new Cron(job.cron, { timezone: timeZone, paused: true }));
        schedules.set(job.cron, schedule);
      }
      jobs.push({ job, schedule });
    },

    async start() {
      if (started) throw new Error('Scheduler: started twice');
      started = true;
      // One timer per pattern, for every job of it.
      for (const pattern of schedules.keys()) {
        const entries = jobs.filter((entry) => entry.job.cron === pattern);
        const tick = shareAnyYear(
          new Cron(pattern, { timezone: timeZone, unref: true }, async () => {
            const now = clock();
            await Promise.all(entries.map((entry) => runJob(entry, now)));
          }),
        );
        timers.push(tick);
      }
      const sweep = new Cron(
        options.sweep ?? '30 * * * * *',
        { timezone: timeZone, unref: true },
        async () => {
          await runDue();
        },
      );
      timers.push(sweep);
      return runDue();
    },

    async stop() {
      for (const timer of timers.splice(0)) timer.stop();
      await Promise.allSettled([...inFlight.values()]);
    },

    runDue,
  };
}

/**
 * The latest period of `schedule` that has ended by `now`: from the next-to-last to the last
 * scheduled time at or before `now`, as croner computes them in the zone (so a day is 23 or 25
 * hours across a daylight-saving change). Null before the schedule has two times.
 */
function duePeriod(schedule: Cron, now: Date, keyOf: (instant: Date) => string): Period | null {
  // Scheduled times are whole seconds and croner's previousRuns excludes the reference itself:
  // the next whole second after `now` makes a time equal to `now` count as passed.
  const reference = new Date(Math.floor(now.getTime() / 1000) * 1000 + 1000);
  const [end, start] = schedule.previousRuns(2, reference);
  if (!start || !end) return null;
  return { key: keyOf(start), start, end };
}

/** `2026-03-10T00:00:00+05:30`: the wall clock time in `timeZone` and its offset from UTC. */
function periodKeyFormat(timeZone: string): (instant: Date) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
  return (instant) => {
    const parts = Object.fromEntries(
      format.formatToParts(instant).map((part) => [part.type, part.value]),
    );
    // longOffset is `GMT+05:30`, or `GMT` alone for UTC itself.
    const offset = (parts.timeZoneName ?? '').replace('GMT', '') || '+00:00';
    return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
  };
}
