import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/client.ts';
import { constants } from '../../../contract/constants.ts';
import {
  memberTypes,
  type LoginPayload,
  type LoginResult,
  type MemberIcon,
  type MemberInfo,
  type RegisterPayload,
  type changePasswordPayloadSchema,
  type passwordVerificationPayloadSchema,
} from '../../../contract/identity.ts';
import { isModuleEnabled, moduleIds, type ModuleNode } from '../../../contract/system.ts';
import type { FieldRule, RegisterField } from '../../../contract/validation.ts';
import type { z } from 'zod';
import {
  findAgentByAffiliateCode,
  findMemberByMobile,
  findMemberByUsername,
  insertMember,
  updateMember,
  type MemberRow,
} from './members.repository.ts';
import { createAttemptLimiter } from '../../platform/attempts/attempt-limiter.ts';
import { clearMustChangePassword, type SessionRow } from './sessions.repository.ts';
import type { SessionEnds } from '../../platform/members/session-end.ts';
import { consumeCaptchaAnswer, dropCaptcha } from '../verification/verification.port.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { endRememberedDevicesOf, findMemberById } from '../../platform/members/members.queries.ts';
import type { MemberProfile } from '../../platform/members/members.schema.ts';
import { hashCaptchaAnswer } from '../verification/verification.port.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http/client-context.ts';
import {
  hashMemberPassword,
  PASSWORD_MAX_AGE_DAYS,
  verifyMemberPassword,
} from '../../platform/members/member-password.ts';
import { createMemberSecrets } from '../../platform/members/member-secrets.ts';
import { checkFieldRule } from './identity-rules.ts';
import { openLoginSession } from './login-bookkeeping.ts';
import type { PassedChallenge, SecondFactorService } from './second-factor.service.ts';
import type { SessionService } from './session.service.ts';
import type { SystemService } from '../system/system.port.ts';
import {
  phoneTarget,
  verificationError,
  type VerificationService,
} from '../verification/verification.port.ts';

/** Abuse limits of the login (issue 3, item 7). */
export const LOGIN_LIMITS = {
  /** Failures (per username or per IP) after which a login needs the captcha. */
  captchaAfter: 3,
  /** Failures of a username within the window that lock it. */
  lockAfter: 10,
  windowMinutes: 15,
  /** Short, so an attacker cannot keep a player out for long. */
  lockMinutes: 5,
} as const;

/** A username locks at each LOGIN_LIMITS.lockAfter-th failure; an IP's failures only count. */
const userLogins = createAttemptLimiter({ ...LOGIN_LIMITS, lockAtMultiples: true });
const ipLogins = createAttemptLimiter({ ...LOGIN_LIMITS, lockAfter: null });

/** How long an issued captcha may be answered. */
const CAPTCHA_VALID_MS = 10 * 60_000;

const fieldError = (field: string) => new AppError(400, 'bad_request', 'bad_field', { field });

const DAY_MS = 86_400_000;

const profileFields = [
  'payeeName',
  'qqNum',
  'recommenderId',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
] as const satisfies readonly (keyof MemberProfile & RegisterField)[];

/** Fields a username registration checks against the rules here (captcha and SMS apart). */
const checkedFields = [
  'username',
  'password',
  'email',
  'mobileNum',
  'affiliateCode',
  'paymentPassword',
  ...profileFields,
] as const satisfies readonly RegisterField[];

