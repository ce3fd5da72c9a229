import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../members/members.schema.ts';

export type LoginFailureRow = typeof loginFailures.$inferSelect;

export function findLoginFailures(db: Db, keys: string[]) {
  return db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
}

/**
 * Counts one failure for `key` in one statement (so concurrent nodes never lose a count); a
 * window older than `windowStart` starts again at 1. Returns the row after the count.
 */
export async function countLoginFailure(db: Db, key: string, now: Date, windowStart: Date) {
  const [row] = await db
    .insert(loginFailures)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${loginFailures.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginFailures.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${loginFailures.windowStartedAt} end`,
      },
    })
    .returning();
  if (!row) throw new Error('login failure not counted');
  return row;
}

export async function lockLoginKey(db: Db, key: string, until: Date) {
  await db.update(loginFailures).set({ lockedUntil: until }).where(eq(loginFailures.key, key));
}

/** Locks `key` until `until` whether or not it has counted failures here. */
export async function upsertLoginLock(db: Db, key: string, now: Date, until: Date) {
  await db
    .insert(loginFailures)
    .values({ key, failures: 0, windowStartedAt: now, lockedUntil: until })
    .onConflictDoUpdate({ target: loginFailures.key, set: { lockedUntil: until } });
}

export async function clearLoginFailures(db: Db, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
