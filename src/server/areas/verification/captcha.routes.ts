import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaSchema, systemPaths } from '../../../contract/system.ts';
import type { CaptchaService } from './captcha.service.ts';
import { ok, replies } from '../../platform/http/responses.ts';

/** Cookie naming the browser whose captcha answer we hold. */
import { CAPTCHA_CLIENT_COOKIE } from '../../platform/http/client-context.ts';

export const captchaRoutes: FastifyPluginAsyncZod<{ captcha: CaptchaService }> = async (
  app,
  { captcha },
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
      return ok(await captcha.issue(clientId));
    },
  );
};
