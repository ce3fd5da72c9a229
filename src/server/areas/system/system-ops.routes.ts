import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  announcementBodySchema,
  announcementParamsSchema,
  bannerBodySchema,
  bannerParamsSchema,
  maintenanceBodySchema,
  moduleBodySchema,
  moduleParamsSchema,
  modulesSchema,
  opsBannerSchema,
  opsNoticeSchema,
  opsPaths,
  opsSystemSchema,
  regionBodySchema,
  settingsBodySchema,
  validatorBodySchema,
  validatorParamsSchema,
} from '../../../contract/ops.ts';
import type { OpsService } from './system-ops.service.ts';
import type { Operator } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';

const tags = ['ops'];
const security = [{ opsBasic: [] }];
const deleted = z.object({ deleted: z.literal(true) });

function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new Error('requireOperator did not set the operator');
  return request.operator;
}

/** The operator API: HTTP Basic, every change audited by the service. Never blocked by status. */
export const opsRoutes: FastifyPluginAsyncZod<{ ops: OpsService }> = async (app, { ops }) => {
  const common = {
    onRequest: app.requireOperator,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };

  app.get(
    opsPaths.system,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Maintenance, region rules and settings',
        response: replies(opsSystemSchema),
      },
    },
    async () => ok(await ops.system()),
  );

  app.put(
    opsPaths.maintenance,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Switch maintenance on (with end time) or off',
        body: maintenanceBodySchema,
        response: replies(opsSystemSchema),
      },
    },
    async (request) => ok(await ops.setMaintenance(operatorOf(request), request.body)),
  );

  app.put(
    opsPaths.region,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Blocked countries and IP ranges (CIDR)',
        body: regionBodySchema,
        response: replies(opsSystemSchema),
      },
    },
    async (request) => ok(await ops.setRegion(operatorOf(request), request.body)),
  );

  app.put(
    opsPaths.settings,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Currency symbol, languages, captcha',
        body: settingsBodySchema,
        response: replies(opsSystemSchema),
      },
    },
    async (request) => ok(await ops.updateSettings(operatorOf(request), request.body)),
  );

  app.get(
    opsPaths.modules,
    {
      ...common,
      schema: { tags, security, summary: 'Module tree', response: replies(modulesSchema) },
    },
    async () => ok(await ops.modules()),
  );

  app.put(
    opsPaths.module,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Switch a module on or off',
        params: moduleParamsSchema,
        body: moduleBodySchema,
        response: replies(modulesSchema),
      },
    },
    async (request) =>
      ok(await ops.setModule(operatorOf(request), request.params.modId, request.body.enabled)),
  );

  app.put(
    opsPaths.validator,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Registration rule of one field',
        params: validatorParamsSchema,
        body: validatorBodySchema,
        response: replies(validatorBodySchema),
      },
    },
    async (request) =>
      ok(await ops.setValidator(operatorOf(request), request.params.field, request.body)),
  );

  app.get(
    opsPaths.banners,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'All banners',
        response: replies(z.array(opsBannerSchema)),
      },
    },
    async (request) => ok(await ops.banners(request.language)),
  );

  app.post(
    opsPaths.banners,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Add a banner',
        body: bannerBodySchema,
        response: replies(opsBannerSchema),
      },
    },
    async (request) =>
      ok(await ops.createBanner(operatorOf(request), request.body, request.language)),
  );

  app.put(
    opsPaths.banner,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Replace a banner',
        params: bannerParamsSchema,
        body: bannerBodySchema,
        response: replies(opsBannerSchema),
      },
    },
    async (request) =>
      ok(
        await ops.updateBanner(
          operatorOf(request),
          request.params.bannerId,
          request.body,
          request.language,
        ),
      ),
  );

  app.delete(
    opsPaths.banner,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Delete a banner',
        params: bannerParamsSchema,
        response: replies(deleted),
      },
    },
    async (request) => {
      await ops.deleteBanner(operatorOf(request), request.params.bannerId);
      return ok({ deleted: true as const });
    },
  );

  app.get(
    opsPaths.announcements,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'All announcements',
        response: replies(z.array(opsNoticeSchema)),
      },
    },
    async (request) => ok(await ops.announcements(request.language)),
  );

  app.post(
    opsPaths.announcements,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Add an announcement',
        body: announcementBodySchema,
        response: replies(opsNoticeSchema),
      },
    },
    async (request) =>
      ok(await ops.createAnnouncement(operatorOf(request), request.body, request.language)),
  );

  app.put(
    opsPaths.announcement,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Replace an announcement',
        params: announcementParamsSchema,
        body: announcementBodySchema,
        response: replies(opsNoticeSchema),
      },
    },
    async (request) =>
      ok(
        await ops.updateAnnouncement(
          operatorOf(request),
          request.params.id,
          request.body,
          request.language,
        ),
      ),
  );

  app.delete(
    opsPaths.announcement,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Delete an announcement',
        params: announcementParamsSchema,
        response: replies(deleted),
      },
    },
    async (request) => {
      await ops.deleteAnnouncement(operatorOf(request), request.params.id);
      return ok({ deleted: true as const });
    },
  );
};
