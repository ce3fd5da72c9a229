import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  gamesOpsPaths,
  opsGameCreateSchema,
  opsGamePageSchema,
  opsGameParamsSchema,
  opsGamePatchSchema,
  opsGameSchema,
  opsGameSearchSchema,
  opsVendorParamsSchema,
  opsVendorStatusBodySchema,
  opsVendorStatusSchema,
} from '../../../contract/games.ts';
import type { Operator } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import type { CatalogOpsService } from './catalog-ops.service.ts';

const tags = ['ops'];
const security = [{ opsBasic: [] }];

function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new Error('requireOperator did not set the operator');
  return request.operator;
}

/** The operator's catalog API: HTTP Basic, every change audited by the service. */
export const catalogOpsRoutes: FastifyPluginAsyncZod<{ ops: CatalogOpsService }> = async (
  app,
  { ops },
) => {
  const common = {
    onRequest: app.requireOperator,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };

  app.get(
    gamesOpsPaths.games,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Search the catalog (disabled games too) by vendor, name, status',
        querystring: opsGameSearchSchema,
        response: replies(opsGamePageSchema),
      },
    },
    async (request) => ok(await ops.search(request.query)),
  );

  app.post(
    gamesOpsPaths.games,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Add a game to a vendor of its category (names in HI, EN, BN)',
        body: opsGameCreateSchema,
        response: replies(opsGameSchema),
      },
    },
    async (request) => ok(await ops.create(operatorOf(request), request.body)),
  );

  app.patch(
    gamesOpsPaths.game,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Edit a game: names, classify, min bet, lines, hot, status (disable), maintenance',
        params: opsGameParamsSchema,
        body: opsGamePatchSchema,
        response: replies(opsGameSchema),
      },
    },
    async (request) =>
      ok(await ops.update(operatorOf(request), request.params.nodeId, request.body)),
  );

  app.put(
    gamesOpsPaths.vendor,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "A vendor's maintenance and disabled flags (all its games)",
        params: opsVendorParamsSchema,
        body: opsVendorStatusBodySchema,
        response: replies(opsVendorStatusSchema),
      },
    },
    async (request) =>
      ok(await ops.setVendorStatus(operatorOf(request), request.params.vassalage, request.body)),
  );
};
