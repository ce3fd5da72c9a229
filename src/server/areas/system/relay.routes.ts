import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { announcementTypes } from '../../../contract/system.ts';
import {
  announcementListSchema,
  announcementQuerySchema,
  gameVendorSchema,
  systemPaths,
} from '../../../contract/system.ts';
import type { SystemService } from './system.service.ts';
import { ok, replies } from '../../platform/http/responses.ts';

type AnnouncementType = (typeof announcementTypes)[number];

/** The relay calls of the start-up: announcements and game vendors. */
export const relayRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (
  app,
  { system },
) => {
  app.get(
    systemPaths.announcements,
    {
      schema: {
        tags: ['relay'],
        summary: 'Announcements of the given types, with popup and promotion lists',
        querystring: announcementQuerySchema,
        response: replies(announcementListSchema),
      },
    },
    async (request) => {
      const types = [...new Set(request.query.types.split(','))] as AnnouncementType[];
      return ok(await system.announcements(types, request.query.language ?? request.language));
    },
  );

  app.get(
    systemPaths.gameVendor,
    {
      schema: {
        tags: ['relay'],
        summary: 'Game vendors by category lane',
        response: replies(gameVendorSchema),
      },
    },
    async () => ok(await system.gameVendor()),
  );
};
