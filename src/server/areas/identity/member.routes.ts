import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemPaths, updateLanguageBodySchema } from '../../../contract/system.ts';
import type { Services } from '../../platform/services-bag.ts';
import { ok, replies } from '../../platform/http/responses.ts';

export const memberRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.put(
    systemPaths.language,
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['member'],
        summary: "Store the member's language",
        security: [{ bearer: [] }],
        body: updateLanguageBodySchema,
        response: replies(updateLanguageBodySchema),
      },
    },
    async (request) => {
      const member = request.member;
      if (!member) throw new Error('requireMember did not set the member');
      return ok(await services.member.updateLanguage(member.id, request.body.language));
    },
  );
};
