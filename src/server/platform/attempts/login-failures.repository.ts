import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../members/members.schema.ts';

export type LoginFailureRow = typeof loginFailures.$inferSelect;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/** The key's failures, none when its window started before `windowStart`. */
const failuresIn = (windowStart: Date) =>
  sql`case when ${loginFailures.windowStartedAt} <= ${at(windowStart)} then 0 else ${loginFailures.failures} end`;
/** The places the key's running checks hold, none once they are given back by time. */
const checkingAt = (now: Date) =>
  sql`case when ${loginFailures.checkingUntil} is null or ${loginFailures.checkingUntil} <= ${at(now)} then 0 else ${loginFailures.checking} end`;
/** One place given back (never below none). */
const oneLess = (now: Date) => sql`greatest(${checkingAt(now)} - 1, 0)`;

export function findLoginFailures(db: Db, keys: string[]) {
  return db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
}

/**
 * Takes one place of `key` for a check, in one statement: only while the key is not locked and
 * its failures in the window (`modulo`: past the last multiple) and the checks under way leave
 * one of `places`. Places are held until `checkingUntil` at most. Returns whether it took one.
 */
export async function takeCheckPlace(
  db: Db,
  key: string,
  options: {
    now: Date;
    windowStart: Date;
    places: number;
    modulo: boolean;
    checkingUntil: Date;
  },
): Promise<boolean> {
  const { now, windowStart, places, modulo, checkingUntil } = options;
  const counted = modulo
    ? sql`(${failuresIn(windowStart)}) % ${places}`
    : sql`(${failuresIn(windowStart)})`;
  const rows = await db
    .insert(loginFailures)
    .values({ key, failures: 0, windowStartedAt: now, checking: 1, checkingUntil })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: failuresIn(windowStart),
        windowStartedAt: sql`case when ${loginFailures.windowStartedAt} <= ${at(windowStart)} then ${at(now)} else ${loginFailures.windowStartedAt} end`,
        checking: sql`${checkingAt(now)} + 1`,
        checkingUntil: at(checkingUntil),
      },
      setWhere: sql`(${loginFailures.lockedUntil} is null or ${loginFailures.lockedUntil} <= ${at(now)}) and ${counted} + ${checkingAt(now)} < ${places}`,
    })
    .returning({ key: loginFailures.key });
  return rows.length > 0;
}

/**
 * Counts one failure for `key` in one statement (so concurrent nodes never lose a count); a
 * window older than `windowStart` starts again at 1. `release` gives back the place its check
 * held. Returns the row after the count.
 */
export async function countLoginFailure(
  db: Db,
  key: string,
  now: Date,
  windowStart: Date,
  release = false,
) {
  const [row] = await db
    .insert(loginFailures)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${loginFailures.windowStartedAt} <= ${at(windowStart)} then 1 else ${loginFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginFailures.windowStartedAt} <= ${at(windowStart)} then ${at(now)} else ${loginFailures.windowStartedAt} end`,
        ...(release ? { checking: oneLess(now) } : {}),
      },
    })
    .returning();
  if (!row) throw new Error('login failure not counted');
  return row;
}

/** Gives back one place of `key` without a verdict (the check could not be made). */
export async function releaseCheckPlace(db: Db, key: string, now: Date) {
  await db
    .update(loginFailures)
    .set({ checking: oneLess(now) })
    .where(eq(loginFailures.key, key));
}

/**
 * After a right secret: the key's failures and lock are forgotten and its place given back;
 * then the row goes if no check holds a place and nothing was counted meanwhile (whichever of
 * two right checks ends last removes it).
 */
export async function clearAfterRight(db: Db, key: string, now: Date) {
  await db
    .update(loginFailures)
    .set({ failures: 0, windowStartedAt: now, lockedUntil: null, checking: oneLess(now) })
    .where(eq(loginFailures.key, key));
  await db
    .delete(loginFailures)
    .where(
      and(
        eq(loginFailures.key, key),
        eq(loginFailures.failures, 0),
        sql`${loginFailures.lockedUntil} is null`,
        sql`${checkingAt(now)} = 0`,
      ),
    );
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
