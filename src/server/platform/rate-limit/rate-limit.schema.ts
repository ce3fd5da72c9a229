import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The HTTP rate limits' counters (@fastify/rate-limit's store): one row per (route, client) key
 * with the hits of its current fixed window, so a limit holds across restarts and adds up
 * across nodes. Rows whose window ended are pruned by the `rate-limit-prune` job.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
