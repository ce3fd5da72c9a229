import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Named seed steps already applied; each runs once, so operator edits are never overwritten. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
