import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { opsOperatorPaths, opsTotpCodeBodySchema } from '../../../contract/ops.ts';
import { totpSetupResultSchema, totpStatusSchema } from '../../../contract/identity.ts';
import type { Operator } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import type { OperatorTotpService } from './operator-totp.service.ts';

const tags = ['ops'];
const security = [{ opsBasic: [] }];

function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new Error('requireOperator did not set the operator');
  return request.operator;
}

/**
 * The signed-in operator's authenticator: enrolled here (the call's HTTP Basic is the password
 * asked), then a current code in the X-Ops-OTP header lets the right password through the
 * sign-in locks.
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ totp: OperatorTotpService }> = async (
  app,
  { totp },
) => {
  const common = {
    onRequest: app.requireOperator,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
  };

  app.get(
    opsOperatorPaths.totp,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "Whether the operator's authenticator (TOTP) is bound",
        response: replies(totpStatusSchema),
      },
    },
    async (request) => ok(await totp.status(operatorOf(request))),
  );

  app.post(
    opsOperatorPaths.totpSetup,
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          'Start binding an authenticator: a new secret and its otpauth URI, pending until ' +
          'confirmed (409 totp_already_bound while one is bound)',
        response: replies(totpSetupResultSchema),
      },
    },
    async (request) => ok(await totp.setup(operatorOf(request))),
  );

  app.post(
    opsOperatorPaths.totp,
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          'Confirm the pending authenticator with a code it shows; from then on a current ' +
          'code in the X-Ops-OTP header lets the right password through the sign-in locks',
        body: opsTotpCodeBodySchema,
        response: replies(totpStatusSchema),
      },
    },
    async (request) => ok(await totp.confirm(operatorOf(request), request.body.code)),
  );

  app.delete(
    opsOperatorPaths.totp,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Unbind the authenticator with one of its current codes',
        body: opsTotpCodeBodySchema,
        response: replies(totpStatusSchema),
      },
    },
    async (request) => ok(await totp.unbind(operatorOf(request), request.body.code)),
  );
};
