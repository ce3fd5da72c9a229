import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityPaths, loginResultSchema } from '../../../contract/identity.ts';
import { REMEMBER_COOKIE, type RememberService } from './remember.service.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import { contextOf } from '../../platform/http/client-context.ts';

/** The remember-me cookie: httpOnly, only sent to the session calls, never to other sites. */
export const rememberCookieOptions = (secure: boolean) =>
  ({ path: '/wps/session', httpOnly: true, sameSite: 'strict', secure }) as const;

/** Remember-me: log this device in again without the password, or make it forget. */
export const rememberRoutes: FastifyPluginAsyncZod<{
  remember: RememberService;
  secureCookie: boolean;
}> = async (app, { remember, secureCookie }) => {
  const options = rememberCookieOptions(secureCookie);

  app.post(
    identityPaths.loginRemembered,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags: ['session'],
        summary:
          'Log in again with the remember-me cookie of a password login (1 day); the cookie is replaced',
        response: replies(loginResultSchema),
      },
    },
    async (request, reply) => {
      try {
        const { result, next } = await remember.login(
          request.cookies[REMEMBER_COOKIE],
          contextOf(request),
        );
        void reply.setCookie(REMEMBER_COOKIE, next.token, { ...options, expires: next.expiresAt });
        return ok(result);
      } catch (error) {
        void reply.clearCookie(REMEMBER_COOKIE, options);
        throw error;
      }
    },
  );

  app.delete(
    identityPaths.loginRemembered,
    {
      schema: {
        tags: ['session'],
        summary: 'This device forgets the remembered member',
        response: replies(z.null()),
      },
    },
    async (request, reply) => {
      await remember.forgetDevice(request.cookies[REMEMBER_COOKIE]);
      void reply.clearCookie(REMEMBER_COOKIE, options);
      return ok(null);
    },
  );
};
