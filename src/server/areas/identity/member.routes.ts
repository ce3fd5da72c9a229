import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemPaths, updateLanguageBodySchema } from '../../../contract/system.ts';
import type { MemberService } from './member.service.ts';
import { ok, replies } from '../../platform/http/responses.ts';

export const memberRoutes: FastifyPluginAsyncZod<{ members: MemberService }> = async (
  app,
  { members },
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
      return ok(await members.updateLanguage(member.id, request.body.language));
    },
  );
};
