import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  agentAnnouncementBodySchema,
  agentAnnouncementReplySchema,
  agentOpsPaths,
  rootContractBodySchema,
  rootContractReplySchema,
} from '../../../contract/agent.ts';
import type { Operator } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import type { AgentOpsService } from './agent-ops.service.ts';
import type { ContractsService } from './contracts.service.ts';

const tags = ['agent-ops'];
const security = [{ opsBasic: [] }];

function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new Error('requireOperator did not set the operator');
  return request.operator;
}

/** The operator's agent calls: root contracts with top agents, announcements. Audited. */
export const agentOpsRoutes: FastifyPluginAsyncZod<{
  contracts: ContractsService;
  ops: AgentOpsService;
}> = async (app, { contracts, ops }) => {
  const common = {
    onRequest: app.requireOperator,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };

  app.post(
    agentOpsPaths.rootContracts,
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          "The house's contract with a top agent, in force at once (the house pays its wage)",
        description:
          'For a top agent only (an agent without an upline: else 409 ' +
          "`contract_direct_downline_only`; unknown 404). It supersedes the agent's contract of " +
          'the kind; a lower rate cancels the downline contracts above it, down the tree ' +
          '(`contract` events `cancelled`). Dividend needs a `period`; real-time one tier ' +
          'without thresholds (400 `contract_terms_invalid`).',
        body: rootContractBodySchema,
        response: replies(rootContractReplySchema),
      },
    },
    async (request) => ok(await contracts.rootContract(operatorOf(request), request.body)),
  );

  app.post(
    agentOpsPaths.announcements,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'An announcement for agents (title and content per language)',
        body: agentAnnouncementBodySchema,
        response: replies(agentAnnouncementReplySchema),
      },
    },
    async (request) => ok(await ops.announce(operatorOf(request), request.body)),
  );
};
