import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/client.ts';
import {
  clearAfterRight,
  clearLoginFailures,
  countLoginFailure,
  findLoginFailures,
  lockLoginKey,
  releaseCheckPlace,
  takeCheckPlace,
  upsertLoginLock,
  type LoginFailureRow,
} from './login-failures.repository.ts';

const MINUTE_MS = 60_000;
/**
 * How long a check may hold its place: a node that dies mid-check gives its places back by
 * then. Far above any check (a password hash takes milliseconds).
 */
const CHECK_HOLD_MS = 30_000;
/** How long an attempt waits for a place that checks under way hold, at most. */
const PLACE_WAIT_MS = CHECK_HOLD_MS + 5_000;
/** Waits between two looks for a free place: growing, so a long check costs few reads. */
const PLACE_POLL_MS = [5, 10, 20, 40, 80, 160] as const;

/**
 * How one kind of attempt locks: failures of a key inside `windowMinutes` count together (an
 * older window starts again at 1); reaching `lockAfter` locks the key for `lockMinutes`.
 */
export type LockoutPolicy = {
  windowMinutes: number;
  /** The count that locks; null counts without ever locking (e.g. per-IP login failures). */
  lockAfter: number | null;
  lockMinutes: number;
  /** Lock at each multiple of `lockAfter` only (a login's 5th, 10th... failure), not past it. */
  lockAtMultiples?: boolean;
};

export type AttemptState = LoginFailureRow;

/** A check that holds one of its key's places (`enter`), to be given back by a verdict. */
export type Entered = { entered: true } | { entered: false; lockedUntil: Date };

/** The verdict of one attempt (`attempt`). */
export type AttemptResult =
  | { outcome: 'right' }
  | { outcome: 'wrong'; failures: number; locked: boolean; lockedUntil: Date | null }
  | { outcome: 'locked'; lockedUntil: Date };

/**
 * The one limiter of every per-key lockout (login failures per user and IP, operator sign-in
 * failures per name and address, second-factor codes per member, the login and payment
 * passwords asked again per member (members/member-secrets.ts), a verification target after
 * wrong codes). Keys are namespaced by their caller (`user:`, `ip:`, `ops:user-ip:`, `ops:ip:`,
 * `second-factor:member:`, `password:member:`, `pay:`, `verification:`...). Counts are kept in
 * `login_failures`, one statement per count, so concurrent nodes never lose one.
 *
 * A secret is checked with `attempt` (or `enter` and then `right`, `wrong` or `leave`): the
 * check first takes one of the key's places, of which there are as many as wrong secrets left
 * before the lock; a wrong secret turns its place into a failure, a right one clears the count.
 * So a burst of parallel guesses gets no more checks than the policy allows, however they
 * interleave, and a right secret is never counted: an attempt that finds every place held by
 * checks under way waits for their verdicts (they may be right ones) instead of being refused.
 *
 * @example
 * const limiter = createAttemptLimiter({ windowMinutes: 15, lockAfter: 5, lockMinutes: 30 });
 * const result = await limiter.attempt(db, key, now, () => verify(secret, hash));
 * if (result.outcome === 'locked') throw new AppError(429, 'account_locked');
 */
