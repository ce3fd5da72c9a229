import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentLiveFeedSize, agentLiveSchema, agentPaths } from '../../../contract/agent.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import { agentSecurity, agentTags } from './center.routes.ts';
import { realtimeWindowSeconds } from './center.service.ts';
import { createLiveNotifier, createLiveService, type LiveService } from './live.service.ts';

/** At most one `agentLive` event per agent per this many milliseconds. */
const liveThrottleMs = 1000;

/** The agent live view's snapshot (agentLive page). */
export const liveRoutes: FastifyPluginAsyncZod<{ live: LiveService }> = async (app, { live }) => {
  app.get(
    agentPaths.live,
    {
      onRequest: app.requireAgent,
      schema: {
        tags: agentTags,
        security: agentSecurity,
        summary:
          'Agent live view (agentLive): the open real-time wage window as it stands (start, the next settlement, the team valid turnover and net loss so far, its bets, active and online members, bets of the last 5 minutes), what each contract the agent holds has earned so far at its rate, and the latest wage and contract events',
        description:
          `Agents only (types 1, 2, 41, 42). The accruals are not paid: the settlement at ` +
          `windowEnd pays them. The feed holds at most ${agentLiveFeedSize} events, newest first. ` +
          'An `agentLive` socket event (agent room, at most one a second) says a bet of the team ' +
          'landed: read this again.',
        response: replies(agentLiveSchema),
      },
    },
    async (request) => ok(await live.snapshot(memberOf(request).member)),
  );
};

/**
 * The live view's route over its service, and its notifier on the ledger's play postings (one
 * line in agent.area.ts).
 */
export const livePlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const live = createLiveService({
    db,
    clock: app.clock,
    windowSeconds: realtimeWindowSeconds(app.config),
    sessionIdleMinutes: app.config.sessionIdleMinutes,
  });
  await app.register(liveRoutes, { live });
  const notifier = createLiveNotifier({
    db,
    clock: app.clock,
    publisher: app.realtime.publisher,
    log: app.log,
    throttleMs: liveThrottleMs,
  });
  app.wallet.ledger.onPlayed((memberIds) => notifier.played(memberIds));
  app.addHook('onClose', async () => notifier.stop());
};
