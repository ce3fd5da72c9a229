import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  affiliateQuerySchema,
  affiliateResultSchema,
  identityPaths,
  loginResultSchema,
  registerBodySchema,
  registerPayloadSchema,
} from '../../../contract/identity.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import { contextOf } from '../../platform/http/client-context.ts';
import type { IdentityRouteDeps } from './session.routes.ts';

/** Registration by username and by mobile number, and the affiliate-code check. */
export const registerRoutes: FastifyPluginAsyncZod<IdentityRouteDeps> = async (
  app,
  { identity, enc, humanVerification },
) => {
  app.put(
    identityPaths.register,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags: ['session'],
        summary: 'Register by username (enc: RegisterPayload); logs in when `login` is true',
        body: registerBodySchema,
        response: replies(loginResultSchema),
      },
    },
    async (request) => {
      const payload = await enc.open(registerPayloadSchema, request.body.enc);
      await humanVerification.verify(payload.humanVerification);
      return ok(await identity.register(payload, contextOf(request)));
    },
  );

  app.put(
    identityPaths.registerMobile,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags: ['session'],
        summary:
          'Register by mobile number (enc: RegisterPayload; MOBILENUMREG3): the username is the number, its SMS code is checked; a password only with MOBILENUMPASSREG3',
        body: registerBodySchema,
        response: replies(loginResultSchema),
      },
    },
    async (request) => {
      const payload = await enc.open(registerPayloadSchema, request.body.enc);
      await humanVerification.verify(payload.humanVerification);
      return ok(await identity.register(payload, contextOf(request), true));
    },
  );

  app.get(
    identityPaths.affiliate,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['session'],
        summary: "Whether an agent's invitation code exists",
        querystring: affiliateQuerySchema,
        response: replies(affiliateResultSchema),
      },
    },
    async (request) => ok(await identity.affiliateValid(request.query.code)),
  );
};
