import { createHmac, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createAttemptLimiter } from '../../platform/attempts/attempt-limiter.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import type { Operator, OperatorAuthenticator } from '../../platform/http/auth.ts';
import { findOperator } from './operators.repository.ts';
import { unknownUserHash, verifyPassword } from './operator-password.ts';
import type { OperatorTotpService } from './operator-totp.service.ts';

/**
 * Wrong operator passwords, in the platform's one limiter: per name and address (the lock a
 * guesser meets), per address (one that tries many names) and per name from any address (slowed
 * down, and locked only far above what one address may try).
 */
export const operatorLoginLimits = {
  windowMinutes: 15,
  /** Wrong passwords for one name from one address inside the window that lock that pair. */
  pairLockAfter: 5,
  /** Wrong passwords from one address (any names) inside the window that lock the address. */
  ipLockAfter: 20,
  /** Wrong passwords for one name from any addresses from which each check of it waits... */
  nameSlowAfter: 5,
  /** ...the wait of the first one slowed, doubling with each further failure up to the most. */
  nameFirstDelayMs: 250,
  nameMostDelayMs: 2_000,
  /** ...and that lock the name for everyone but a right password with a current code. */
  nameLockAfter: 100,
  lockMinutes: 15,
} as const;

const limiter = (lockAfter: number) =>
  createAttemptLimiter({
    windowMinutes: operatorLoginLimits.windowMinutes,
    lockAfter,
    lockMinutes: operatorLoginLimits.lockMinutes,
  });
const pairs = limiter(operatorLoginLimits.pairLockAfter);
const ips = limiter(operatorLoginLimits.ipLockAfter);
const names = limiter(operatorLoginLimits.nameLockAfter);

/** The limiter keys of an operator sign-in (`login_failures`). */
export const operatorAttemptKeys = {
  pair: (username: string, ip: string) => `ops:user-ip:${username}|${ip}`,
  ip: (ip: string) => `ops:ip:${ip}`,
  name: (username: string) => `ops:user:${username}`,
};

/** How long a check of a name with this many recent failures waits before it is made. */
export function nameDelayMs(failures: number): number {
  const { nameSlowAfter, nameFirstDelayMs, nameMostDelayMs } = operatorLoginLimits;
  if (failures < nameSlowAfter) return 0;
  return Math.min(nameFirstDelayMs * 2 ** Math.min(failures - nameSlowAfter, 16), nameMostDelayMs);
}

/** Text PostgreSQL cannot store (NUL) or no operator credential has: never looked up. */
const unusable = (text: string) =>
  text.length > 256 || /\p{Cc}/u.test(text) || !text.isWellFormed();

const locked = () => new AppError(429, 'ops_locked');

/**
 * Operator accounts (HTTP Basic, scrypt hashes). A wrong password counts per name and address,
 * per address and per name: five lock the name from that address only, twenty lock the address
 * for every name, and for the name as a whole each check waits longer (slowed, not refused)
 * until a hundred lock it. A locked sign-in answers 429 ops_locked, the right password
 * included, unless the call carries a current code of the operator's authenticator (`otp`,
 * the X-Ops-OTP header): a right password and a right code pass and end the locks of that name
 * and address. Each check holds one of its pair's places (the platform's attempt limiter): an
 * operator's parallel calls are never counted, and a burst of guesses from one address gets no
 * more checks than the pair's limit. Each lock and each pass by code is audited.
 */
