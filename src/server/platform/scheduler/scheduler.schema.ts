import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per (job, period) the platform scheduler has run. The row is inserted in the same
 * transaction as the job's work, so it exists exactly when the work committed; the primary key
 * makes a second claim of the same period (a rerun, another node) a no-op.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    /** The period's start in the operator's time zone, e.g. `2026-03-10T00:00:00+05:30`. */
    period: text('period').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.job, table.period] })],
);
