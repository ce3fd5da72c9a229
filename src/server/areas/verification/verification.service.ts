import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Language } from '../../../contract/constants.ts';
import type { ErrorCode } from '../../../contract/envelope.ts';
import { moduleIds } from '../../../contract/system.ts';
import type { Db } from '../../platform/db/client.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { findModule } from '../system/system.port.ts';
import { getSettings } from '../system/system.port.ts';
import { findValidator } from '../system/system.port.ts';
import {
  countSendsSince,
  findLiveCode,
  findSecret,
  insertCode,
  insertSecretIfMissing,
  insertSend,
  invalidateCodes,
  lastSendAt,
  updateCode,
} from './verification.repository.ts';
import { takeCaptchaAnswer } from './captcha-answers.repository.ts';
import { lockKey } from '../../platform/db/advisory-lock.ts';
import { createAttemptLimiter } from '../../platform/attempts/attempt-limiter.ts';
import { countryByDialingCode } from '../system/system.port.ts';
import { findMemberIdByPhone } from '../../platform/members/members.queries.ts';
import type { VerificationPurpose } from './verification.schema.ts';
import type { EmailProvider } from './email.provider.ts';
import { ProviderError, type SmsProvider } from './sms.provider.ts';
import type { Clock } from '../../platform/clock.ts';
import { hashCaptchaAnswer } from './captcha.service.ts';
import { AppError } from '../../platform/errors.ts';
import { codeEmail, codeSmsText } from './verification-messages.ts';

/** Limits of one-time codes (issue 3, point 7; spec section 8 and 9). */
export const verificationLimits = {
  maxCodeMinutes: 10,
  sendIntervalMs: 1000,
  sendsPerTargetPerHour: 5,
  sendsPerIpPerHour: 20,
  wrongChecksPerCode: 5,
  lockMinutes: 5,
} as const;

/** A target locked after too many wrong codes (spec: retry after 5 minutes). */
const targetLocks = createAttemptLimiter({
  windowMinutes: verificationLimits.lockMinutes,
  lockAfter: verificationLimits.wrongChecksPerCode,
  lockMinutes: verificationLimits.lockMinutes,
});
const lockKeyOf = (target: string) => `verification:${target}`;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Advisory lock spaces: IPs and targets never share a lock. */
const IP_SPACE = 7301;
const TARGET_SPACE = 7302;
const SECRET_NAME = 'code-hmac';

const statusOf: Partial<Record<ErrorCode, number>> = {
  sms_too_many_requests: 429,
  sms_operation_not_allowed: 403,
  sms_unknown: 503,
  sms_quota_exceeded: 503,
};

/** The AppError for a code of this area, with the HTTP status its meaning calls for. */
export function verificationError(code: ErrorCode): AppError {
  return new AppError(statusOf[code] ?? 400, code);
}

/** The one form of a phone number that codes are bound to: +<dialing code><number>. */
export const phoneTarget = (countryDialingCode: string, mobileNo: string) =>
  `+${countryDialingCode}${mobileNo.trim()}`;

export type CheckResult = { ok: true } | { ok: false; code: ErrorCode };

export type SmsSendInput = {
  purpose: VerificationPurpose;
  countryDialingCode: string;
  mobileNo: string;
  /** The captcha answer and the client whose captcha it answers (the cid cookie). */
  captcha?: string;
  captchaClientId?: string;
  ip: string;
  language: Language;
  /** Send only when the number belongs to a member, but answer the same either way. */
  onlyToMembers?: boolean;
  /**
   * The caller proved the request otherwise: a second-factor challenge, which only a right
   * password opens, stands in for the captcha.
   */
  captchaExempt?: boolean;
};

export type EmailCodeInput = {
  purpose: VerificationPurpose;
  email: string;
  ip: string;
  language: Language;
};

export type VerificationDeps = {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  email: EmailProvider;
  codeMinutes: number;
  captchaRequired: boolean;
  log?: { warn(object: object, message: string): void };
};

/** The module flags that allow sending codes for a purpose; every one must be on. */
const requiredModules: Record<'register' | 'login' | 'resetPassword', string[][]> = {
  // Register by mobile, or SMS verification on registration (spec section 5).
  register: [
    [moduleIds.register],
    [moduleIds.mobileRegistration, moduleIds.registerSmsVerification],
  ],
  login: [[moduleIds.login], [moduleIds.smsLogin]],
  resetPassword: [[moduleIds.login], [moduleIds.forgetByMobile]],
};

