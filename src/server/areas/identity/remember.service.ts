import { randomBytes } from 'node:crypto';
import type { LoginResult } from '../../../contract/identity.ts';
import type { Db } from '../../platform/db/client.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { endRememberedDevicesOf } from '../../platform/members/members.queries.ts';
import {
  insertRememberedDevice,
  memberIdOfSession,
  takeRememberedDevice,
} from './remember.repository.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdentityService } from './identity.service.ts';
import type { RequestContext } from '../../platform/http/client-context.ts';
import { hashToken } from '../../platform/hash-token.ts';

/** Remember-me lasts a day from the password login (spec section 3, cookies). */
export const REMEMBER_ME_HOURS = 24;
/** The httpOnly cookie that holds the device token; the password is never kept anywhere. */
export const REMEMBER_COOKIE = 'rmb';

const newToken = () => randomBytes(32).toString('base64url');

/**
 * Remember-me devices: after a password login with remember-me, the browser gets a device token
 * (httpOnly cookie, 1 day) with which it logs in again without the password. A token works once:
 * each use replaces it with a new one that ends at the same time. Password changes and resets
 * end every device of the member.
 */
export function createRememberService(deps: {
  db: Db;
  clock: Clock;
  identity: Pick<IdentityService, 'openRememberedSession'>;
}) {
  const { db, clock } = deps;
  return {
    /** A device token for the member of a session just opened by a password login. */
    async issueForSession(sessionToken: string): Promise<{ token: string; expiresAt: Date }> {
      const memberId = await memberIdOfSession(db, hashToken(sessionToken));
      if (memberId === undefined) throw new AppError(401, 'not_logged_in');
      const now = clock();
      const expiresAt = new Date(now.getTime() + REMEMBER_ME_HOURS * 3_600_000);
      const token = newToken();
      await db.transaction(async (tx) => {
        await insertRememberedDevice(tx, {
          tokenHash: hashToken(token),
          memberId,
          createdAt: now,
          expiresAt,
        });
        await insertAudit(tx, {
          actor: `member:${memberId}`,
          action: 'session.remember',
          target: `member:${memberId}`,
          before: null,
          after: { expiresAt: expiresAt.toISOString() },
        });
      });
      return { token, expiresAt };
    },

    /**
     * Logs the device in again. The token is used up first, so a replay fails even when the
     * login itself is refused (a disabled account); a live account gets a replacement token.
     */
    async login(
      token: string | undefined,
      context: RequestContext,
    ): Promise<{ result: LoginResult; next: { token: string; expiresAt: Date } }> {
      const now = clock();
      const device =
        token && /^[A-Za-z0-9_-]{43}$/.test(token)
          ? await db.transaction((tx) => takeRememberedDevice(tx, hashToken(token), now))
          : undefined;
      if (!device) {
        await insertAudit(db, {
          actor: `ip:${context.ip}`,
          action: 'session.remember_failed',
          target: 'device',
          before: null,
          after: { reason: token ? 'unknown_or_ended' : 'no_cookie' },
        });
        throw new AppError(401, 'session_expired');
      }
      const result = await deps.identity.openRememberedSession(device.memberId, context);
      const next = { token: newToken(), expiresAt: device.expiresAt };
      await insertRememberedDevice(db, {
        tokenHash: hashToken(next.token),
        memberId: device.memberId,
        createdAt: now,
        expiresAt: device.expiresAt,
      });
      return { result, next };
    },

    /** This device forgets the member (the token is ended); unknown tokens are ignored. */
    async forgetDevice(token: string | undefined): Promise<void> {
      if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return;
      await db.transaction((tx) => takeRememberedDevice(tx, hashToken(token), clock()));
    },

    /** Ends every remembered device of the member (in the caller's transaction). */
    endAll(tx: Db, memberId: number) {
      return endRememberedDevicesOf(tx, memberId, clock());
    },
  };
}

export type RememberService = ReturnType<typeof createRememberService>;
