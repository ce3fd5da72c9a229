import type { FastifyInstance, FastifyRequest } from 'fastify';
import { constants } from '../../../contract/constants.ts';
import { AppError } from '../errors.ts';
import type { Operator, OpsService } from '../../areas/operator/ops.service.ts';
import type { SessionService } from '../../areas/identity/session.service.ts';
import type { MemberRow } from '../../areas/identity/members.repository.ts';
import type { SessionRow } from '../../areas/identity/sessions.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
    member: MemberRow | null;
    /** The session the bearer token belongs to (with the member). */
    memberSession: SessionRow | null;
  }
  interface FastifyInstance {
    /** onRequest hook: HTTP Basic operator credentials, else 401 ops_unauthorized. */
    requireOperator: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: a live player session (Bearer token), else 401 not_logged_in / session_expired. */
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
export function memberOf(request: FastifyRequest): { member: MemberRow; session: SessionRow } {
  const { member, memberSession } = request;
  if (!member || !memberSession) throw new Error('route is missing requireMember');
  return { member, session: memberSession };
}

/** Operators sign in with HTTP Basic; players with Bearer tokens. The two never mix. */
export function registerAuth(
  app: FastifyInstance,
  services: { ops: OpsService; session: Pick<SessionService, 'authenticate'> },
): void {
  app.decorateRequest('operator', null);
  app.decorateRequest('member', null);
  app.decorateRequest('memberSession', null);

  app.decorate('requireOperator', async (request: FastifyRequest) => {
    const credentials = basicCredentials(request.headers.authorization);
    const operator = credentials
      ? await services.ops.authenticate(credentials[0], credentials[1])
      : undefined;
    if (!operator) throw new AppError(401, 'ops_unauthorized');
    request.operator = operator;
  });

  async function requireMember(request: FastifyRequest) {
    const match = /^Bearer (\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
    if (!match?.[1]) throw new AppError(401, 'not_logged_in');
    const { member, session } = await services.session.authenticate(match[1]);
    request.member = member;
    request.memberSession = session;
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
