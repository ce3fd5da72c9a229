import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaSchema, systemPaths } from '../../../contract/system.ts';
import type { Services } from '../../platform/services-bag.ts';
import { ok, replies } from '../../platform/http/responses.ts';

/** Cookie naming the browser whose captcha answer we hold. */
export const CAPTCHA_CLIENT_COOKIE = 'cid';

export const captchaRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    systemPaths.captcha,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['system'],
        summary: 'Captcha image as base64 PNG; at most one per second per client',
        response: replies(captchaSchema),
      },
    },
    async (request, reply) => {
      let clientId = request.cookies[CAPTCHA_CLIENT_COOKIE];
      if (!clientId || !/^[A-Za-z0-9_-]{22,64}$/.test(clientId)) {
        clientId = randomBytes(16).toString('base64url');
        void reply.setCookie(CAPTCHA_CLIENT_COOKIE, clientId, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: 86_400,
        });
      }
      return ok(await services.captcha.issue(clientId));
    },
  );
};
