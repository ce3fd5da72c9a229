import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentPaths,
  consolidatedContractInfoSchema,
  contractKinds,
  processContractBodySchema,
  processContractReplySchema,
  type ContractKind,
} from '../../../contract/agent.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import { agentSecurity, agentTags } from './center.routes.ts';
import type { ContractsService } from './contracts.service.ts';

const kindNames: Record<ContractKind, string> = {
  dividend: 'profit dividend',
  daily: 'daily wage',
  hourly: 'hourly wage',
  realtime: 'real-time wage',
};

const processDescription =
  "Agents only; 403 `contract_kind_disabled` when the kind's module flag is off. `offer`: the " +
  'upline to a DIRECT downline agent (else 403 `not_in_team` / `contract_direct_downline_only`), ' +
  "replacing a pending offer; the highest tier rate may not exceed the upline's own in-force " +
  'contract of the kind (409 `contract_rate_above_upline`; an agent without one, a top agent ' +
  'included, 409 `contract_upline_without_contract`); a downline ' +
  'holding a higher-rate contract 409 `contract_higher_in_force`; idempotent by ' +
  '`idempotencyKey`. `withdraw` (upline, pending), `accept` / `reject` (downline, pending): an ' +
  "accepted offer supersedes the downline's in-force contract of the kind. `terminate` (either " +
  "side, active): terminating until the next period boundary (`endsAt`). `list`: the caller's " +
  'contracts of the kind. A contract of another pair 403 `not_in_team`; a wrong state or role ' +
  '409 `contract_state_invalid`. Both parties get a `contract` event after the commit.';

/** The four spec calls of the contract workflow and the consolidated contract info. */
export const contractsRoutes: FastifyPluginAsyncZod<{ contracts: ContractsService }> = async (
  app,
  { contracts },
) => {
  for (const kind of contractKinds) {
    app.post(
      agentPaths[kind],
      {
        onRequest: app.requireAgent,
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: agentTags,
          security: agentSecurity,
          summary: `The ${kindNames[kind]} contract workflow (offer, withdraw, accept, reject, terminate, list)`,
          description: processDescription,
          body: processContractBodySchema,
          response: replies(processContractReplySchema),
        },
      },
      async (request) => ok(await contracts.process(memberOf(request).member, kind, request.body)),
    );
  }

  app.get(
    agentPaths.contractInfo,
    {
      onRequest: app.requireAgent,
      schema: {
        tags: agentTags,
        security: agentSecurity,
        summary:
          'Consolidated contract info: offers waiting for the agent per kind, in-force counts',
        response: replies(consolidatedContractInfoSchema),
      },
    },
    async (request) => ok(await contracts.info(memberOf(request).member)),
  );
};
