import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentCenterSchema, agentPaths } from '../../../contract/agent.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import type { CenterService } from './center.service.ts';

export const agentTags = ['agent'];
export const agentSecurity = [{ bearer: [] }];

/** The agent center's entry: its menu, the kinds the agent may offer, its upline. */
export const centerRoutes: FastifyPluginAsyncZod<{ center: CenterService }> = async (
  app,
  { center },
) => {
  app.get(
    agentPaths.center,
    {
      onRequest: app.requireAgent,
      schema: {
        tags: agentTags,
        security: agentSecurity,
        summary: "The agent center's menu (page keys by module flag) and the agent",
        description:
          'Agents only (types 1, 2, 41, 42): players and trial accounts 403 `error_not_agent`. ' +
          'The optional contract pages follow the module flags (enableCt, salary, hourSalary, ' +
          'agentRealtimeSalary).',
        response: replies(agentCenterSchema),
      },
    },
    async (request) => ok(await center.center(memberOf(request).member)),
  );
};
