import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  humanVerificationPaths,
  humanVerificationReplySchema,
} from '../../../contract/human-verification.ts';
import type { HumanVerificationService } from './human-verification.service.ts';
import { ok, replies } from '../../platform/http/responses.ts';

/** The proof-of-work challenge the app solves before login, registration and SMS sends. */
export const humanVerificationRoutes: FastifyPluginAsyncZod<{
  humanVerification: HumanVerificationService;
}> = async (app, { humanVerification }) => {
  app.get(
    humanVerificationPaths.challenge,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['system'],
        summary:
          'A signed altcha proof-of-work challenge (a few minutes, answer once); null when human verification is off',
        response: replies(humanVerificationReplySchema),
      },
    },
    async (_request, reply) => {
      // Every challenge is new; no cache may hand one to two clients.
      void reply.header('cache-control', 'no-store');
      return ok(await humanVerification.challenge());
    },
  );
};
