import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { drawParamsSchema, lotteryOpsPaths } from '../../../contract/lottery.ts';
import {
  cancelDrawBodySchema,
  cancelDrawReplySchema,
  resultDecisionBodySchema,
  resultEntryBodySchema,
  resultEntryParamsSchema,
  resultEntrySchema,
} from '../../../contract/lottery-ops.ts';
import type { Operator } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import type { LotteryOpsService } from './lottery-ops.service.ts';

const tags = ['ops'];
const security = [{ opsBasic: [] }];

function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new Error('requireOperator did not set the operator');
  return request.operator;
}

/** The operator's lottery results and cancels: HTTP Basic, every call audited by the service. */
export const lotteryOpsRoutes: FastifyPluginAsyncZod<{ ops: LotteryOpsService }> = async (
  app,
  { ops },
) => {
  const common = {
    onRequest: app.requireOperator,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };

  app.post(
    lotteryOpsPaths.resultEntries,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "Enter a regional draw's result (or a correction, with a reason): pending",
        description:
          'The numbers of the layout in order, special prize first (27 or 18, each of its ' +
          "prize's digits), for a draw past its draw time; a draw with a result takes a " +
          'correction. Another operator confirms or rejects it.',
        params: drawParamsSchema,
        body: resultEntryBodySchema,
        response: replies(resultEntrySchema),
      },
    },
    async (request) => ok(await ops.enter(operatorOf(request), request.params, request.body)),
  );

  app.post(
    lotteryOpsPaths.resultEntry,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Confirm or reject a result entry (a different operator than who entered it)',
        description:
          "Confirmed, it becomes the draw's next result revision and the draw is settled " +
          'against it; a correction of a settled draw reverses the earlier wins first.',
        params: resultEntryParamsSchema,
        body: resultDecisionBodySchema,
        response: replies(resultEntrySchema),
      },
    },
    async (request) => ok(await ops.decide(operatorOf(request), request.params.id, request.body)),
  );

  app.post(
    lotteryOpsPaths.cancelDraw,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Call off a draw that has no result: every bet refunded',
        params: drawParamsSchema,
        body: cancelDrawBodySchema,
        response: replies(cancelDrawReplySchema),
      },
    },
    async (request) =>
      ok(await ops.cancel(operatorOf(request), request.params, request.body.reason)),
  );
};
