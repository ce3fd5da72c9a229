import type { FastifyInstance } from 'fastify';
import { createHelpService } from './help.service.ts';
import { createFeedbackService } from './help-feedback.service.ts';
import { helpRoutes } from './help.routes.ts';
import { helpOpsRoutes } from './help-ops.routes.ts';
import { helpSeedSteps } from './help.seed-steps.ts';

/**
 * The help part of the engagement area (issue 16): help center from the database with search,
 * feedback answered as a platform message, avatars, the affiliate application.
 */
export async function helpPlugin(app: FastifyInstance): Promise<void> {
  await app.seed(helpSeedSteps);
  const { db } = app.database;
  const help = createHelpService({ db, clock: app.clock });
  const feedback = createFeedbackService({
    db,
    clock: app.clock,
    publisher: app.realtime.publisher,
    onPublishError: (error) => app.log.error({ err: error }, 'unread event not published'),
  });
  await app.register(helpRoutes, { help, feedback });
  await app.register(helpOpsRoutes, { help, feedback });
}
