import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentPaths,
  transferDownlineBodySchema,
  transferDownlineReplySchema,
} from '../../../contract/agent.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { replies } from '../../platform/http/responses.ts';
import {
  idempotentCallDescription,
  sendStored,
} from '../../platform/idempotency/idempotent-replies.ts';
import { agentSecurity, agentTags } from './center.routes.ts';
import type { TransferService } from './transfer.service.ts';

/** Transfer to a downline: main wallet to a member of the agent's team, payment password. */
export const transferRoutes: FastifyPluginAsyncZod<{ transfers: TransferService }> = async (
  app,
  { transfers },
) => {
  app.post(
    agentPaths.transferDownline,
    {
      onRequest: app.requireAgent,
      // Each call checks the payment password: few tries a minute.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags: agentTags,
        security: agentSecurity,
        summary: "The agent's main wallet to a member of its team (one ledger posting)",
        description:
          "A member outside the caller's team 403 `not_in_team` (nothing checked or moved); the " +
          'payment password as for withdrawals (409 `payment_password_not_set`, 400 ' +
          '`payment_password_wrong`, 429 locked); 409 `insufficient_balance`. ' +
          idempotentCallDescription,
        body: transferDownlineBodySchema,
        response: replies(transferDownlineReplySchema),
      },
    },
    async (request, reply) =>
      sendStored(reply, await transfers.toDownline(memberOf(request).member, request.body)),
  );
};