export function createAttemptLimiter(policy: LockoutPolicy) {
  const windowStart = (now: Date) => new Date(now.getTime() - policy.windowMinutes * MINUTE_MS);
  const lockEnd = (now: Date) => new Date(now.getTime() + policy.lockMinutes * MINUTE_MS);

  async function lockedUntil(db: Db, key: string, now: Date): Promise<Date | null> {
    const [row] = await findLoginFailures(db, [key]);
    return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
  }

  /** Counts one failure; locks the key when the policy says so. */
  async function count(db: Db, key: string, now: Date, release: boolean) {
    const counted = await countLoginFailure(db, key, now, windowStart(now), release);
    const { lockAfter } = policy;
    const locked =
      lockAfter !== null &&
      counted.failures >= lockAfter &&
      (!policy.lockAtMultiples || counted.failures % lockAfter === 0);
    if (locked) await lockLoginKey(db, key, lockEnd(now));
    return { failures: counted.failures, locked, lockedUntil: locked ? lockEnd(now) : null };
  }

  /**
   * Takes a place for one check of the key's secret, waiting while checks under way hold them
   * all; not entered while the key is locked. A key that never locks needs no place.
   */
  async function enter(db: Db, key: string, now: Date): Promise<Entered> {
    const { lockAfter } = policy;
    if (lockAfter === null) return { entered: true };
    const started = Date.now();
    for (let round = 0; ; round += 1) {
      const took = await takeCheckPlace(db, key, {
        now,
        windowStart: windowStart(now),
        places: lockAfter,
        modulo: policy.lockAtMultiples === true,
        checkingUntil: new Date(now.getTime() + CHECK_HOLD_MS),
      });
      if (took) return { entered: true };
      const until = await lockedUntil(db, key, now);
      if (until) return { entered: false, lockedUntil: until };
      // Every place is held by a check under way: its verdict frees one or locks the key.
      if (Date.now() - started > PLACE_WAIT_MS) {
        const [row] = await findLoginFailures(db, [key]);
        return { entered: false, lockedUntil: row?.checkingUntil ?? lockEnd(now) };
      }
      await sleep(PLACE_POLL_MS[Math.min(round, PLACE_POLL_MS.length - 1)]);
    }
  }

  const placed = policy.lockAfter !== null;

  return {
    /** The stored state of these keys (absent keys have no row). */
    states: (db: Db, keys: string[]): Promise<AttemptState[]> => findLoginFailures(db, keys),
    /** The end of the key's lock when it is locked at `now`, else null. */
    lockedUntil,
    /** Whether the state's window is still open at `now` with at least `count` failures. */
    hasRecentFailures: (state: AttemptState, now: Date, count: number) =>
      state.windowStartedAt > windowStart(now) && state.failures >= count,
    enter,
    /** The entered check's secret was right: the count and lock are forgotten. */
    right: (db: Db, key: string, now: Date): Promise<void> =>
      placed ? clearAfterRight(db, key, now) : clearLoginFailures(db, key),
    /** The entered check's secret was wrong: its place becomes a failure (and maybe a lock). */
    wrong: (db: Db, key: string, now: Date) => count(db, key, now, placed),
    /** The entered check could not be made (an error): its place is given back, no verdict. */
    leave: (db: Db, key: string, now: Date): Promise<void> =>
      placed ? releaseCheckPlace(db, key, now) : Promise.resolve(),
    /**
     * One check of the key's secret: entered, checked, and its verdict counted (a right one
     * clears the count). `check` throwing gives the place back and throws.
     */
    async attempt(
      db: Db,
      key: string,
      now: Date,
      check: () => Promise<boolean>,
    ): Promise<AttemptResult> {
      const entry = await enter(db, key, now);
      if (!entry.entered) return { outcome: 'locked', lockedUntil: entry.lockedUntil };
      let ok: boolean;
      try {
        ok = await check();
      } catch (error) {
        await (placed ? releaseCheckPlace(db, key, now) : Promise.resolve());
        throw error;
      }
      if (ok) {
        await (placed ? clearAfterRight(db, key, now) : clearLoginFailures(db, key));
        return { outcome: 'right' };
      }
      return { outcome: 'wrong', ...(await count(db, key, now, placed)) };
    },
    /**
     * Counts one failure of a check that took no place (a key counted beside another that
     * holds the place, e.g. a login's address); locks the key when the policy says so.
     */
    fail: (db: Db, key: string, now: Date) => count(db, key, now, false),
    /**
     * Locks the key for the policy's `lockMinutes` from `now`, for a caller that counts its
     * failures elsewhere (the wrong checks of one verification code are kept on the code).
     */
    lockNow: (db: Db, key: string, now: Date): Promise<void> =>
      upsertLoginLock(db, key, now, lockEnd(now)),
    /** Forgets the key's failures and lock (after a success). */
    clear: (db: Db, key: string): Promise<void> => clearLoginFailures(db, key),
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
