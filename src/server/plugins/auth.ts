import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../services/errors.ts';
import type { Operator, OpsService } from '../services/ops.service.ts';
import type { MemberService } from '../services/member.service.ts';
import type { MemberRow } from '../db/repositories/members.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
    member: MemberRow | null;
  }
  interface FastifyInstance {
    /** onRequest hook: HTTP Basic operator credentials, else 401 ops_unauthorized. */
    requireOperator: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: a live player session (Bearer token), else 401 not_logged_in. */
    requireMember: (request: FastifyRequest) => Promise<void>;
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

/** Operators sign in with HTTP Basic; players with Bearer tokens. The two never mix. */
export function registerAuth(
  app: FastifyInstance,
  services: { ops: OpsService; member: MemberService },
): void {
  app.decorateRequest('operator', null);
  app.decorateRequest('member', null);

  app.decorate('requireOperator', async (request: FastifyRequest) => {
    const credentials = basicCredentials(request.headers.authorization);
    const operator = credentials
      ? await services.ops.authenticate(credentials[0], credentials[1])
      : undefined;
    if (!operator) throw new AppError(401, 'ops_unauthorized');
    request.operator = operator;
  });

  app.decorate('requireMember', async (request: FastifyRequest) => {
    const match = /^Bearer (\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
    const member = match?.[1] ? await services.member.authenticate(match[1]) : undefined;
    if (!member) throw new AppError(401, 'not_logged_in');
    request.member = member;
  });
}
