import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  identityPaths,
  passwordVerificationBodySchema,
  passwordVerificationPayloadSchema,
  passwordVerificationResultSchema,
} from '../../../contract/identity.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import { contextOf } from '../../platform/http/client-context.ts';
import type { IdentityRouteDeps } from './session.routes.ts';

/** Forgot password by phone: the new password with the SMS code (spec section 7). */
export const passwordRoutes: FastifyPluginAsyncZod<IdentityRouteDeps> = async (
  app,
  { identity, enc },
) => {
  app.post(
    identityPaths.passwordVerification,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['verification'],
        summary:
          "Set a new password with the SMS code sent for resetPassword (enc; FORGETMOBILE); answers the account's username, and the member's sessions end",
        body: passwordVerificationBodySchema,
        response: replies(passwordVerificationResultSchema),
      },
    },
    async (request) => {
      const payload = await enc.open(passwordVerificationPayloadSchema, request.body.enc);
      return ok(await identity.resetPasswordByPhone(payload, contextOf(request)));
    },
  );
};