function matchesRule(
  value: string,
  rule: { acceptedPattern: string; minLength: number; maxLength: number },
) {
  const length = [...value].length;
  if (length < rule.minLength || (rule.maxLength > 0 && length > rule.maxLength)) return false;
  if (rule.acceptedPattern === '*') return true;
  try {
    return new RegExp(rule.acceptedPattern, 'u').test(value);
  } catch {
    return false;
  }
}

/**
 * One-time codes by SMS: 6 digits from the CSPRNG, stored as an HMAC bound to the number and
 * purpose, valid `codeMinutes` (at most 10), single use, with the send and check limits kept in
 * the database so they hold across restarts and nodes. Neither codes nor their hashes are logged
 * or audited.
 */
export function createVerificationService(deps: VerificationDeps) {
  const codeMinutes = Math.min(deps.codeMinutes, verificationLimits.maxCodeMinutes);
  let secret: Buffer | undefined;

  async function key(): Promise<Buffer> {
    if (secret) return secret;
    let stored = await findSecret(deps.db, SECRET_NAME);
    if (!stored) {
      await insertSecretIfMissing(deps.db, SECRET_NAME, randomBytes(32).toString('base64url'));
      stored = await findSecret(deps.db, SECRET_NAME);
      if (!stored) throw new Error('verification secret was not stored');
    }
    secret = Buffer.from(stored, 'base64url');
    return secret;
  }

  const codeHash = async (target: string, purpose: VerificationPurpose, code: string) =>
    createHmac('sha256', await key())
      .update(`${purpose}\n${target}\n${code}`)
      .digest('base64url');

  async function moduleOn(modId: string): Promise<boolean> {
    const row = await findModule(deps.db, modId);
    if (!row?.enabled) return false;
    return row.parentId ? moduleOn(row.parentId) : true;
  }

  async function assertAllowed(purpose: VerificationPurpose) {
    if (purpose !== 'register' && purpose !== 'login' && purpose !== 'resetPassword') return;
    for (const anyOf of requiredModules[purpose]) {
      const states = await Promise.all(anyOf.map(moduleOn));
      if (!states.some(Boolean)) throw verificationError('sms_operation_not_allowed');
    }
  }

  async function assertPhone(countryDialingCode: string, mobileNo: string) {
    const mobile = mobileNo.trim();
    if (mobile.length === 0) throw verificationError('sms_missing_phone');
    // International numbers are digits only, at most 15 with the dialing code (E.164).
    if (!/^\d+$/.test(mobile) || countryDialingCode.length + mobile.length > 15) {
      throw verificationError('sms_invalid_phone');
    }
    if (!(await countryByDialingCode(deps.db, countryDialingCode))) {
      throw verificationError('sms_invalid_phone');
    }
    const rule = await findValidator(deps.db, 'mobileNum');
    if (rule?.enabled && !matchesRule(mobile, rule)) throw verificationError('sms_invalid_phone');
    return mobile;
  }

  async function assertCaptcha(input: SmsSendInput) {
    if (!deps.captchaRequired || input.captchaExempt) return;
    const answer = input.captcha?.trim();
    const clientId = input.captchaClientId;
    if (!answer || !clientId) throw verificationError('sms_captcha_failed');
    // One answer per image, right or wrong: the image is used up either way.
    const stored = await takeCaptchaAnswer(deps.db, clientId);
    const given = hashCaptchaAnswer(clientId, answer);
    if (!stored || stored.length !== given.length) throw verificationError('sms_captcha_failed');
    if (!timingSafeEqual(Buffer.from(stored), Buffer.from(given))) {
      throw verificationError('sms_captcha_failed');
    }
  }

  /**
   * The send limits (lock, once a second, the code's countdown, per target and per IP an hour)
   * and, when they pass, a new code hash for (target, purpose), in one transaction.
   */
  async function reserveSend(send: {
    channel: 'sms' | 'email';
    target: string;
    purpose: VerificationPurpose;
    ip: string;
    /** False: store a code nobody knows (a random hash), so the answer looks the same. */
    deliver: boolean;
    hash: string;
    provider: string;
  }): Promise<{ refused: true } | { refused: false; codeId: number | undefined }> {
    return deps.db.transaction(async (tx) => {
      const now = deps.clock();
      const label = `${send.channel === 'sms' ? 'phone' : 'email'}:${send.target}`;
      await lockKey(tx, IP_SPACE, send.ip);
      await lockKey(tx, TARGET_SPACE, send.target);
      const refuse = async (reason: string) => {
        await insertAudit(tx, {
          actor: `ip:${send.ip}`,
          action: `verification.${send.channel}.refused`,
          target: label,
          before: null,
          after: { purpose: send.purpose, reason },
        });
        return { refused: true as const };
      };
      if (await targetLocks.lockedUntil(tx, lockKeyOf(send.target), now)) return refuse('locked');
      const last = await lastSendAt(tx, send.target);
      if (last && now.getTime() - last.getTime() < verificationLimits.sendIntervalMs) {
        return refuse('interval');
      }
      const previous = await findLiveCode(tx, send.target, send.purpose);
      if (previous && now.getTime() - previous.createdAt.getTime() < codeMinutes * MINUTE_MS) {
        return refuse('countdown');
      }
      const hourAgo = new Date(now.getTime() - HOUR_MS);
      if (
        (await countSendsSince(tx, { target: send.target }, hourAgo)) >=
        verificationLimits.sendsPerTargetPerHour
      ) {
        return refuse('target_hourly');
      }
      if (
        (await countSendsSince(tx, { ip: send.ip }, hourAgo)) >=
        verificationLimits.sendsPerIpPerHour
      ) {
        return refuse('ip_hourly');
      }
      await insertSend(tx, { channel: send.channel, target: send.target, ip: send.ip, at: now });
      // A target that is no member's gets a code nobody knows (a random hash), so the
      // countdown and the limits answer exactly as they would for a member's.
      await invalidateCodes(tx, send.target, send.purpose, now);
      const row = await insertCode(tx, {
        target: send.target,
        purpose: send.purpose,
        codeHash: send.deliver ? send.hash : randomBytes(32).toString('base64url'),
        createdAt: now,
        expiresAt: new Date(now.getTime() + codeMinutes * MINUTE_MS),
      });
      const codeId = send.deliver ? row.id : undefined;
      await insertAudit(tx, {
        actor: `ip:${send.ip}`,
        action: `verification.${send.channel}.send`,
        target: label,
        before: null,
        after: { purpose: send.purpose, delivered: send.deliver, provider: send.provider },
      });
      return { refused: false as const, codeId };
    });
  }

  return {
    codeMinutes,

    /**
     * Sends a code by SMS after the checks of spec section 8; returns the minutes it is valid,
     * which the app counts down (x 60 s) before it offers to send again.
     */
    async sendSms(input: SmsSendInput): Promise<{ expiredMinutes: number }> {
      const mobile = await assertPhone(input.countryDialingCode, input.mobileNo);
      await assertAllowed(input.purpose);
      await assertCaptcha(input);
      const target = phoneTarget(input.countryDialingCode, mobile);
      const memberId = input.onlyToMembers
        ? await findMemberIdByPhone(deps.db, input.countryDialingCode, mobile)
        : undefined;
      const deliver = !input.onlyToMembers || memberId !== undefined;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const hash = await codeHash(target, input.purpose, code);

      const outcome = await reserveSend({
        channel: 'sms',
        target,
        purpose: input.purpose,
        ip: input.ip,
        deliver,
        hash,
        provider: deps.sms.name,
      });
      if (outcome.refused) throw verificationError('sms_too_many_requests');
      if (outcome.codeId === undefined) return { expiredMinutes: codeMinutes };

      const settings = await getSettings(deps.db);
      const text = codeSmsText(input.language, settings.siteName, input.purpose, code, codeMinutes);
      try {
        await deps.sms.send(target, text);
      } catch (error) {
        const failure = error instanceof ProviderError ? error.failure : 'unavailable';
        const codeId = outcome.codeId;
        // The code never arrived: drop it so the player may ask again at once.
        await deps.db.transaction(async (tx) => {
          await updateCode(tx, codeId, { invalidatedAt: deps.clock() });
          await insertAudit(tx, {
            actor: `ip:${input.ip}`,
            action: 'verification.sms.failed',
            target: `phone:${target}`,
            before: null,
            after: { purpose: input.purpose, provider: deps.sms.name, failure },
          });
        });
        deps.log?.warn(
          { provider: deps.sms.name, failure, reason: (error as Error).message },
          'SMS provider failed',
        );
        throw verificationError(
          failure === 'quota_exceeded' ? 'sms_quota_exceeded' : 'sms_unknown',
        );
      }
      return { expiredMinutes: codeMinutes };
    },

    /**
     * Sends a code by e-mail to an address the caller took from the member's account, with the
     * same limits as SMS codes; checkCode takes the lower-cased address as the target.
     */
    async sendEmail(input: EmailCodeInput): Promise<{ expiredMinutes: number }> {
      const target = input.email.trim().toLowerCase();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const outcome = await reserveSend({
        channel: 'email',
        target,
        purpose: input.purpose,
        ip: input.ip,
        deliver: true,
        hash: await codeHash(target, input.purpose, code),
        provider: deps.email.name,
      });
      if (outcome.refused || outcome.codeId === undefined) {
        throw verificationError('sms_too_many_requests');
      }
      const codeId = outcome.codeId;
      const settings = await getSettings(deps.db);
      const message = codeEmail(
        input.language,
        settings.siteName,
        input.purpose,
        code,
        codeMinutes,
      );
      try {
        await deps.email.send({ to: target, ...message });
      } catch (error) {
        const failure = error instanceof ProviderError ? error.failure : 'unavailable';
        await deps.db.transaction(async (tx) => {
          await updateCode(tx, codeId, { invalidatedAt: deps.clock() });
          await insertAudit(tx, {
            actor: `ip:${input.ip}`,
            action: 'verification.email.failed',
            target: `email:${target}`,
            before: null,
            after: { purpose: input.purpose, provider: deps.email.name, failure },
          });
        });
        deps.log?.warn(
          { provider: deps.email.name, failure, reason: (error as Error).message },
          'e-mail provider failed',
        );
        throw verificationError('sms_unknown');
      }
      return { expiredMinutes: codeMinutes };
    },

    /**
     * Checks a code sent to `target` (see phoneTarget) for `purpose` and uses it up on success.
     * Five wrong tries spend the code and lock the target for 5 minutes.
     *
     * @example
     * const result = await services.verification.checkCode({
     *   target: phoneTarget('91', '9876543210'), purpose: 'register', code: body.verificationCode,
     * });
     * if (!result.ok) throw verificationError(result.code);
     */
    async checkCode(input: {
      target: string;
      purpose: VerificationPurpose;
      code: string | undefined | null;
    }): Promise<CheckResult> {
      const code = input.code?.trim() ?? '';
      if (code.length === 0) return { ok: false, code: 'sms_missing_code' };
      const given = await codeHash(input.target, input.purpose, code);
      const result = await deps.db.transaction(async (tx): Promise<CheckResult> => {
        const now = deps.clock();
        await lockKey(tx, TARGET_SPACE, input.target);
        const audit = (result: string) =>
          insertAudit(tx, {
            actor: `target:${input.target}`,
            action: 'verification.check',
            target: input.target.startsWith('+') ? `phone:${input.target}` : input.target,
            before: null,
            after: { purpose: input.purpose, result },
          });
        if (await targetLocks.lockedUntil(tx, lockKeyOf(input.target), now)) {
          await audit('locked');
          return { ok: false, code: 'sms_too_many_requests' };
        }
        const row = await findLiveCode(tx, input.target, input.purpose);
        if (!row) {
          await audit('no_code');
          return { ok: false, code: 'sms_invalid_code' };
        }
        if (row.expiresAt.getTime() <= now.getTime()) {
          await updateCode(tx, row.id, { invalidatedAt: now });
          await audit('expired');
          return { ok: false, code: 'sms_code_expired' };
        }
        const matches =
          /^\d{6}$/.test(code) &&
          row.codeHash.length === given.length &&
          timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(given));
        if (matches) {
          await updateCode(tx, row.id, { consumedAt: now });
          await audit('ok');
          return { ok: true };
        }
        const failedChecks = row.failedChecks + 1;
        if (failedChecks >= verificationLimits.wrongChecksPerCode) {
          await updateCode(tx, row.id, { failedChecks, invalidatedAt: now });
          await targetLocks.lockNow(tx, lockKeyOf(input.target), now);
          await audit('locked_now');
          return { ok: false, code: 'sms_too_many_requests' };
        }
        await updateCode(tx, row.id, { failedChecks });
        await audit('wrong');
        return { ok: false, code: 'sms_invalid_code' };
      });
      return result;
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
