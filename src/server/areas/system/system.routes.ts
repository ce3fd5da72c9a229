import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bannerListSchema,
  countryCodeSchema,
  domainRouteQuerySchema,
  domainRouteSchema,
  languageQuerySchema,
  moduleNodeSchema,
  permissionQuerySchema,
  permissionSchema,
  publicKeySchema,
  registerSettingSchema,
  systemPaths,
  systemStatusSchema,
} from '../../../contract/system.ts';
import type { SystemService } from './system.service.ts';
import type { KeyService } from '../../platform/keys/keys.service.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import { sendJsonBytes } from '../../platform/http/reply-serializer.ts';
import { AppError } from '../../platform/errors.ts';
import { isSiteHost } from './site-domains.ts';

const tags = ['system'];

/** Start-up calls: status, bootstrap, module tree, settings, help, key, banners, countries. */
export const systemRoutes: FastifyPluginAsyncZod<{
  system: SystemService;
  keys: KeyService;
}> = async (app, { system, keys }) => {
  app.get(
    systemPaths.status,
    {
      schema: {
        tags,
        summary: 'System status: 0 normal, 1 maintenance, 2 region restricted',
        response: replies(systemStatusSchema),
      },
    },
    async (request) => ok(await system.status(request.client)),
  );

  app.get(
    systemPaths.permission,
    {
      schema: {
        tags,
        summary:
          'Bootstrap payload for the current host (403 domain_check_failed for a host not in SITE_DOMAINS)',
        querystring: permissionQuerySchema,
        response: replies(permissionSchema),
      },
    },
    async (request, reply) => {
      // Spec section 8: 'invalid URL or domain check failed' for a host not the site's.
      if (!isSiteHost(request.query.host, app.config.siteDomains)) {
        throw new AppError(403, 'domain_check_failed');
      }
      // The same bytes for every caller but the IP parts, serialised once (system.service.ts).
      return sendJsonBytes(reply, await system.permissionReply(request.client));
    },
  );

  app.get(
    systemPaths.whitelabel,
    {
      schema: {
        tags,
        summary: 'White-label module tree',
        response: replies(z.array(moduleNodeSchema)),
      },
    },
    async () => ok(await system.whitelabel()),
  );

  app.get(
    systemPaths.registerSetting,
    {
      schema: {
        tags,
        summary: 'Registration field rules',
        response: replies(registerSettingSchema),
      },
    },
    async () => ok(await system.registerSetting()),
  );

  app.get(
    systemPaths.domainRoute,
    {
      schema: {
        tags,
        summary: 'Domain routes by device (0 desktop, 3 mobile)',
        querystring: domainRouteQuerySchema,
        response: replies(domainRouteSchema),
      },
    },
    async (request) => ok(await system.domainRoute(request.query.device)),
  );

  app.get(
    systemPaths.publicKey,
    {
      schema: {
        tags,
        summary: 'JWK for enc payloads (RSA-OAEP-256 + A256GCM)',
        response: replies(publicKeySchema),
      },
    },
    async () => ok(await keys.publicJwk()),
  );

  app.get(
    systemPaths.banner,
    {
      schema: {
        tags,
        summary: 'All banners with titles in the request language',
        querystring: languageQuerySchema,
        response: replies(bannerListSchema),
      },
    },
    async (request) => ok(await system.banners(request.query.language ?? request.language)),
  );

  app.get(
    systemPaths.countryCode,
    {
      schema: {
        tags,
        summary: 'Dialing codes and the visitor country',
        response: replies(countryCodeSchema),
      },
    },
    async (request) => ok(await system.countryCode(request.client)),
  );
};