function iconOf(member: MemberRow): MemberIcon {
  const name = member.nickname || member.username;
  const initials = [...name.replace(/[^\p{L}\p{N}]/gu, '')].slice(0, 2).join('').toUpperCase();
  const hue = createHash('sha256').update(member.username).digest().readUInt16BE(0) % 360;
  const colour = `hsl(${hue} 55% 42%)`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="48" fill="${colour}"/>` +
    `<text x="48" y="60" font-family="sans-serif" font-size="36" font-weight="600" ` +
    `fill="#fff" text-anchor="middle">${initials || '?'}</text></svg>`;
  return {
    initials: initials || '?',
    colour,
    image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The member info reply of a member row, its known flags and the module tree. */
function memberInfoOf(
  member: MemberRow,
  known: { totpBound: boolean; vipLevel: number },
  tree: ModuleNode[],
): MemberInfo {
  return {
    id: member.id,
    account: member.username,
    nickname: member.nickname || member.username,
    type: member.type,
    toUpline: isModuleEnabled(tree, moduleIds.toUpline) && member.uplineAffiliateCode !== null,
    clubLabel: { labelName: `VIP${known.vipLevel}`, rankLevel: known.vipLevel },
    memberLabel: { colour: constants.memberLabelColour },
    mobileNum: member.mobile,
    email: member.email,
    language: member.language,
    lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
    twoFactorBound: known.totpBound,
  };
}

/**
 * Who a visitor is: registration, login (with captcha and lock after failures, persisted),
 * logout, password change, free play, member info. Every authentication event is audited with
 * no password, code or token in it.
 */
export function createIdentityService(deps: {
  db: Db;
  clock: Clock;
  sessions: Pick<SessionService, 'start'>;
  verification: Pick<VerificationService, 'checkCode'>;
  secondFactor: Pick<SecondFactorService, 'challengeFor' | 'totpStatus'>;
  system: Pick<SystemService, 'whitelabel' | 'registerSetting'>;
  /** Logout, a password change and a reset end sessions here (their sockets cut at once). */
  ends: SessionEnds;
  /** After a forced password change the session's sockets get the member's events. */
  admitSockets?: (sessionId: number, member: MemberRow) => void;
}) {
  const { db, clock } = deps;
  const secrets = createMemberSecrets({ db, clock });

  async function moduleOn(modId: string) {
    return isModuleEnabled(await deps.system.whitelabel(), modId);
  }

  /**
   * Member info per member row, as the session cache holds it (a change to the member, its
   * authenticator or its level reads a new row), and per module tree (a new one when the
   * operator changes the modules): a cached call answers the same object, whose reply bytes
   * the route keeps beside it.
   */
  const memberInfos = new WeakMap<
    MemberRow,
    { tree: ModuleNode[]; totpBound: boolean; vipLevel: number; info: MemberInfo }
  >();

  /** 400 captcha_required without an answer, captcha_invalid for a wrong or stale one. */
  async function checkCaptcha(context: RequestContext, answer: string | undefined) {
    if (!answer) throw new AppError(400, 'captcha_required');
    const clientId = context.captchaClientId;
    if (!clientId) throw new AppError(400, 'captcha_invalid');
    const notBefore = new Date(clock().getTime() - CAPTCHA_VALID_MS);
    const ok = await consumeCaptchaAnswer(
      db,
      clientId,
      hashCaptchaAnswer(clientId, answer),
      notBefore,
    );
    if (!ok) {
      await dropCaptcha(db, clientId);
      throw new AppError(400, 'captcha_invalid');
    }
  }

  /**
   * A new session for the member with its login bookkeeping, in the caller's transaction.
   * `expiryOn` (the PWDEXPIRY module) is read before the transaction: PGlite has one connection.
   */
  async function openSession(
    tx: Db,
    member: MemberRow,
    context: RequestContext,
    expiryOn: boolean,
    /** An SMS login never opens a forced password change (spec section 4). */
    forcedChange = true,
  ) {
    const now = clock();
    const changedAt = member.passwordChangedAt ?? member.createdAt;
    const passwordExpired =
      expiryOn &&
      member.passwordHash !== null &&
      now.getTime() - changedAt.getTime() > PASSWORD_MAX_AGE_DAYS * DAY_MS;
    return openLoginSession(tx, deps.sessions, member, context, {
      now,
      mustChangePassword: forcedChange && (member.firstLogin || passwordExpired),
      passwordExpired,
    });
  }

  /** Who may enter: active members of a known type; on the agent side, agents only. */
  async function assertMayEnter(
    member: MemberRow,
    payload: LoginPayload,
    username: string,
    context: RequestContext,
  ) {
    if (member.status === 'disabled') {
      await auditFailure(username, context, 'disabled');
      throw new AppError(403, 'account_disabled');
    }
    if (member.status !== 'active' || !(memberTypes as readonly number[]).includes(member.type)) {
      await auditFailure(username, context, `no_enter:${member.status}:${member.type}`);
      throw new AppError(403, 'member_no_enter');
    }
    if (
      payload.agentLogin &&
      !(constants.agentCenterTypes as readonly number[]).includes(member.type)
    ) {
      await auditFailure(username, context, `not_agent:${member.type}`);
      throw new AppError(403, 'error_not_agent');
    }
  }

  async function auditFailure(username: string, context: RequestContext, reason: string) {
    await insertAudit(db, {
      actor: `ip:${context.ip}`,
      action: 'session.login_failed',
      target: `username:${username}`,
      before: null,
      after: { reason },
    });
  }

  /**
   * Login by an SMS code sent through /sms/noLogin (SMSLOGIN module): the username is the mobile
   * number. No captcha (the code's own send and check limits apply) and no forced password change.
   */
  async function loginBySms(payload: LoginPayload, context: RequestContext) {
    if (!(await moduleOn(moduleIds.smsLogin))) throw new AppError(400, 'sms_operation_not_allowed');
    const dialingCode = payload.countryDialingCode;
    if (!dialingCode) throw fieldError('countryDialingCode');
    const mobile = payload.username;
    if (!/^\d{4,20}$/.test(mobile)) throw new AppError(400, 'sms_invalid_phone');
    const checked = await deps.verification.checkCode({
      target: phoneTarget(dialingCode, mobile),
      purpose: 'login',
      code: payload.verificationCode,
    });
    if (!checked.ok) {
      await auditFailure(mobile, context, checked.code);
      throw verificationError(checked.code);
    }
    const member = await findMemberByMobile(db, dialingCode, mobile);
    if (!member) {
      await auditFailure(mobile, context, 'unknown_mobile');
      throw new AppError(400, 'invalid_credentials');
    }
    await assertMayEnter(member, payload, mobile, context);
    return db.transaction((tx) => openSession(tx, member, context, false, false));
  }

  /**
   * The server's rules for a registration. A username registration always takes a username and a
   * password; a mobile one takes the mobile number (its username) and an SMS code, and a password
   * only with MOBILENUMPASSREG3. The payment password is asked when its rule is on, as the shared
   * registrationFields shows it.
   */
  async function validateRegistration(payload: RegisterPayload, byMobile: boolean) {
    const { validators, captchaEnabled } = await deps.system.registerSetting();
    const withPassword = !byMobile || (await moduleOn(moduleIds.mobileWithPassword));
    for (const field of checkedFields) {
      let rule: FieldRule = validators[field];
      if (field === 'username') {
        // A mobile registration's username is its mobile number, checked by the mobile rule.
        rule = { ...rule, enabled: !byMobile, required: !byMobile };
      } else if (field === 'password') {
        rule = { ...rule, enabled: withPassword, required: withPassword };
      } else if (field === 'mobileNum' && byMobile) {
        rule = { ...rule, enabled: true, required: true };
      } else if (field === 'paymentPassword' && rule.enabled) {
        rule = { ...rule, required: true };
      }
      if (checkFieldRule(payload[field], rule)) throw fieldError(field);
    }
    if (withPassword && payload.password !== payload.confirmPassword) {
      throw new AppError(400, 'password_mismatch');
    }
    return { captchaEnabled, validators, withPassword };
  }

  return {
    async login(payload: LoginPayload, context: RequestContext): Promise<LoginResult> {
      if (payload.type === 'sms') return loginBySms(payload, context);
      const username = payload.username.toLowerCase();
      const userKey = `user:${username}`;
      const ipKey = `ip:${context.ip}`;
      const now = clock();
      const failures = await userLogins.states(db, [userKey, ipKey]);
      const userRow = failures.find((row) => row.key === userKey);
      if (userRow?.lockedUntil && userRow.lockedUntil > now) {
        throw new AppError(
          429,
          'account_locked',
          undefined,
          {},
          {
            lockedUntil: userRow.lockedUntil.toISOString(),
          },
        );
      }
      const needsCaptcha = failures.some((row) =>
        userLogins.hasRecentFailures(row, now, LOGIN_LIMITS.captchaAfter),
      );
      if (needsCaptcha) {
        // A missing or wrong answer says the captcha is (still) needed, so the form shows it.
        await checkCaptcha(context, payload.captcha).catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
          throw new AppError(error.statusCode, error.code, error.messageKey, error.vars, {
            captchaRequired: true,
          });
        });
      }
      if (!payload.password) throw fieldError('password');

      const member = await findMemberByUsername(db, username);
      // The check holds one of the username's tries left before the lock: parallel guesses
      // get no more checks than the limit, and a right password is never counted.
      const { password } = payload;
      const user = await userLogins.attempt(db, userKey, now, () =>
        verifyMemberPassword(password, member?.passwordHash ?? null),
      );
      if (user.outcome === 'locked') {
        throw new AppError(
          429,
          'account_locked',
          undefined,
          {},
          { lockedUntil: user.lockedUntil.toISOString() },
        );
      }
      if (!member || user.outcome === 'wrong') {
        const ip = await ipLogins.fail(db, ipKey, now);
        await auditFailure(username, context, member ? 'password' : 'unknown_username');
        const failures = user.outcome === 'wrong' ? user.failures : 0;
        if (user.outcome === 'wrong' && user.lockedUntil) {
          throw new AppError(
            429,
            'account_locked',
            undefined,
            {},
            {
              lockedUntil: user.lockedUntil.toISOString(),
            },
          );
        }
        // The reply says when the next try needs the captcha, so the form shows it at once.
        const captchaRequired = Math.max(failures, ip.failures) >= LOGIN_LIMITS.captchaAfter;
        throw new AppError(400, 'invalid_credentials', undefined, {}, { captchaRequired });
      }
      await assertMayEnter(member, payload, username, context);
      const expiryOn = await moduleOn(moduleIds.passwordExpiry);
      // An IP the account has not used asks for a second factor before the session opens.
      const challenge = await deps.secondFactor.challengeFor(member, context, expiryOn);
      if (challenge) return challenge;
      return db.transaction((tx) => openSession(tx, member, context, expiryOn));
    },

    /** The session of a login that passed its second factor, opened as the login would have. */
    async openChallengedSession(
      passed: PassedChallenge,
      context: RequestContext,
    ): Promise<LoginResult> {
      const member = await findMemberById(db, passed.memberId);
      if (member?.status === 'disabled') throw new AppError(403, 'account_disabled');
      if (!member || member.status !== 'active') throw new AppError(403, 'member_no_enter');
      // The challenge kept what the login found: an expired password stays a forced change.
      return db.transaction((tx) => openSession(tx, member, context, passed.passwordExpired));
    },

    /**
     * The session of a remembered device (remember-me): the member as a password login would
     * find them, without a second factor (the device is known) and without a forced change
     * (the device logged in with the password before).
     */
    async openRememberedSession(memberId: number, context: RequestContext): Promise<LoginResult> {
      const member = await findMemberById(db, memberId);
      if (member?.status === 'disabled') throw new AppError(403, 'account_disabled');
      if (!member || member.status !== 'active' || member.type === constants.trialAccountType) {
        throw new AppError(403, 'member_no_enter');
      }
      const expiryOn = await moduleOn(moduleIds.passwordExpiry);
      return db.transaction((tx) => openSession(tx, member, context, expiryOn));
    },

    async logout(member: MemberRow, session: SessionRow): Promise<void> {
      await deps.ends.run(async (tx, end) => {
        await end({ sessionId: session.id });
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'session.logout',
          target: `member:${member.id}`,
          before: { sessionId: session.id },
          after: null,
        });
      });
    },

    /**
     * Registration by username (USERNAMEREG3) or by mobile number (MOBILENUMREG3, `byMobile`: the
     * username is the mobile number and its SMS code is always checked). REGMOBVERF3 makes a
     * username registration prove its mobile number by SMS code too.
     */
    async register(
      payload: RegisterPayload,
      context: RequestContext,
      byMobile = false,
    ): Promise<LoginResult> {
      const methodOn = await moduleOn(
        byMobile ? moduleIds.mobileRegistration : moduleIds.usernameRegistration,
      );
      if (!methodOn) throw new AppError(400, 'register_method_disabled');
      const { captchaEnabled, validators, withPassword } = await validateRegistration(
        payload,
        byMobile,
      );
      if (captchaEnabled) await checkCaptcha(context, payload.captcha);
      const affiliateCode = payload.affiliateCode?.toUpperCase() || null;
      if (
        affiliateCode &&
        !(await findAgentByAffiliateCode(db, affiliateCode, constants.agentCenterTypes))
      ) {
        throw new AppError(400, 'affiliate_invalid');
      }
      const username = byMobile ? (payload.mobileNum ?? '') : payload.username;
      if (await findMemberByUsername(db, username)) {
        throw new AppError(409, byMobile ? 'mobile_taken' : 'username_taken');
      }
      if (byMobile || (await moduleOn(moduleIds.registerSmsVerification))) {
        if (!payload.countryDialingCode) throw fieldError('countryDialingCode');
        if (!payload.mobileNum) throw fieldError('mobileNum');
        if (await findMemberByMobile(db, payload.countryDialingCode, payload.mobileNum)) {
          throw new AppError(409, 'mobile_taken');
        }
        const checked = await deps.verification.checkCode({
          target: phoneTarget(payload.countryDialingCode, payload.mobileNum),
          purpose: 'register',
          code: payload.verificationCode,
        });
        if (!checked.ok) throw verificationError(checked.code);
      }
      const [passwordHash, paymentPasswordHash] = await Promise.all([
        withPassword ? hashMemberPassword(payload.password ?? '') : null,
        payload.paymentPassword ? hashMemberPassword(payload.paymentPassword) : null,
      ]);
      const profile: MemberProfile = {};
      for (const field of profileFields) {
        const value = payload[field];
        // Only what the site asks for is kept.
        if (value && validators[field].enabled) profile[field] = value;
      }
      const now = clock();
      const expiryOn = await moduleOn(moduleIds.passwordExpiry);
      return db.transaction(async (tx) => {
        const member = await insertMember(tx, {
          username,
          nickname: username,
          type: 0,
          passwordHash,
          paymentPasswordHash,
          passwordChangedAt: now,
          createdAt: now,
          email: payload.email || null,
          mobile: payload.mobileNum || null,
          countryDialingCode: payload.mobileNum ? (payload.countryDialingCode ?? null) : null,
          uplineAffiliateCode: affiliateCode,
          referralCode: payload.referralCode || null,
          profile,
        });
        // Another registration may have taken the name between the check and the insert.
        if (!member) throw new AppError(409, byMobile ? 'mobile_taken' : 'username_taken');
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'member.register',
          target: `member:${member.id}`,
          before: null,
          after: {
            username: member.username,
            ip: context.ip,
            affiliateCode,
            referralCode: member.referralCode,
            registerMethod: payload.registerMethod,
            byMobile,
          },
        });
        if (!payload.login) {
          return {
            token: null,
            firstTimeLogin: false,
            passwordExpired: false,
            previousLoginAt: null,
            challenge: null,
          };
        }
        return openSession(tx, member, context, expiryOn);
      });
    },

    /**
     * A new password: the old one is asked unless this session was opened to change a default or
     * expired password. The member's other sessions end.
     */
    async changePassword(
      member: MemberRow,
      session: SessionRow,
      payload: z.infer<typeof changePasswordPayloadSchema>,
    ): Promise<{ revokedSessions: number }> {
      const { validators } = await deps.system.registerSetting();
      const rule = { ...validators.password, enabled: true, required: true };
      if (checkFieldRule(payload.newPassword, rule)) throw fieldError('newPassword');
      if (payload.newPassword !== payload.confirmNewPassword) {
        throw new AppError(400, 'password_mismatch');
      }
      if (!session.mustChangePassword) {
        if (!payload.oldPassword) throw fieldError('oldPassword');
        await secrets.verifyPassword(member, payload.oldPassword, {
          action: 'member.password_failed',
          after: { reason: 'old_password' },
        });
      }
      // A new password must differ from the current one (the old one checked above is it).
      const same = session.mustChangePassword
        ? await verifyMemberPassword(payload.newPassword, member.passwordHash)
        : payload.newPassword === payload.oldPassword;
      if (same) throw new AppError(400, 'password_same');
      const passwordHash = await hashMemberPassword(payload.newPassword);
      const now = clock();
      const result = await deps.ends.run(async (tx, end) => {
        await updateMember(tx, member.id, {
          passwordHash,
          passwordChangedAt: now,
          firstLogin: false,
        });
        const revokedSessions = (await end({ memberId: member.id, exceptSessionId: session.id }))
          .length;
        // A remembered device logs in without the password: not after a password change.
        await endRememberedDevicesOf(tx, member.id, now);
        await clearMustChangePassword(tx, session.id);
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'member.password',
          target: `member:${member.id}`,
          before: { passwordChangedAt: member.passwordChangedAt?.toISOString() ?? null },
          after: {
            passwordChangedAt: now.toISOString(),
            revokedSessions,
            forced: session.mustChangePassword,
          },
        });
        return { revokedSessions };
      });
      if (session.mustChangePassword) deps.admitSockets?.(session.id, member);
      return result;
    },

    /**
     * Forgot password by phone (FORGETMOBILE): the SMS code sent by /sms/noLogin for
     * resetPassword proves the number; the member's password becomes the new one and their
     * sessions end. Answers the username, with which the app logs in.
     */
    async resetPasswordByPhone(
      payload: z.infer<typeof passwordVerificationPayloadSchema>,
      context: RequestContext,
    ): Promise<{ username: string }> {
      if (!(await moduleOn(moduleIds.forgetByMobile))) {
        throw new AppError(400, 'sms_operation_not_allowed');
      }
      const { validators } = await deps.system.registerSetting();
      const rule = { ...validators.password, enabled: true, required: true };
      if (checkFieldRule(payload.newPassword, rule)) throw fieldError('newPassword');
      const checked = await deps.verification.checkCode({
        target: phoneTarget(payload.countryDialingCode, payload.mobileNum),
        purpose: 'resetPassword',
        code: payload.verificationCode,
      });
      if (!checked.ok) throw verificationError(checked.code);
      const member = await findMemberByMobile(db, payload.countryDialingCode, payload.mobileNum);
      // The code is only ever sent to a member's number; a number freed since is refused.
      if (!member || member.type === 4) throw new AppError(400, 'sms_invalid_phone');
      const passwordHash = await hashMemberPassword(payload.newPassword);
      const now = clock();
      return deps.ends.run(async (tx, end) => {
        await updateMember(tx, member.id, {
          passwordHash,
          passwordChangedAt: now,
          firstLogin: false,
        });
        const revokedSessions = (await end({ memberId: member.id })).length;
        await endRememberedDevicesOf(tx, member.id, now);
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'password.reset',
          target: `member:${member.id}`,
          before: null,
          after: { via: 'sms', revokedSessions, ip: context.ip },
        });
        return { username: member.username };
      });
    },

    /** A type 4 trial account with a random name, logged in; only with FREEPLAY on. */
    async freePlay(context: RequestContext): Promise<LoginResult> {
      if (!(await moduleOn(moduleIds.freePlay))) throw new AppError(403, 'freeplay_disabled');
      const expiryOn = await moduleOn(moduleIds.passwordExpiry);
      const now = clock();
      return db.transaction(async (tx) => {
        const member = await insertMember(tx, {
          username: `guest${randomBytes(6).toString('hex')}`,
          nickname: '',
          type: constants.trialAccountType,
          createdAt: now,
        });
        if (!member) throw new Error('random trial name collided');
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'member.freeplay',
          target: `member:${member.id}`,
          before: null,
          after: { username: member.username, ip: context.ip },
        });
        return openSession(tx, member, context, expiryOn);
      });
    },

    /**
     * `known`: the authenticator flag and the VIP level, read with the session by the guard
     * (and kept by the member cache, dropped when the level changes), so no second query.
     */
    async memberInfo(
      member: MemberRow,
      known: { totpBound: boolean; vipLevel: number },
    ): Promise<MemberInfo> {
      const tree = await deps.system.whitelabel();
      const kept = memberInfos.get(member);
      if (
        kept &&
        kept.tree === tree &&
        kept.totpBound === known.totpBound &&
        kept.vipLevel === known.vipLevel
      ) {
        return kept.info;
      }
      const info = memberInfoOf(member, known, tree);
      memberInfos.set(member, { tree, ...known, info });
      return info;
    },

    icon: (member: MemberRow): MemberIcon => iconOf(member),

    async affiliateValid(code: string): Promise<{ valid: boolean }> {
      if (!/^[A-Za-z0-9]{1,32}$/.test(code)) return { valid: false };
      const agent = await findAgentByAffiliateCode(db, code, constants.agentCenterTypes);
      return { valid: agent !== undefined };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
