import { randomBytes } from 'node:crypto';
import { hashToken } from '../../platform/hash-token.ts';
import { Secret, TOTP } from 'otpauth';
import type { Language } from '../../../contract/constants.ts';
import type { LoginResult, secondFactors } from '../../../contract/identity.ts';
import type { Db } from '../../platform/db/client.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { createAttemptLimiter } from '../../platform/attempts/attempt-limiter.ts';
import type { MemberRow } from './members.repository.ts';
import { findMemberById } from '../../platform/members/members.queries.ts';
import {
  consumeChallenge,
  countChallengeFailure,
  deleteDeadChallenges,
  deleteTotp,
  findLiveChallenge,
  findTotp,
  insertChallenge,
  updateTotp,
  upsertPendingTotp,
  spendTotpStep,
  type LoginChallengeRow,
} from './second-factor.repository.ts';
import { getSettings } from '../system/system.port.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { MemberTotpRow } from './second-factor.repository.ts';
import type { SecretBox } from '../../platform/keys/secret-box.ts';
import { PASSWORD_MAX_AGE_DAYS } from '../../platform/members/member-password.ts';
import { createMemberSecrets } from '../../platform/members/member-secrets.ts';
import {
  phoneTarget,
  verificationError,
  type VerificationService,
} from '../verification/verification.port.ts';

type Factor = (typeof secondFactors)[number];

/** Limits of the second factor (issue 3, items 4 and 7). */
export const secondFactorLimits = {
  challengeMinutes: 10,
  wrongCodesPerChallenge: 5,
  /** Wrong codes of one member, over all its challenges, that lock its second factor... */
  memberFailuresLock: 10,
  windowMinutes: 15,
  /** ...for this long: the password is known, so guessing codes is what is slowed down. */
  lockMinutes: 15,
} as const;

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30 s. */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** One step either side, for clocks a little apart. */
const TOTP_WINDOW = 1;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const memberKey = (memberId: number) => `second-factor:member:${memberId}`;
const memberCodes = createAttemptLimiter({
  windowMinutes: secondFactorLimits.windowMinutes,
  lockAfter: secondFactorLimits.memberFailuresLock,
  lockMinutes: secondFactorLimits.lockMinutes,
});
const expired = () => new AppError(400, 'two_factor_expired');

/** The client of a login step: the identity service's RequestContext has it. */
export type ClientContext = { ip: string };

/** What a passed challenge opens: the member's session, with the login's flags. */
export type PassedChallenge = { memberId: number; passwordExpired: boolean };

/**
 * The second factor of a password login from an IP the account has not used (SMS, e-mail or an
 * authenticator code) and the binding of the authenticator. Challenges are stored as hashes of
 * their random ids; codes go through the verification service; TOTP codes are single use within
 * their window. Every step is audited, never with a code, secret or challenge id.
 */
