import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createAttemptLimiter } from '../../platform/attempts/attempt-limiter.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import type { Operator, OperatorAuthenticator } from '../../platform/http/auth.ts';
import { findOperator } from './operators.repository.ts';
import { unknownUserHash, verifyPassword } from './operator-password.ts';

/** Wrong operator passwords: per username and per client IP, in the platform's one limiter. */
export const operatorLoginLimits = {
  windowMinutes: 15,
  /** Wrong passwords for one username inside the window that lock it. */
  userLockAfter: 5,
  /** Wrong passwords from one IP (any usernames) inside the window that lock the IP. */
  ipLockAfter: 20,
  lockMinutes: 15,
} as const;

const users = createAttemptLimiter({
  windowMinutes: operatorLoginLimits.windowMinutes,
  lockAfter: operatorLoginLimits.userLockAfter,
  lockMinutes: operatorLoginLimits.lockMinutes,
});
const ips = createAttemptLimiter({
  windowMinutes: operatorLoginLimits.windowMinutes,
  lockAfter: operatorLoginLimits.ipLockAfter,
  lockMinutes: operatorLoginLimits.lockMinutes,
});
const userKey = (username: string) => `ops:user:${username}`;
const ipKey = (ip: string) => `ops:ip:${ip}`;
/** Text PostgreSQL cannot store (NUL) or no operator credential has: never looked up. */
const unusable = (text: string) =>
  text.length > 256 || /\p{Cc}/u.test(text) || !text.isWellFormed();

/**
 * Operator accounts (HTTP Basic, scrypt hashes). Wrong passwords count per username and per IP;
 * a locked username or IP answers 429 ops_locked, the right password included, until the lock
 * ends; each lock is audited. Unlike the member's secrets, a failure is counted after the
 * check: Basic sends the password with every call, and an operator's parallel calls must not
 * count as attempts.
 */
export function createOperatorService(deps: { db: Db; clock: Clock }): OperatorAuthenticator {
  const { db, clock } = deps;

  async function fail(username: string | null, ip: string, now: Date) {
    const counted = await db.transaction(async (tx) => {
      const user = username === null ? null : await users.fail(tx, userKey(username), now);
      const client = await ips.fail(tx, ipKey(ip), now);
      const locked = [
        ...(user?.locked && username !== null ? [`operator:${username}`] : []),
        ...(client.locked ? [`ip:${ip}`] : []),
      ];
      for (const target of locked) {
        await insertAudit(tx, {
          actor: `ip:${ip}`,
          action: 'operator.login.locked',
          target,
          before: null,
          after: { failures: target.startsWith('ip:') ? client.failures : user?.failures },
        });
      }
      return locked.length > 0;
    });
    if (counted) throw new AppError(429, 'ops_locked');
    return undefined;
  }

  return {
    /** The operator for these credentials, or undefined; same work for unknown names. */
    async authenticate(username: string, password: string, ip: string) {
      const now = clock();
      if (unusable(username) || unusable(password)) return fail(null, ip, now);
      const states = await users.states(db, [userKey(username), ipKey(ip)]);
      if (states.some((row) => row.lockedUntil && row.lockedUntil > now)) {
        throw new AppError(429, 'ops_locked');
      }
      const row = await findOperator(db, username);
      const ok = await verifyPassword(password, row?.passwordHash ?? unknownUserHash);
      if (!row || !ok) return fail(username, ip, now);
      if (states.some((state) => state.key === userKey(username))) {
        await users.clear(db, userKey(username));
      }
      return { id: row.id, username: row.username } satisfies Operator;
    },
  };
}
