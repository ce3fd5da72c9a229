import { sql } from 'drizzle-orm';
import type { Job } from './scheduler.ts';

/**
 * Every hour, deletes the `job_runs` rows whose period can never be claimed again and that are
 * older than `retentionHours` (JOB_RUNS_RETENTION_HOURS), in one statement. Claimed once across
 * nodes like every job (its own row is its claim).
 *
 * Why it cannot let a period run twice: a claim is only ever tried for a job's latest period
 * that has ended (`duePeriod`), so period P = [t1, t2) is proposed only while now is in
 * [t2, t3), t3 being the next scheduled time. The job's next row N after P has N.start >= t2,
 * so N.end >= t3: once N.end is past, P's window is closed for good. A row is deleted only when
 * the next row of the same job ended before the cutoff (now - retention), so its window closed
 * more than the retention ago (a node whose clock is behind by less than that still finds the
 * row). The latest row of each job has no next row and is always kept: it is the claim of the
 * period that is still due (a monthly job's period stays due for a month).
 *
 * @example
 * scheduler.register(jobRunsPruneJob(72));
 */
export function jobRunsPruneJob(retentionHours: number): Job {
  return {
    name: 'job-runs-prune',
    cron: '0 7 * * * *',
    async run(tx, period) {
      // The period's end (the hour this run was due) stands for now.
      const cutoff = new Date(period.end.getTime() - retentionHours * 3_600_000);
      // next_end: the end of the job's next run (by period); null for its latest, always kept.
      await tx.execute(sql`
        with ordered as (
          select job, period,
                 lead(period_end) over (partition by job order by period_start) as next_end
          from job_runs
        )
        delete from job_runs r
        using ordered o
        where r.job = o.job and r.period = o.period
          and o.next_end <= ${cutoff.toISOString()}::timestamptz`);
    },
  };
}
