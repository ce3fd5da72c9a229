import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  lotteryPaths,
  memberBetsPageSchema,
  memberBetsQuerySchema,
  placeSlipBodySchema,
  placeSlipReplySchema,
} from '../../../contract/lottery.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import { maxSlipRows, type BetsService } from './bets.service.ts';

const tags = ['lottery'];
const security = [{ bearer: [] }];

const placeDescription =
  'Rules per bet type (selection, stake) in the contract (`betTypes`). Accepted only while the ' +
  "draw is open by the server's clock (state open and before `locksAt`), else 409 " +
  '`lottery_draw_closed`. Each selection is one bet and one ledger posting (at most ' +
  `${maxSlipRows} a slip); the whole slip is ` +
  'placed or nothing is. Idempotent by `idempotencyKey`: the same key again answers the slip as ' +
  'placed without moving anything again; with another request, 409 `idempotency_key_reused`.';

/** The member's lottery bets: place a slip on an open draw, and list the bets placed. */
export const betsRoutes: FastifyPluginAsyncZod<{ bets: BetsService }> = async (app, { bets }) => {
  app.post(
    lotteryPaths.bets,
    {
      onRequest: app.requireMember,
      // A player on fast draws places slips often; a script retrying fast is slowed down.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags,
        security,
        summary: 'Place a slip of bets on one open draw (each bet a ledger posting)',
        description: placeDescription,
        body: placeSlipBodySchema,
        response: replies(placeSlipReplySchema),
      },
    },
    async (request) =>
      ok(await bets.place(memberOf(request).member.id, request.body, request.language)),
  );

  app.get(
    lotteryPaths.bets,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "The member's lottery bets, newest first, with their outcome and hits",
        querystring: memberBetsQuerySchema,
        response: replies(memberBetsPageSchema),
      },
    },
    async (request) =>
      ok(await bets.list(memberOf(request).member.id, request.query, request.language)),
  );
};
