import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { isApiPath } from '../http/static.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import {
  createHitBatcher,
  databaseRateLimitStore,
  rateLimitPruneJob,
  type HitBatcher,
} from './rate-limit.store.ts';

/** How often a node adds the default limit's hits to the database. */
export const RATE_LIMIT_SYNC_MS = 500;

/** The default limit of every API call without one of its own: per client address. */
export const defaultRateLimit = { max: 600, windowMs: 60_000 } as const;

/**
 * The HTTP rate limits: @fastify/rate-limit with its counters in the database
 * (`rate_limit_hits`), so a client refused with 429 stays refused after a restart and the limit
 * is one limit across every node. A route's own limit (`config.rateLimit`) counts each hit in
 * the database before the call goes on; the default of 600 a minute per client on every other
 * API call counts on the node and adds its hits to the database every RATE_LIMIT_SYNC_MS, in
 * one statement (no write per call; src/server/areas/identity/README.md, "HTTP rate limits").
 * Ended windows are pruned by the scheduler. Registered by the platform before any area, so every route's limit uses this
 * store. Returns the batcher, whose pending hits the platform flushes before the database
 * closes.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  deps: { db: Db; scheduler: Scheduler },
): Promise<HitBatcher> {
  const batcher = createHitBatcher(deps.db, { syncMs: RATE_LIMIT_SYNC_MS });
  await app.register(rateLimit, {
    global: true,
    max: defaultRateLimit.max,
    allowList: (request) => !isApiPath(request.url),
    timeWindow: defaultRateLimit.windowMs,
    // The client IP the request context read once (request.ip walks the proxy chain per read).
    keyGenerator: (request) => request.client.ip,
    store: databaseRateLimitStore(deps.db, batcher),
    // The limit's headers go with a 429 only (with Retry-After): three fewer headers on every
    // answer, and a client learns nothing of its budget before it runs out.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: () => new AppError(429, 'too_many_requests'),
  });
  deps.scheduler.register(rateLimitPruneJob);
  return batcher;
}
