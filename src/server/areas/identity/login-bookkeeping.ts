import type { Db } from '../../platform/db/client.ts';
import type { LoginResult } from '../../../contract/identity.ts';
import type { MemberRow } from '../../platform/http/auth.ts';
import type { RequestContext } from '../../platform/http/client-context.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { updateMember } from './members.repository.ts';
import type { SessionService } from './session.service.ts';

/** How many of a member's IPs are remembered (an IP not among them asks for a second factor). */
const KNOWN_IPS_KEPT = 50;

/**
 * What every login does once the member may enter, in the caller's transaction: a new session,
 * the member's last login and known IPs, the `session.login` audit row, and the login result.
 * Password, SMS, remembered and social logins all come through here.
 */
export async function openLoginSession(
  tx: Db,
  sessions: Pick<SessionService, 'start'>,
  member: MemberRow,
  context: RequestContext,
  login: {
    now: Date;
    mustChangePassword: boolean;
    passwordExpired: boolean;
    /** Recorded in the audit row when not a password login (e.g. `social:google`). */
    method?: string;
  },
): Promise<LoginResult> {
  const { token } = await sessions.start(tx, member.id, {
    ip: context.ip,
    mustChangePassword: login.mustChangePassword,
  });
  const knownIps = member.knownIps.includes(context.ip)
    ? member.knownIps
    : [...member.knownIps, context.ip].slice(-KNOWN_IPS_KEPT);
  await updateMember(tx, member.id, { lastLoginAt: login.now, knownIps });
  await insertAudit(tx, {
    actor: `member:${member.id}`,
    action: 'session.login',
    target: `member:${member.id}`,
    before: { lastLoginAt: member.lastLoginAt?.toISOString() ?? null },
    after: {
      ip: context.ip,
      newIp: knownIps !== member.knownIps,
      passwordExpired: login.passwordExpired,
      ...(login.method ? { method: login.method } : {}),
    },
  });
  return {
    token,
    firstTimeLogin: member.firstLogin,
    passwordExpired: login.passwordExpired,
    previousLoginAt: member.lastLoginAt?.toISOString() ?? null,
    challenge: null,
  };
}
