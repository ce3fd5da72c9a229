import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../src/server/platform/db/client.ts';
import {
  createScheduler,
  type Period,
  type SchedulerOptions,
} from '../../src/server/platform/scheduler/scheduler.ts';
import { jobRuns } from '../../src/server/platform/scheduler/scheduler.schema.ts';
import { jobRunsPruneJob } from '../../src/server/platform/scheduler/job-runs-prune.ts';
import { createTestDatabase, manualClock, type TestDatabase } from '../support/server.ts';

/**
 * The platform scheduler against the real database (PGlite, or PostgreSQL with DATABASE_URL):
 * one committed run per (job, period) whoever calls, a failure leaves nothing behind, catch-up
 * at start, and periods in the operator's time zone. Each test uses job names of its own, and
 * times come from a manual clock or are passed to `runDue`.
 */
/** Stands for a job's own table: its rows must commit with the claim or not at all. */
const testWrites = pgTable('scheduler_test_writes', {
  job: text('job').notNull(),
  period: text('period').notNull(),
});

let testDb: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await testDb.open();
  await database.migrateAndRun(async (db) => {
    await db.execute(
      sql`create table scheduler_test_writes (job text not null, period text not null)`,
    );
  });
});

afterAll(async () => {
  await database.close();
  await testDb.drop();
});

function recordingLog() {
  const errors: Record<string, unknown>[] = [];
  const log: SchedulerOptions['log'] = {
    debug: () => {},
    error: (fields: unknown) => {
      errors.push(fields as Record<string, unknown>);
    },
  };
  return { log, errors };
}

/** A scheduler node on the shared database; its clock is the test's. */
function node(clock: () => Date, options: Partial<SchedulerOptions> = {}) {
  const { log, errors } = recordingLog();
  const scheduler = createScheduler({ db: database.db, clock, log, ...options });
  return { scheduler, errors };
}

/** A job that writes one row per run to its own table and remembers the periods it got. */
function writingJob(name: string, cron: string, fail: () => boolean = () => false) {
  const periods: Period[] = [];
  return {
    periods,
    job: {
      name,
      cron,
      async run(tx: Db, period: Period) {
        await tx.insert(testWrites).values({ job: name, period: period.key });
        // Give a concurrent node the chance to reach its own claim while this one is open.
        await new Promise((resolve) => setImmediate(resolve));
        if (fail()) throw new Error(`${name} failed on purpose`);
        periods.push(period);
      },
    },
  };
}

async function claims(job: string) {
  const rows = await database.db
    .select({ period: jobRuns.period })
    .from(jobRuns)
    .where(eq(jobRuns.job, job))
    .orderBy(jobRuns.period);
  return rows.map((row) => row.period);
}

async function writes(job: string) {
  const rows = await database.db
    .select({ period: testWrites.period })
    .from(testWrites)
    .where(eq(testWrites.job, job))
    .orderBy(testWrites.period);
  return rows.map((row) => row.period);
}

