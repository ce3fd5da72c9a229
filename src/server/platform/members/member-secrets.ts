import { paymentPasswordLimits } from '../../../contract/withdrawal.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { createAttemptLimiter } from '../attempts/attempt-limiter.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import type { MemberRow } from '../http/auth.ts';
import { verifyMemberPassword } from './member-password.ts';

/**
 * Wrong secrets a signed-in member types again, per member: the login password (security
 * center, authenticator binding, payment-password setting, password change) and the payment
 * password (withdrawal, transfer to upline). The login itself counts per username in the
 * identity area, codes per member or target in the second-factor and verification services:
 * all in the platform's one attempt limiter.
 */
export const memberSecretLimits = {
  password: { wrongPasswords: 5, windowMinutes: 15, lockMinutes: 15 },
  paymentPassword: {
    wrongPasswords: paymentPasswordLimits.maxFailures,
    windowMinutes: paymentPasswordLimits.windowMinutes,
    lockMinutes: paymentPasswordLimits.lockMinutes,
  },
} as const;

type Kind = keyof typeof memberSecretLimits;

const limiterOf = (kind: Kind) =>
  createAttemptLimiter({
    windowMinutes: memberSecretLimits[kind].windowMinutes,
    lockAfter: memberSecretLimits[kind].wrongPasswords,
    lockMinutes: memberSecretLimits[kind].lockMinutes,
  });

const MINUTE_MS = 60_000;

/** A wrong secret: its message and reply say how many tries are left before the lock. */
const wrongWithTries =
  (code: 'password_wrong' | 'payment_password_wrong', kind: Kind) => (remainingTries: number) =>
    new AppError(
      400,
      code,
      `${code}_tries`,
      {
        tries: String(remainingTries),
        minutes: String(memberSecretLimits[kind].lockMinutes),
      },
      { remainingTries },
    );

/** A locked secret: its message and reply say how long the lock lasts. */
const lockedUntil =
  (
    code: 'account_locked' | 'payment_password_locked',
    key: 'account_locked_for' | 'payment_password_locked_for',
  ) =>
  (until: Date, now: Date) =>
    new AppError(
      429,
      code,
      key,
      { minutes: String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE_MS))) },
      { remainingTries: 0, lockedUntil: until.toISOString() },
    );

/** One key per member and secret, whichever call checks it. */
const secrets = {
  password: {
    limiter: limiterOf('password'),
    key: (memberId: number) => `password:member:${memberId}`,
    hashOf: (member: MemberRow) => member.passwordHash,
    wrong: wrongWithTries('password_wrong', 'password'),
    locked: lockedUntil('account_locked', 'account_locked_for'),
  },
  paymentPassword: {
    limiter: limiterOf('paymentPassword'),
    key: (memberId: number) => `pay:${memberId}`,
    hashOf: (member: MemberRow) => member.paymentPasswordHash,
    wrong: wrongWithTries('payment_password_wrong', 'paymentPassword'),
    locked: lockedUntil('payment_password_locked', 'payment_password_locked_for'),
  },
} as const;

/** How the calling step names its failures in the audit log (never with the secret). */
export type SecretAudit = { action: string; after?: Record<string, unknown> };

export type MemberSecrets = ReturnType<typeof createMemberSecrets>;

/**
 * The checks of a member's login and payment passwords outside the login, through the
 * platform's attempt limiter: each check holds one of the wrong tries left for that secret of
 * the member, so parallel guesses get no more checks than the limit; a wrong one counts toward
 * the lock (every call that checks the secret refuses while locked, the right one included),
 * the right one clears the count and is never counted, however many run at once. Each wrong
 * one is audited.
 *
 * @example
 * const secrets = createMemberSecrets({ db, clock });
 * await secrets.verifyPaymentPassword(member, body.paymentPassword); // throws 400 / 429 / 409
 */
export function createMemberSecrets(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function verify(kind: Kind, member: MemberRow, secret: string, audit: SecretAudit) {
    const { limiter, key, hashOf, wrong, locked } = secrets[kind];
    const now = clock();
    const lockAfter = memberSecretLimits[kind].wrongPasswords;
    if (kind === 'paymentPassword' && !member.paymentPasswordHash) {
      // Nothing to guess; a locked PIN still says so first.
      const until = await limiter.lockedUntil(db, key(member.id), now);
      if (until) throw locked(until, now);
      throw new AppError(409, 'payment_password_not_set');
    }
    // The check holds one of the places left before the lock (a burst of parallel guesses gets
    // no more checks than the policy allows); a right secret is never counted.
    const result = await limiter.attempt(db, key(member.id), now, () =>
      verifyMemberPassword(secret, hashOf(member)),
    );
    if (result.outcome === 'right') return;
    if (result.outcome === 'locked') throw locked(result.lockedUntil, now);
    await insertAudit(db, {
      actor: `member:${member.id}`,
      action: audit.action,
      target: `member:${member.id}`,
      before: null,
      after: { ...audit.after, secret: kind, failures: result.failures, locked: result.locked },
    });
    throw result.lockedUntil ? locked(result.lockedUntil, now) : wrong(lockAfter - result.failures);
  }

  return {
    /** The member's login password asked again: 400 password_wrong, 429 account_locked. */
    verifyPassword: (member: MemberRow, password: string, audit: SecretAudit) =>
      verify('password', member, password, audit),
    /**
     * The payment password (PIN): 409 payment_password_not_set, 400 payment_password_wrong,
     * 429 payment_password_locked for every payment while locked.
     */
    verifyPaymentPassword: (
      member: MemberRow,
      pin: string,
      audit: SecretAudit = { action: 'member.paymentPassword.wrong' },
    ) => verify('paymentPassword', member, pin, audit),
  };
}
