import { randomBytes } from 'node:crypto';
import type { Language } from '../../../contract/constants.ts';
import { checkField } from '../../../contract/validation-engine.ts';
import type { Db } from '../../platform/db/client.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import {
  endRememberedDevicesOf,
  findMemberByUsernameEmail,
  setMemberPasswordHash,
} from '../../platform/members/members.queries.ts';
import type { SessionEnds } from '../../platform/members/session-end.ts';
import { getSettings } from '../system/system.port.ts';
import { findValidator } from '../system/system.port.ts';
import { countSendsSince, insertSend, lastSendAt } from './verification.repository.ts';
import {
  consumeResetToken,
  consumeResetTokensOf,
  insertResetToken,
} from './reset-tokens.repository.ts';
import { lockKey } from '../../platform/db/advisory-lock.ts';
import type { EmailProvider } from './email.provider.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { resetEmail } from './verification-messages.ts';
import { verificationLimits } from './verification.service.ts';
import { hashToken } from '../../platform/hash-token.ts';

export const RESET_TOKEN_MINUTES = 30;
const HOUR_MS = 3_600_000;
const IP_SPACE = 7301;
const TARGET_SPACE = 7302;

export type ResetDeps = {
  db: Db;
  clock: Clock;
  email: EmailProvider;
  /** The member password hash of the identity area (argon2id). */
  hashPassword: (secret: string) => Promise<string>;
  publicUrl: string;
  log?: { warn(object: object, message: string): void };
  /** A reset ends every session of the member (their sockets cut at once). */
  sessionEnds: SessionEnds;
};

/**
 * Forgot password by e-mail: a reset link (/forget?token=...) to the member whose username and
 * e-mail match; the token is kept as a SHA-256 hash, valid 30 minutes, single use. An unmatched
 * pair answers email_not_found (the spec's "username/email does not exist"); every request,
 * matched or not, counts against the per-address and per-IP send limits, so the answer cannot be
 * probed faster than a reset link can be sent.
 */
export function createPasswordResetService(deps: ResetDeps) {
  return {
    async requestEmail(input: {
      username: string;
      email: string;
      ip: string;
      language: Language;
    }): Promise<void> {
      const address = input.email.trim().toLowerCase();
      const target = `email:${address}`;
      const member = await findMemberByUsernameEmail(deps.db, input.username.trim(), address);
      const token = randomBytes(32).toString('base64url');
      const allowed = await deps.db.transaction(async (tx) => {
        const now = deps.clock();
        await lockKey(tx, IP_SPACE, input.ip);
        await lockKey(tx, TARGET_SPACE, target);
        const hourAgo = new Date(now.getTime() - HOUR_MS);
        const last = await lastSendAt(tx, target);
        const tooSoon = last && now.getTime() - last.getTime() < verificationLimits.sendIntervalMs;
        const limited =
          tooSoon ||
          (await countSendsSince(tx, { target }, hourAgo)) >=
            verificationLimits.sendsPerTargetPerHour ||
          (await countSendsSince(tx, { ip: input.ip }, hourAgo)) >=
            verificationLimits.sendsPerIpPerHour;
        if (!limited) {
          await insertSend(tx, { channel: 'email', target, ip: input.ip, at: now });
          if (member) {
            await consumeResetTokensOf(tx, member.id, now);
            await insertResetToken(tx, {
              tokenHash: hashToken(token),
              memberId: member.id,
              createdAt: now,
              expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
            });
          }
        }
        await insertAudit(tx, {
          actor: `ip:${input.ip}`,
          action: limited ? 'password.email.refused' : 'password.email.request',
          target: member ? `member:${member.id}` : target,
          before: null,
          after: { matched: member !== undefined },
        });
        return !limited;
      });
      if (!allowed) throw new AppError(429, 'too_many_requests');
      if (!member) throw new AppError(404, 'email_not_found');
      const settings = await getSettings(deps.db);
      const link = `${deps.publicUrl}/forget?token=${token}`;
      const mail = resetEmail(
        input.language,
        settings.siteName,
        member.username,
        link,
        RESET_TOKEN_MINUTES,
      );
      try {
        await deps.email.send({ to: address, ...mail });
      } catch (error) {
        // Answer as usual: a failure only for matching accounts would tell them apart.
        deps.log?.warn(
          { provider: deps.email.name, reason: (error as Error).message },
          'password reset e-mail failed',
        );
      }
    },

    /** Sets the new password with a live reset token and ends the member's sessions. */
    async reset(input: {
      token: string;
      newPassword: string;
      confirmNewPassword: string;
      ip: string;
    }): Promise<void> {
      if (input.newPassword !== input.confirmNewPassword) {
        throw new AppError(400, 'password_mismatch');
      }
      const rule = await findValidator(deps.db, 'password');
      if (rule && checkField(input.newPassword, { ...rule, required: true })) {
        throw new AppError(400, 'bad_request', 'bad_field', { field: 'newPassword' });
      }
      const passwordHash = await deps.hashPassword(input.newPassword);
      await deps.sessionEnds.run(async (tx, end) => {
        const now = deps.clock();
        const memberId = await consumeResetToken(tx, hashToken(input.token), now);
        if (memberId === undefined) throw new AppError(400, 'reset_token_invalid');
        await setMemberPasswordHash(tx, memberId, passwordHash, now);
        const revokedSessions = (await end({ memberId })).length;
        await endRememberedDevicesOf(tx, memberId, now);
        await insertAudit(tx, {
          actor: `member:${memberId}`,
          action: 'password.reset',
          target: `member:${memberId}`,
          before: null,
          after: { via: 'email', revokedSessions, ip: input.ip },
        });
      });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
