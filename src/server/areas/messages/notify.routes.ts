import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbIdParamSchema } from '../../../contract/primitives.ts';
import { notifyBodySchema, notifyPath, notifyResultSchema } from '../../../contract/realtime.ts';
import type { NotifyService } from './notify.service.ts';
import { ok, replies } from '../../platform/http/responses.ts';

/** Operators: a live notification to one player (toast in the app, on every node). */
export const notifyRoutes: FastifyPluginAsyncZod<{ notify: NotifyService }> = async (
  app,
  { notify },
) => {
  app.post(
    notifyPath,
    {
      onRequest: app.requireOperator,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['ops'],
        security: [{ opsBasic: [] }],
        summary: "Send a live notification to a player's open pages (audited)",
        params: z.object({ memberId: dbIdParamSchema }),
        body: notifyBodySchema,
        response: replies(notifyResultSchema),
      },
    },
    async (request) => {
      const { operator } = request;
      if (!operator) throw new Error('requireOperator did not set the operator');
      return ok(await notify.notify(operator, request.params.memberId, request.body));
    },
  );
};
