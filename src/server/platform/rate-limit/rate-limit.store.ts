import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Job } from '../scheduler/scheduler.ts';
import { rateLimitHits } from './rate-limit.schema.ts';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
/** What @fastify/rate-limit really hands `child`: the limit's options merged with its route's. */
type MergedOptions = {
  routeInfo?: { method?: string | string[]; url?: string };
  max?: unknown;
  timeWindow?: unknown;
};

/**
 * Counts one hit of `key` in one statement and returns the hits of its window and the
 * milliseconds left in it. A window starts at the key's first hit (database time, so every
 * node agrees) and lasts `windowMs`; the first hit after it ends starts a new one at 1.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<Counted> {
  const window = sql`(${windowMs}::bigint * interval '1 millisecond')`;
  const ended = sql`${rateLimitHits.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, windowEndsAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then now() + ${window} else ${rateLimitHits.windowEndsAt} end`,
      },
    })
    .returning({
      current: rateLimitHits.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitHits.windowEndsAt} - now())) * 1000))::integer`,
    });
  if (!row) throw new Error('rate limit hit not counted');
  return row;
}

/** The hits and milliseconds left of `key`'s live window, without counting one. */
export async function readHits(db: Db, key: string): Promise<Counted> {
  const [row] = await db
    .select({
      current: rateLimitHits.hits,
      ttl: sql<number>`ceil(extract(epoch from (${rateLimitHits.windowEndsAt} - now())) * 1000)::integer`,
    })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.windowEndsAt, sql`now()`)));
  return row ?? { current: 0, ttl: 0 };
}

/**
 * A store for @fastify/rate-limit (its `store` option: `new Store(options)`, `incr`, `read`,
 * `child(routeOptions)`) that keeps the counters in the database. Each route's store prefixes
 * its keys with the method and URL, as the plugin's own stores do.
 *
 * @example
 * await app.register(rateLimit, { store: databaseRateLimitStore(database.db), max: 600 });
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;

    constructor(_options?: unknown, prefix = 'global:') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      countHit(db, this.prefix + key, timeWindow).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      readHits(db, this.prefix + key).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: RouteOptions): DatabaseRateLimitStore {
      const merged = routeOptions as unknown as MergedOptions;
      const { method, url } = merged.routeInfo ?? {};
      // A limiter made with app.rateLimit() has no route: it is named by its limit.
      const name = url
        ? `${[method].flat().join(',')} ${url}`
        : `limit ${String(merged.max)}/${String(merged.timeWindow)}`;
      return new DatabaseRateLimitStore(undefined, `${name}:`);
    }
  };
}

/** Every ten minutes, drops the counters whose window has ended (they count from 1 again). */
export const rateLimitPruneJob: Job = {
  name: 'rate-limit-prune',
  cron: '*/10 * * * *',
  async run(tx) {
    await tx.delete(rateLimitHits).where(lt(rateLimitHits.windowEndsAt, sql`now()`));
  },
};