describe('one run per (job, period)', () => {
  it('runs a period once when runDue is called again', async () => {
    const clock = manualClock(new Date('2026-03-10T20:00:00Z'));
    const { scheduler } = node(clock.now);
    const daily = writingJob('once-daily', '0 0 * * *');
    scheduler.register(daily.job);

    const first = await scheduler.runDue();
    const second = await scheduler.runDue();
    clock.advance(60 * 60 * 1000);
    const hourLater = await scheduler.runDue();

    const period = '2026-03-10T00:00:00+05:30';
    expect(first.runs).toEqual([{ job: 'once-daily', period, status: 'ran' }]);
    expect(second.runs).toEqual([{ job: 'once-daily', period, status: 'already-run' }]);
    expect(hourLater.runs).toEqual([{ job: 'once-daily', period, status: 'already-run' }]);
    expect(daily.periods.map((p) => p.key)).toEqual([period]);
    expect(await claims('once-daily')).toEqual([period]);
    expect(await writes('once-daily')).toEqual([period]);
  });

  it('runs a period once when three nodes run it at the same time', async () => {
    const clock = manualClock(new Date('2026-03-10T06:00:00Z'));
    const job = writingJob('once-across-nodes', '*/5 * * * *');
    const nodes = [node(clock.now), node(clock.now), node(clock.now)];
    for (const { scheduler } of nodes) scheduler.register(job.job);

    // Five consecutive five-minute periods, each proposed to every node at once.
    const keys: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      const reports = await Promise.all(nodes.map(({ scheduler }) => scheduler.runDue()));
      const outcomes = reports.flatMap((report) => report.runs);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([
        'already-run',
        'already-run',
        'ran',
      ]);
      const [first] = outcomes;
      if (first && 'period' in first) keys.push(first.period);
      clock.advance(5 * 60 * 1000);
    }

    expect(keys).toEqual([
      '2026-03-10T11:25:00+05:30',
      '2026-03-10T11:30:00+05:30',
      '2026-03-10T11:35:00+05:30',
      '2026-03-10T11:40:00+05:30',
      '2026-03-10T11:45:00+05:30',
    ]);
    expect(job.periods.map((p) => p.key)).toEqual(keys);
    expect(await claims('once-across-nodes')).toEqual(keys);
    expect(await writes('once-across-nodes')).toEqual(keys);
  });
});

describe('a job that throws', () => {
  it('leaves no claim, is logged, and runs again at the next call', async () => {
    const clock = manualClock(new Date('2026-03-10T06:00:00Z'));
    const { scheduler, errors } = node(clock.now);
    let attempts = 0;
    const job = writingJob('fails-once', '0 * * * *', () => (attempts += 1) === 1);
    scheduler.register(job.job);

    const failed = await scheduler.runDue();
    const period = '2026-03-10T10:00:00+05:30';
    expect(failed.runs).toMatchObject([{ job: 'fails-once', period, status: 'failed' }]);
    expect(errors).toMatchObject([{ job: 'fails-once', period }]);
    expect(await claims('fails-once')).toEqual([]);

    clock.advance(60 * 1000);
    const retried = await scheduler.runDue();
    expect(retried.runs).toEqual([{ job: 'fails-once', period, status: 'ran' }]);
    expect(await claims('fails-once')).toEqual([period]);
    expect(attempts).toBe(2);
  });

  it('commits neither its writes nor the claim', async () => {
    const clock = manualClock(new Date('2026-03-10T06:00:00Z'));
    const { scheduler } = node(clock.now);
    let fail = true;
    const job = writingJob('writes-then-throws', '0 * * * *', () => fail);
    scheduler.register(job.job);

    await scheduler.runDue();
    expect(await writes('writes-then-throws')).toEqual([]);
    expect(await claims('writes-then-throws')).toEqual([]);

    // Another node retries the same period and succeeds: one write, one claim.
    fail = false;
    const other = node(clock.now);
    other.scheduler.register(job.job);
    const report = await other.scheduler.runDue();
    expect(report.runs).toMatchObject([{ status: 'ran' }]);
    expect(await writes('writes-then-throws')).toEqual(['2026-03-10T10:00:00+05:30']);
    expect(await claims('writes-then-throws')).toEqual(['2026-03-10T10:00:00+05:30']);
  });
});

