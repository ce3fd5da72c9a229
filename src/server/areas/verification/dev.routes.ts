import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityPaths, outboxListSchema, outboxQuerySchema } from '../../../contract/identity.ts';
import { outboxHtml, type OutboxService } from './outbox.service.ts';
import { envelopeOrBodyOf, ok, rawReplies } from '../../platform/http/responses.ts';

/**
 * Development-only pages, for operators only: the outbox holds one-time codes and reset links,
 * so reading it takes operator credentials (HTTP Basic), like every /ops call. The verification
 * area registers this plugin only when NODE_ENV is not production, so in production the paths
 * do not exist at all.
 */
export const devRoutes: FastifyPluginAsyncZod<{ outbox: OutboxService }> = async (
  app,
  { outbox },
) => {
  app.get(
    identityPaths.outbox,
    {
      onRequest: app.requireOperator,
      schema: {
        tags: ['development'],
        summary:
          'Development only, operator credentials: messages the outbox SMS and e-mail providers stored',
        security: [{ opsBasic: [] }],
        querystring: outboxQuerySchema,
        response: rawReplies({
          200: envelopeOrBodyOf(outboxListSchema, 'The messages; a page of them with format=html', [
            'text/html',
          ]),
        }),
      },
    },
    async (request, reply) => {
      const { format, channel, to, limit } = request.query;
      const messages = await outbox.latest({ channel, to, limit });
      if (format === 'html') {
        // A page under the API's path: the API's CSP (nothing allowed) with its inline style.
        return reply
          .type('text/html; charset=utf-8')
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
          )
          .serializer((payload: unknown) => String(payload))
          .send(outboxHtml(messages) as never);
      }
      return ok({ messages });
    },
  );
};
