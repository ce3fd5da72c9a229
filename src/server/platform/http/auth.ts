import type { FastifyInstance, FastifyRequest } from 'fastify';
import { constants } from '../../../contract/constants.ts';
import { opsOtpHeader } from '../../../contract/ops.ts';
import { AppError } from '../errors.ts';
import type { members, sessions } from '../members/members.schema.ts';

/** An operator signed in with HTTP Basic. */
export type Operator = { id: number; username: string };
export type MemberRow = typeof members.$inferSelect;
/** The columns of a session the guard reads (areas/identity/sessions.repository.ts). */
export type SessionRow = Pick<
  typeof sessions.$inferSelect,
  'id' | 'memberId' | 'expiresAt' | 'lastSeenAt' | 'mustChangePassword'
>;
/**
 * A live session, its member, whether the member has a bound authenticator, and the member's
 * VIP level (0 without one), all read by the session's one statement.
 */
export type MemberSession = {
  member: MemberRow;
  session: SessionRow;
  totpBound: boolean;
  vipLevel: number;
};

/**
 * What the operator area supplies: operator credentials to an operator, or undefined (an
 * AppError such as 429 ops_locked when the name, the pair of name and address or the address
 * is locked). `otp`: a current code of the operator's authenticator (the X-Ops-OTP header),
 * which lets a right password through those locks.
 */
export type OperatorAuthenticator = {
  authenticate(
    username: string,
    password: string,
    ip: string,
    otp?: string,
  ): Promise<Operator | undefined>;
};
/** What the identity area supplies: a bearer token to its live session, else an AppError. */
export type MemberAuthenticator = {
  /** `cached`: the node's member cache may answer (`config.memberCache` GET routes only). */
  authenticate(token: string, options?: { cached?: boolean }): Promise<MemberSession>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A session that must change its password (default or expired password) may call this
     * member route: only the change itself, the sign-out and the member info its popup reads.
     * Every other member route answers 403 password_change_required to such a session.
     */
    duringPasswordChange?: boolean;
    /**
     * A GET member route whose session (and member) the node's member cache may answer
     * (`app.memberCache`): every change drops it at once on every node, and it lives
     * `MEMBER_CACHE_MS` at most. Only reads that show the member what it is: never a route that
     * checks a secret or writes.
     */
    memberCache?: boolean;
  }
  interface FastifyRequest {
    operator: Operator | null;
    member: MemberRow | null;
    /** The session the bearer token belongs to (with the member). */
    memberSession: SessionRow | null;
    /** Whether the member of the session has a bound authenticator (read with the session). */
    memberTotpBound: boolean;
    /** The member's VIP level (read with the session; 0 without one). */
    memberVipLevel: number;
  }
  interface FastifyInstance {
    /** The operator area hands its credential check to the guards (once, at registration). */
    provideOperatorAuth: (authenticator: OperatorAuthenticator) => void;
    /** The identity area hands its session check to the guards and the gateway. */
    provideMemberAuth: (authenticator: MemberAuthenticator) => void;
    /** The member check the identity area provided (the gateway authenticates sockets with it). */
    memberAuth: MemberAuthenticator;
    /**
     * onRequest hook: HTTP Basic operator credentials, else 401 ops_unauthorized (429
     * ops_locked while locked, unless the X-Ops-OTP header carries a current code).
     */
    requireOperator: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook: a live player session (Bearer token), else 401 not_logged_in /
     * session_expired; a session that must change its password, 403 password_change_required
     * unless the route allows it (`config.duringPasswordChange`).
     */
    requireMember: (request: FastifyRequest) => Promise<void>;
    /** requireMember, and not a type 4 trial account (403 need_true_account). */
    requireRealAccount: (request: FastifyRequest) => Promise<void>;
    /** requireMember, and an agent (types 1, 2, 41, 42), else 403 error_not_agent. */
    requireAgent: (request: FastifyRequest) => Promise<void>;
  }
}

function basicCredentials(header: string | undefined): [string, string] | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  return [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

/** The member of a guarded request; a route without the guard is a programming error. */
export function memberOf(request: FastifyRequest): MemberSession {
  const { member, memberSession } = request;
  if (!member || !memberSession) throw new Error('route is missing requireMember');
  return {
    member,
    session: memberSession,
    totpBound: request.memberTotpBound,
    vipLevel: request.memberVipLevel,
  };
}

/**
 * Operators sign in with HTTP Basic; players with Bearer tokens. The two never mix. The
 * platform owns the guards; the operator and identity areas supply the lookups behind them.
 */
export function registerAuth(app: FastifyInstance): void {
  let operators: OperatorAuthenticator | undefined;
  let members: MemberAuthenticator | undefined;
  const missing = (area: string) => new Error(`the ${area} area has not provided its auth lookup`);
  app.decorate('provideOperatorAuth', (authenticator: OperatorAuthenticator) => {
    operators = authenticator;
  });
  app.decorate('provideMemberAuth', (authenticator: MemberAuthenticator) => {
    members = authenticator;
  });
  app.decorate('memberAuth', {
    authenticate(token, options) {
      if (!members) throw missing('identity');
      return members.authenticate(token, options);
    },
  });
  app.decorateRequest('operator', null);
  app.decorateRequest('member', null);
  app.decorateRequest('memberSession', null);
  app.decorateRequest('memberTotpBound', false);
  app.decorateRequest('memberVipLevel', 0);

  app.decorate('requireOperator', async (request: FastifyRequest) => {
    if (!operators) throw missing('operator');
    const credentials = basicCredentials(request.headers.authorization);
    const otp = request.headers[opsOtpHeader];
    const operator = credentials
      ? await operators.authenticate(
          credentials[0],
          credentials[1],
          request.ip,
          typeof otp === 'string' ? otp.trim() : undefined,
        )
      : undefined;
    if (!operator) throw new AppError(401, 'ops_unauthorized');
    request.operator = operator;
  });

  const fromCache = { cached: true } as const;
  const fromDatabase = { cached: false } as const;
  async function requireMember(request: FastifyRequest) {
    const match = /^Bearer (\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
    if (!match?.[1]) throw new AppError(401, 'not_logged_in');
    // Read once: each read of `routeOptions` builds a new object of the route's dozen options.
    const { config } = request.routeOptions;
    const { member, session, totpBound, vipLevel } = await app.memberAuth.authenticate(
      match[1],
      request.method === 'GET' && config.memberCache === true ? fromCache : fromDatabase,
    );
    if (session.mustChangePassword && config.duringPasswordChange !== true) {
      throw new AppError(403, 'password_change_required');
    }
    request.member = member;
    request.memberSession = session;
    request.memberTotpBound = totpBound;
    request.memberVipLevel = vipLevel;
  }
  app.decorate('requireMember', requireMember);

  app.decorate('requireRealAccount', async (request: FastifyRequest) => {
    await requireMember(request);
    if (request.member?.type === constants.trialAccountType) {
      throw new AppError(403, 'need_true_account');
    }
  });

  app.decorate('requireAgent', async (request: FastifyRequest) => {
    await requireMember(request);
    const type = request.member?.type ?? 0;
    if (!(constants.agentCenterTypes as readonly number[]).includes(type)) {
      throw new AppError(403, 'error_not_agent');
    }
  });
}