describe('start', () => {
  it('runs the latest missed period once after every node was down', async () => {
    const clock = manualClock(new Date('2026-04-01T06:00:00Z'));
    const before = node(clock.now);
    const beforeJob = writingJob('catch-up', '0 0 * * *');
    before.scheduler.register(beforeJob.job);
    await before.scheduler.runDue();
    expect(await claims('catch-up')).toEqual(['2026-03-31T00:00:00+05:30']);

    // Down for four days (April 1 to 4 had no run), then a node starts.
    clock.advance(4 * 24 * 60 * 60 * 1000);
    const after = node(clock.now);
    const afterJob = writingJob('catch-up', '0 0 * * *');
    after.scheduler.register(afterJob.job);
    const started = await after.scheduler.start();
    await after.scheduler.stop();

    expect(started.runs).toEqual([
      { job: 'catch-up', period: '2026-04-04T00:00:00+05:30', status: 'ran' },
    ]);
    expect(afterJob.periods).toEqual([
      {
        key: '2026-04-04T00:00:00+05:30',
        start: new Date('2026-04-03T18:30:00Z'),
        end: new Date('2026-04-04T18:30:00Z'),
      },
    ]);
    expect(await claims('catch-up')).toEqual([
      '2026-03-31T00:00:00+05:30',
      '2026-04-04T00:00:00+05:30',
    ]);

    // A restart (after a crash or a deploy) in the same period finds it done.
    const restarted = node(clock.now);
    const restartedJob = writingJob('catch-up', '0 0 * * *');
    restarted.scheduler.register(restartedJob.job);
    const again = await restarted.scheduler.start();
    await restarted.scheduler.stop();
    expect(again.runs).toEqual([
      { job: 'catch-up', period: '2026-04-04T00:00:00+05:30', status: 'already-run' },
    ]);
    expect(restartedJob.periods).toEqual([]);
  });
});

describe('ticks', () => {
  // These wait for croner's real timers (at most a second or two) but assert only on periods.
  function nextRun(job: ReturnType<typeof writingJob>) {
    const seen = job.periods.length;
    return vi.waitFor(
      () => {
        if (job.periods.length === seen) throw new Error('no run yet');
      },
      { timeout: 10_000, interval: 50 },
    );
  }

  it("run a job at its pattern's times with the injected clock", async () => {
    const clock = manualClock(new Date('2026-03-10T06:00:00Z'));
    // A sweep that never comes during the test: only the job's own tick can run it.
    const { scheduler } = node(clock.now, { sweep: '0 0 1 1 *' });
    const job = writingJob('ticking', '* * * * * *');
    scheduler.register(job.job);
    await scheduler.start();
    clock.advance(1000);
    await nextRun(job);
    await scheduler.stop();

    expect(job.periods.map((p) => p.key)).toEqual([
      '2026-03-10T11:29:59+05:30',
      '2026-03-10T11:30:00+05:30',
    ]);
  });

  it('sweep every job again, so a failed period is retried before its next time', async () => {
    const clock = manualClock(new Date('2026-03-10T06:00:00Z'));
    const { scheduler } = node(clock.now, { sweep: '* * * * * *' });
    let fail = true;
    const job = writingJob('swept', '0 0 * * *', () => fail);
    scheduler.register(job.job);
    const started = await scheduler.start();
    expect(started.runs).toMatchObject([{ status: 'failed' }]);
    fail = false;
    await nextRun(job);
    await scheduler.stop();

    expect(job.periods.map((p) => p.key)).toEqual(['2026-03-09T00:00:00+05:30']);
  });
});

describe('periods in the time zone', () => {
  it('gives a daily job at 00:00 Asia/Kolkata the local day, across the UTC date line', async () => {
    const clock = manualClock(new Date('2026-03-10T18:29:59Z')); // 23:59:59 on March 10 in Kolkata
    const { scheduler } = node(clock.now);
    const job = writingJob('kolkata-day', '0 0 * * *');
    scheduler.register(job.job);

    await scheduler.runDue(); // March 10 has not ended: March 9 is due
    clock.advance(1000); // 00:00:00 on March 11 in Kolkata, still March 10 in UTC
    await scheduler.runDue();

    expect(job.periods).toEqual([
      {
        key: '2026-03-09T00:00:00+05:30',
        start: new Date('2026-03-08T18:30:00Z'),
        end: new Date('2026-03-09T18:30:00Z'),
      },
      {
        key: '2026-03-10T00:00:00+05:30',
        start: new Date('2026-03-09T18:30:00Z'),
        end: new Date('2026-03-10T18:30:00Z'),
      },
    ]);
  });

  it('gives a 23-hour day where the zone moves its clocks forward', async () => {
    const { scheduler } = node(() => new Date('2026-03-09T12:00:00Z'), {
      timeZone: 'America/New_York',
    });
    const job = writingJob('new-york-day', '0 0 * * *');
    scheduler.register(job.job);

    await scheduler.runDue();

    expect(job.periods).toEqual([
      {
        key: '2026-03-08T00:00:00-05:00',
        start: new Date('2026-03-08T05:00:00Z'),
        end: new Date('2026-03-09T04:00:00Z'),
      },
    ]);
  });
});

