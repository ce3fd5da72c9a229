import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentPaths,
  invitationSchema,
  registerDownlinePayloadSchema,
  registerDownlineReplySchema,
} from '../../../contract/agent.ts';
import { encBodyOf } from '../../../contract/identity.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import { agentSecurity, agentTags } from './center.routes.ts';
import type { RegisterCenterService } from './register-center.service.ts';

const registerBodySchema = encBodyOf(registerDownlinePayloadSchema, 'RegisterDownline');

/** registerCenter: a downline account with an initial password; the invitation code and link. */
export const registerCenterRoutes: FastifyPluginAsyncZod<{
  registerCenter: RegisterCenterService;
}> = async (app, { registerCenter }) => {
  app.post(
    agentPaths.registerDownline,
    {
      onRequest: app.requireAgent,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags: agentTags,
        security: agentSecurity,
        summary:
          'registerCenter (enc: RegisterDownline): a downline player or sub-agent (type 2) under the caller',
        description:
          "The username and password follow the site's registration rules (400 `bad_request` " +
          'naming the field); a taken name 409 `username_taken`. The first login must change the ' +
          'initial password. A sub-agent gets its own invitation code.',
        body: registerBodySchema,
        response: replies(registerDownlineReplySchema),
      },
    },
    async (request) => {
      const payload = await app.enc.open(registerDownlinePayloadSchema, request.body.enc);
      return ok({ member: await registerCenter.register(memberOf(request).member, payload) });
    },
  );

  app.get(
    agentPaths.invitation,
    {
      onRequest: app.requireAgent,
      schema: {
        tags: agentTags,
        security: agentSecurity,
        summary:
          "The agent's invitation code, its register link on this site, registrations so far",
        response: replies(invitationSchema),
      },
    },
    async (request) => ok(await registerCenter.invitation(memberOf(request).member, request)),
  );
};
