import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  memberLookupQuerySchema,
  memberStatusBodySchema,
  memberStatusParamsSchema,
  memberStatusPaths,
  memberStatusResultSchema,
  opsMemberSchema,
} from '../../../contract/identity.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import type { MemberStatusService } from './member-status.service.ts';

const opsSecurity = [{ opsBasic: [] }];

/** Operators: find a member by username; disable and enable a member account (audited). */
export const memberStatusRoutes: FastifyPluginAsyncZod<{
  memberStatus: MemberStatusService;
}> = async (app, { memberStatus }) => {
  app.get(
    memberStatusPaths.lookup,
    {
      onRequest: app.requireOperator,
      schema: {
        tags: ['ops'],
        security: opsSecurity,
        summary: 'Find a member by username (any case): id, type, status, upline code, dates',
        querystring: memberLookupQuerySchema,
        response: replies(opsMemberSchema),
      },
    },
    async (request) => ok(await memberStatus.lookup(request.query.username)),
  );

  app.post(
    memberStatusPaths.disable,
    {
      onRequest: app.requireOperator,
      schema: {
        tags: ['ops'],
        security: opsSecurity,
        summary:
          'Disable a member account: every session ends and its sockets are cut at once; ' +
          'login answers account_disabled (audited with the reason)',
        params: memberStatusParamsSchema,
        body: memberStatusBodySchema,
        response: replies(memberStatusResultSchema),
      },
    },
    async (request) => {
      const { operator } = request;
      if (!operator) throw new Error('requireOperator did not set the operator');
      return ok(await memberStatus.disable(operator, request.params.memberId, request.body.reason));
    },
  );

  app.post(
    memberStatusPaths.enable,
    {
      onRequest: app.requireOperator,
      schema: {
        tags: ['ops'],
        security: opsSecurity,
        summary: 'Enable a disabled member account again (audited with the reason)',
        params: memberStatusParamsSchema,
        body: memberStatusBodySchema,
        response: replies(memberStatusResultSchema),
      },
    },
    async (request) => {
      const { operator } = request;
      if (!operator) throw new Error('requireOperator did not set the operator');
      return ok(await memberStatus.enable(operator, request.params.memberId, request.body.reason));
    },
  );
};