export function createOperatorService(deps: {
  db: Db;
  clock: Clock;
  totp: Pick<OperatorTotpService, 'takeCode'>;
}): OperatorAuthenticator {
  const { db, clock, totp } = deps;

  /**
   * Credentials this node verified lately, by an HMAC under a key of this process, with the
   * stored hash they matched: every back-office call carries them (HTTP Basic), and scrypt plus
   * the attempt place's two writes on each would make each call cost tens of milliseconds. A
   * remembered pair still meets every lock (the states are read on each call), a changed
   * password forgets it (the stored hash differs), and a pair with failures since goes the
   * whole way so that its right password clears them.
   */
  const verified = new LRUCache<string, string>({ max: 512, ttl: 5 * 60_000 });
  const memoKey = randomBytes(32);
  const credentialOf = (username: string, password: string) =>
    createHmac('sha256', memoKey)
      .update(username)
      .update('\0')
      .update(password)
      .digest('base64url');

  const audit = (ip: string, action: string, target: string, after: object) =>
    insertAudit(db, { actor: `ip:${ip}`, action, target, before: null, after });

  /** Counts the wrong password on the address and the name (the pair counted its own). */
  async function fail(username: string | null, ip: string, now: Date, pairLocked: boolean) {
    const lockedNow = await db.transaction(async (tx) => {
      const name =
        username === null ? null : await names.fail(tx, operatorAttemptKeys.name(username), now);
      const client = await ips.fail(tx, operatorAttemptKeys.ip(ip), now);
      const targets = [
        ...(pairLocked && username !== null ? [`operator:${username}@${ip}`] : []),
        ...(name?.locked && username !== null ? [`operator:${username}`] : []),
        ...(client.locked ? [`ip:${ip}`] : []),
      ];
      for (const target of targets) {
        await insertAudit(tx, {
          actor: `ip:${ip}`,
          action: 'operator.login.locked',
          target,
          before: null,
          after: { failures: target.startsWith('ip:') ? client.failures : name?.failures },
        });
      }
      return targets.length > 0;
    });
    if (lockedNow) throw locked();
    return undefined;
  }

  /**
   * A sign-in that meets a lock: only a right password with a current code passes, and it ends
   * the locks of this name and address. Any other answer is the same 429, so a locked sign-in
   * tells nothing about the password.
   */
  async function throughLock(
    username: string,
    password: string,
    ip: string,
    otp: string | undefined,
  ): Promise<Operator> {
    if (!otp) throw locked();
    const row = await findOperator(db, username);
    const ok = await verifyPassword(password, row?.passwordHash ?? unknownUserHash);
    if (!row || !ok) throw locked();
    const code = await totp.takeCode(row.id, otp);
    if (code !== 'right') {
      await audit(ip, 'operator.login.second_factor_failed', `operator:${username}`, {
        reason: code,
      });
      throw locked();
    }
    await db.transaction(async (tx) => {
      await pairs.clear(tx, operatorAttemptKeys.pair(username, ip));
      await ips.clear(tx, operatorAttemptKeys.ip(ip));
      await names.clear(tx, operatorAttemptKeys.name(username));
      await insertAudit(tx, {
        actor: `ip:${ip}`,
        action: 'operator.login.second_factor_passed',
        target: `operator:${username}`,
        before: null,
        after: {},
      });
    });
    return { id: row.id, username: row.username };
  }

  return {
    /** The operator for these credentials, or undefined; same work for unknown names. */
    async authenticate(username: string, password: string, ip: string, otp?: string) {
      const now = clock();
      if (unusable(username) || unusable(password)) return fail(null, ip, now, false);
      const keys = {
        pair: operatorAttemptKeys.pair(username, ip),
        ip: operatorAttemptKeys.ip(ip),
        name: operatorAttemptKeys.name(username),
      };
      const states = await pairs.states(db, [keys.pair, keys.ip, keys.name]);
      if (states.some((row) => row.lockedUntil && row.lockedUntil > now)) {
        return throughLock(username, password, ip, otp);
      }
      const pair = states.find((row) => row.key === keys.pair);
      const credential = credentialOf(username, password);
      const remembered = verified.get(credential);
      if (remembered !== undefined && !(pair && pairs.hasRecentFailures(pair, now, 1))) {
        const row = await findOperator(db, username);
        if (row?.passwordHash === remembered) return { id: row.id, username: row.username };
        verified.delete(credential);
      }
      const name = states.find((row) => row.key === keys.name);
      const nameFailures = name && names.hasRecentFailures(name, now, 1) ? name.failures : 0;
      // The name as a whole is slowed, never refused below its high lock: every check waits.
      const delay = nameDelayMs(nameFailures);
      if (delay > 0) await sleep(delay);
      const row = await findOperator(db, username);
      const result = await pairs.attempt(db, keys.pair, now, () =>
        verifyPassword(password, row?.passwordHash ?? unknownUserHash),
      );
      if (result.outcome === 'locked') return throughLock(username, password, ip, otp);
      if (result.outcome === 'wrong' || !row) {
        return fail(username, ip, now, result.outcome === 'wrong' && result.locked);
      }
      verified.set(credential, row.passwordHash);
      return { id: row.id, username: row.username } satisfies Operator;
    },
  };
}