export function createSecondFactorService(deps: {
  db: Db;
  clock: Clock;
  verification: Pick<VerificationService, 'sendSms' | 'sendEmail' | 'checkCode'>;
  /** Authenticator secrets are stored sealed (AES-256-GCM, TOTP_ENCRYPTION_KEYS). */
  secretBox: SecretBox;
  /** After binding or unbinding (member info shows it; the node's member cache drops it). */
  memberChanged?: (memberId: number) => void;
}) {
  const { db, clock, secretBox } = deps;
  const secrets = createMemberSecrets({ db, clock });

  /**
   * The clear secret of a stored row. A row sealed with an older key or stored in clear (before
   * encryption) is sealed again with the current key on this use.
   */
  async function secretOf(tx: Db, row: MemberTotpRow): Promise<string> {
    const { plain, stale } = secretBox.open(row.secret);
    if (stale) await updateTotp(tx, row.memberId, { secret: secretBox.seal(plain) });
    return plain;
  }

  const audit = (tx: Db, member: Pick<MemberRow, 'id'>, action: string, after: object) =>
    insertAudit(tx, {
      actor: `member:${member.id}`,
      action,
      target: `member:${member.id}`,
      before: null,
      after,
    });

  async function boundTotp(memberId: number) {
    const row = await findTotp(db, memberId);
    return row?.confirmedAt ? row : undefined;
  }

  async function factorsOf(member: MemberRow): Promise<Factor[]> {
    const factors: Factor[] = [];
    if (member.mobile && member.countryDialingCode) factors.push('sms');
    if (member.email) factors.push('email');
    if (await boundTotp(member.id)) factors.push('totp');
    return factors;
  }

  function totpOf(secret: string, label: string, issuer: string) {
    return new TOTP({ ...TOTP_PARAMS, issuer, label, secret: Secret.fromBase32(secret) });
  }

  /** The time step a code is valid for, or null for a wrong code. */
  function totpStep(secret: string, code: string): number | null {
    const totp = totpOf(secret, 'member', 'site');
    const timestamp = clock().getTime();
    const delta = totp.validate({ token: code, timestamp, window: TOTP_WINDOW });
    return delta === null ? null : totp.counter({ timestamp }) + delta;
  }

  /** A right code of the member's bound authenticator, used up (a replay is wrong). */
  async function takeTotpCode(tx: Db, memberId: number, code: string): Promise<boolean> {
    const row = await findTotp(tx, memberId);
    if (!row?.confirmedAt) return false;
    const step = totpStep(await secretOf(tx, row), code);
    return step !== null && spendTotpStep(tx, memberId, step);
  }

  /** The current password, counted with every other call that asks it again. */
  const assertPassword = (member: MemberRow, password: string, action: string) =>
    secrets.verifyPassword(member, password, {
      action: 'member.totp_failed',
      after: { step: action, reason: 'password' },
    });

  /**
   * An authenticator code outside a login, checked in the member's code limiter like a login's
   * (the check holds one of the tries left): `check` says whether it is right and acts on it.
   */
  async function checkCode(
    member: MemberRow,
    step: string,
    check: () => Promise<boolean>,
  ): Promise<void> {
    const now = clock();
    const result = await memberCodes.attempt(db, memberKey(member.id), now, check);
    if (result.outcome === 'right') return;
    if (result.outcome === 'locked') throw new AppError(429, 'account_locked');
    await audit(db, member, 'member.totp_failed', {
      step,
      reason: 'code',
      locked: result.locked,
    });
    throw result.locked
      ? new AppError(429, 'account_locked')
      : new AppError(400, 'two_factor_invalid');
  }

  async function liveChallenge(challengeId: string, context: ClientContext) {
    const row = await findLiveChallenge(db, hashToken(challengeId), clock());
    // Bound to the IP that logged in: a leaked id is no use elsewhere.
    if (!row || row.ip !== context.ip) {
      await insertAudit(db, {
        actor: `ip:${context.ip}`,
        action: 'session.second_factor_failed',
        target: row ? `member:${row.memberId}` : 'challenge:unknown',
        before: null,
        after: { reason: row ? 'other_ip' : 'no_live_challenge' },
      });
      throw expired();
    }
    return row;
  }

  async function memberOfChallenge(row: LoginChallengeRow) {
    const member = await findMemberById(db, row.memberId);
    if (!member) throw expired();
    return member;
  }

  /** One wrong code: counted on the challenge (5 spend it) and on the member (10 lock). */
  async function countFailure(row: LoginChallengeRow, factor: Factor, reason: string) {
    const now = clock();
    return db.transaction(async (tx) => {
      const failedChecks = await countChallengeFailure(tx, row.id);
      const spent = failedChecks >= secondFactorLimits.wrongCodesPerChallenge;
      if (spent) await consumeChallenge(tx, row.id, now);
      const { locked } = await memberCodes.wrong(tx, memberKey(row.memberId), now);
      await audit(tx, { id: row.memberId }, 'session.second_factor_failed', {
        factor,
        reason,
        ip: row.ip,
        failedChecks,
        spent,
        locked,
      });
      return { spent, locked };
    });
  }

  return {
    /**
     * A challenge instead of a session when a password login comes from an IP the account has
     * not used (the first login only records its IP); null when the login may open its session.
     * An account with no factor at all logs in, audited.
     */
    async challengeFor(
      member: MemberRow,
      context: ClientContext,
      expiryOn: boolean,
    ): Promise<LoginResult | null> {
      if (member.knownIps.length === 0 || member.knownIps.includes(context.ip)) return null;
      const factors = await factorsOf(member);
      if (factors.length === 0) {
        await audit(db, member, 'session.second_factor_skipped', {
          ip: context.ip,
          reason: 'no_factor',
        });
        return null;
      }
      const now = clock();
      const changedAt = member.passwordChangedAt ?? member.createdAt;
      const passwordExpired =
        expiryOn &&
        member.passwordHash !== null &&
        now.getTime() - changedAt.getTime() > PASSWORD_MAX_AGE_DAYS * DAY_MS;
      const challengeId = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        await deleteDeadChallenges(tx, member.id, now);
        await insertChallenge(tx, {
          idHash: hashToken(challengeId),
          memberId: member.id,
          ip: context.ip,
          factors,
          firstTimeLogin: member.firstLogin,
          passwordExpired,
          createdAt: now,
          expiresAt: new Date(now.getTime() + secondFactorLimits.challengeMinutes * MINUTE_MS),
        });
        await audit(tx, member, 'session.second_factor_required', { ip: context.ip, factors });
      });
      return {
        token: null,
        firstTimeLogin: member.firstLogin,
        passwordExpired,
        previousLoginAt: null,
        challenge: { challengeId, factors },
      };
    },

    /** Sends the SMS or e-mail code of a live challenge to the account's own number/address. */
    async send(
      body: { challengeId: string; factor: 'sms' | 'email' },
      context: ClientContext,
      language: Language,
    ): Promise<{ expiredMinutes: number }> {
      const row = await liveChallenge(body.challengeId, context);
      if (!row.factors.includes(body.factor)) {
        throw new AppError(400, 'bad_request', 'bad_field', { field: 'factor' });
      }
      const member = await memberOfChallenge(row);
      await audit(db, member, 'session.second_factor_send', {
        factor: body.factor,
        ip: context.ip,
      });
      if (body.factor === 'email') {
        if (!member.email) throw expired();
        return deps.verification.sendEmail({
          purpose: 'twoFactor',
          email: member.email,
          ip: context.ip,
          language,
        });
      }
      if (!member.mobile || !member.countryDialingCode) throw expired();
      return deps.verification.sendSms({
        purpose: 'twoFactor',
        countryDialingCode: member.countryDialingCode,
        mobileNo: member.mobile,
        ip: context.ip,
        language,
        captchaExempt: true,
      });
    },

    /**
     * Checks the code of a live challenge and uses the challenge up; the caller then opens the
     * session exactly as the login would have. Wrong codes count (see secondFactorLimits).
     */
    async verify(
      body: { challengeId: string; factor: Factor; code: string },
      context: ClientContext,
    ): Promise<PassedChallenge> {
      const row = await liveChallenge(body.challengeId, context);
      if (!row.factors.includes(body.factor)) {
        throw new AppError(400, 'bad_request', 'bad_field', { field: 'factor' });
      }
      const now = clock();
      const key = memberKey(row.memberId);
      const member = await memberOfChallenge(row);
      // The check holds one of the member's tries left before the lock (parallel guesses get
      // no more checks than the limit); the verdict gives it back.
      const entry = await memberCodes.enter(db, key, now);
      if (!entry.entered) {
        await audit(db, { id: row.memberId }, 'session.second_factor_failed', {
          factor: body.factor,
          reason: 'locked',
          ip: context.ip,
        });
        throw new AppError(429, 'account_locked');
      }

      let failure: AppError | null = null;
      try {
        if (body.factor === 'totp') {
          const ok = await db.transaction((tx) => takeTotpCode(tx, member.id, body.code));
          if (!ok) failure = new AppError(400, 'two_factor_invalid');
        } else {
          const target =
            body.factor === 'sms'
              ? phoneTarget(member.countryDialingCode ?? '', member.mobile ?? '')
              : (member.email ?? '').toLowerCase();
          const checked = await deps.verification.checkCode({
            target,
            purpose: 'twoFactor',
            code: body.code,
          });
          if (!checked.ok) failure = verificationError(checked.code);
        }
      } catch (error) {
        await memberCodes.leave(db, key, now);
        throw error;
      }
      if (failure) {
        const { spent, locked } = await countFailure(row, body.factor, failure.code);
        if (locked) throw new AppError(429, 'account_locked');
        if (spent) throw expired();
        throw failure;
      }

      await memberCodes.right(db, key, now);
      await db.transaction(async (tx) => {
        if (!(await consumeChallenge(tx, row.id, now))) throw expired();
        await audit(tx, member, 'session.second_factor_passed', {
          factor: body.factor,
          ip: context.ip,
        });
      });
      return { memberId: member.id, passwordExpired: row.passwordExpired };
    },

    /** Whether the member has a confirmed authenticator. */
    async totpStatus(member: MemberRow): Promise<{ bound: boolean }> {
      return { bound: (await boundTotp(member.id)) !== undefined };
    },

    /**
     * A new authenticator secret after the current password, pending until a first code
     * confirms it (a new setup replaces a pending one). Refused while one is bound.
     */
    async totpSetup(
      member: MemberRow,
      payload: { password: string },
    ): Promise<{ secret: string; otpauthUri: string }> {
      await assertPassword(member, payload.password, 'setup');
      if (await boundTotp(member.id)) throw new AppError(409, 'totp_already_bound');
      const { siteName } = await getSettings(db);
      const secret = new Secret({ size: 20 }).base32;
      await db.transaction(async (tx) => {
        const row = await upsertPendingTotp(tx, {
          memberId: member.id,
          secret: secretBox.seal(secret),
          createdAt: clock(),
        });
        // Bound by another request in between.
        if (!row) throw new AppError(409, 'totp_already_bound');
        await audit(tx, member, 'member.totp_setup', { pending: true });
      });
      return {
        secret,
        otpauthUri: totpOf(secret, member.username, siteName).toString(),
      };
    },

    /** Binds the pending authenticator with a code it shows. */
    async totpConfirm(member: MemberRow, body: { code: string }): Promise<{ bound: boolean }> {
      const row = await findTotp(db, member.id);
      if (!row) throw new AppError(409, 'totp_setup_required');
      if (row.confirmedAt) throw new AppError(409, 'totp_already_bound');
      const secret = await secretOf(db, row);
      await checkCode(member, 'confirm', async () => {
        const step = totpStep(secret, body.code);
        if (step === null) return false;
        await db.transaction(async (tx) => {
          await updateTotp(tx, member.id, { confirmedAt: clock(), lastUsedStep: step });
          await audit(tx, member, 'member.totp_bound', { bound: true });
        });
        return true;
      });
      deps.memberChanged?.(member.id);
      return { bound: true };
    },

    /** Unbinds the authenticator after the current password and one of its codes. */
    async totpUnbind(
      member: MemberRow,
      payload: { password: string; code: string },
    ): Promise<{ bound: boolean }> {
      await assertPassword(member, payload.password, 'unbind');
      if (!(await boundTotp(member.id))) throw new AppError(409, 'totp_not_bound');
      await checkCode(member, 'unbind', () =>
        db.transaction(async (tx) => {
          if (!(await takeTotpCode(tx, member.id, payload.code))) return false;
          await deleteTotp(tx, member.id);
          await audit(tx, member, 'member.totp_unbound', { bound: false });
          return true;
        }),
      );
      deps.memberChanged?.(member.id);
      return { bound: false };
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