describe('job-runs-prune', () => {
  // Instants of 2025, before every other test's runs: the prune's cutoff leaves those alone.
  it('deletes the runs whose next run ended before the retention, keeping each latest run', async () => {
    const fastNode = node(() => new Date());
    const monthlyNode = node(() => new Date());
    const fast = writingJob('prune-fast', '*/5 * * * * *');
    const monthly = writingJob('prune-monthly', '0 0 1 * *');
    fastNode.scheduler.register(fast.job);
    monthlyNode.scheduler.register(monthly.job);
    // November, then December: still the monthly job's latest when the prune runs.
    for (const at of ['2024-12-02T00:00:00Z', '2025-01-02T00:00:00Z']) {
      await monthlyNode.scheduler.runDue(new Date(at));
    }
    for (const at of [
      '2025-01-06T00:00:10Z',
      '2025-01-06T00:00:20Z',
      '2025-01-07T00:00:10Z',
      '2025-01-10T00:00:10Z',
    ]) {
      await fastNode.scheduler.runDue(new Date(at));
    }
    expect(await claims('prune-fast')).toHaveLength(4);
    expect(await claims('prune-monthly')).toHaveLength(2);

    // Runs at 06:07 Kolkata (00:37Z): the cutoff is 72 hours before, 2025-01-07T00:37Z.
    const pruner = node(() => new Date());
    pruner.scheduler.register(jobRunsPruneJob(72));
    const at = new Date('2025-01-10T01:10:00Z');
    const pruned = await pruner.scheduler.runDue(at);
    expect(pruned.runs).toEqual([
      { job: 'job-runs-prune', period: '2025-01-10T05:07:00+05:30', status: 'ran' },
    ]);

    // Jan 6's runs: their next run ended by the cutoff. Jan 7's: its next ended after it.
    expect(await claims('prune-fast')).toEqual([
      '2025-01-07T05:30:05+05:30',
      '2025-01-10T05:30:05+05:30',
    ]);
    // November goes; December is the month still due (until Feb 1) and stays claimed.
    expect(await claims('prune-monthly')).toEqual(['2024-12-01T00:00:00+05:30']);
    expect(await claims('job-runs-prune')).toEqual(['2025-01-10T05:07:00+05:30']);
    // Rows of the other tests (2026) are untouched: their next runs end after the cutoff.
    expect(await claims('once-daily')).toEqual(['2026-03-10T00:00:00+05:30']);

    // The kept latest runs still claim their periods: nothing runs twice.
    expect((await monthlyNode.scheduler.runDue(at)).runs).toEqual([
      { job: 'prune-monthly', period: '2024-12-01T00:00:00+05:30', status: 'already-run' },
    ]);
    expect(monthly.periods.map((p) => p.key)).toEqual([
      '2024-11-01T00:00:00+05:30',
      '2024-12-01T00:00:00+05:30',
    ]);
    expect((await pruner.scheduler.runDue(at)).runs[0]?.status).toBe('already-run');
  });
});

describe('register', () => {
  it('refuses a duplicate name, a bad pattern and a job added after start', async () => {
    const { scheduler } = node(() => new Date('2026-03-10T06:00:00Z'));
    scheduler.register(writingJob('registered', '0 0 * * *').job);
    expect(() => scheduler.register(writingJob('registered', '0 1 * * *').job)).toThrow(
      /registered twice/,
    );
    expect(() => scheduler.register(writingJob('bad-pattern', '61 * * * *').job)).toThrow();
    await scheduler.start();
    await scheduler.stop();
    expect(() => scheduler.register(writingJob('late', '0 0 * * *').job)).toThrow(/before start/);
  });
});
