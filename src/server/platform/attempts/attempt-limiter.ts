import type { Db } from '../db/client.ts';
import {
  clearLoginFailures,
  countLoginFailure,
  findLoginFailures,
  lockLoginKey,
  upsertLoginLock,
  type LoginFailureRow,
} from './login-failures.repository.ts';

const MINUTE_MS = 60_000;

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

/**
 * The one limiter of every per-key lockout (login failures per user and IP, operator sign-in
 * failures per name and IP, second-factor codes per member, the login and payment passwords
 * asked again per member (members/member-secrets.ts), a verification target after wrong
 * codes). Keys are namespaced by their caller (`user:`, `ip:`, `ops:user:`, `ops:ip:`,
 * `second-factor:member:`, `password:member:`, `pay:`, `verification:`...). Counts are kept in
 * `login_failures`, one statement per count, so concurrent nodes never lose one.
 *
 * @example
 * const limiter = createAttemptLimiter({ windowMinutes: 15, lockAfter: 5, lockMinutes: 30 });
 * if (await limiter.lockedUntil(db, key, now)) throw new AppError(429, 'account_locked');
 * const { locked } = await limiter.fail(tx, key, now);
 */
export function createAttemptLimiter(policy: LockoutPolicy) {
  const windowStart = (now: Date) => new Date(now.getTime() - policy.windowMinutes * MINUTE_MS);
  return {
    /** The stored state of these keys (absent keys have no row). */
    states: (db: Db, keys: string[]): Promise<AttemptState[]> => findLoginFailures(db, keys),
    /** The end of the key's lock when it is locked at `now`, else null. */
    async lockedUntil(db: Db, key: string, now: Date): Promise<Date | null> {
      const [row] = await findLoginFailures(db, [key]);
      return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
    },
    /** Whether the state's window is still open at `now` with at least `count` failures. */
    hasRecentFailures: (state: AttemptState, now: Date, count: number) =>
      state.windowStartedAt > windowStart(now) && state.failures >= count,
    /** Counts one failure; locks the key when the policy says so. */
    async fail(db: Db, key: string, now: Date): Promise<{ failures: number; locked: boolean }> {
      const counted = await countLoginFailure(db, key, now, windowStart(now));
      const { lockAfter } = policy;
      const locked =
        lockAfter !== null &&
        counted.failures >= lockAfter &&
        (!policy.lockAtMultiples || counted.failures % lockAfter === 0);
      if (locked) {
        await lockLoginKey(db, key, new Date(now.getTime() + policy.lockMinutes * MINUTE_MS));
      }
      return { failures: counted.failures, locked };
    },
    /**
     * Locks the key for the policy's `lockMinutes` from `now`, for a caller that counts its
     * failures elsewhere (the wrong checks of one verification code are kept on the code).
     */
    lockNow: (db: Db, key: string, now: Date): Promise<void> =>
      upsertLoginLock(db, key, now, new Date(now.getTime() + policy.lockMinutes * MINUTE_MS)),
    /** Forgets the key's failures and lock (after a success). */
    clear: (db: Db, key: string): Promise<void> => clearLoginFailures(db, key),
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
