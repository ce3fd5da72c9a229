import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { isApiPath } from '../http/static.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { databaseRateLimitStore, rateLimitPruneJob } from './rate-limit.store.ts';

/**
 * The HTTP rate limits: @fastify/rate-limit with its counters in the database
 * (`rate_limit_hits`, one statement per request), so a client refused with 429 stays refused
 * after a restart and the limit is one limit across every node. API calls get 600 a minute per
 * client unless their route sets `config.rateLimit`; ended windows are pruned by the scheduler.
 * Registered by the platform before any area, so every route's limit uses this store.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  deps: { db: Db; scheduler: Scheduler },
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: 600,
    allowList: (request) => !isApiPath(request.url),
    timeWindow: '1 minute',
    store: databaseRateLimitStore(deps.db),
    errorResponseBuilder: () => new AppError(429, 'too_many_requests'),
  });
  deps.scheduler.register(rateLimitPruneJob);
}
