import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  identityPaths,
  loginResultSchema,
  socialExchangeBodySchema,
  socialParamsSchema,
  socialProviderListSchema,
} from '../../../contract/identity.ts';
import {
  isBinding,
  SOCIAL_FLOW_MINUTES,
  type SocialLoginService,
  type SocialRedirect,
} from './social-login.service.ts';
import { contextOf } from '../../platform/http/client-context.ts';
import { noBody, ok, rawReplies, replies } from '../../platform/http/responses.ts';

/** The browser binding of social sign-ins: httpOnly, only sent to the social login paths. */
export const SOCIAL_FLOW_COOKIE = 'sflow';
const cookiePath = identityPaths.socialProviders;

export type SocialRouteDeps = {
  social: SocialLoginService;
  /** The site is served over https (PUBLIC_URL): the cookie is Secure. */
  secureCookie: boolean;
};

/**
 * Social login: the list of offered providers, the start (a redirect to the provider), the
 * provider's callback (a redirect to the app with a one-time code, or to /login with an error),
 * and the app's exchange of that code for a session.
 */
export const socialRoutes: FastifyPluginAsyncZod<SocialRouteDeps> = async (
  app,
  { social, secureCookie },
) => {
  const bindingOf = (cookies: Record<string, string | undefined>) => {
    const value = cookies[SOCIAL_FLOW_COOKIE];
    return isBinding(value) ? value : null;
  };
  // Lax: the provider's redirect back is a top-level GET navigation from another site.
  const cookieOptions = {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie,
  } as const;

  const redirect = (reply: FastifyReply, next: SocialRedirect) => {
    if (next.binding) {
      void reply.setCookie(SOCIAL_FLOW_COOKIE, next.binding, {
        ...cookieOptions,
        maxAge: SOCIAL_FLOW_MINUTES * 60,
      });
    }
    return reply.header('cache-control', 'no-store').redirect(next.location, 302);
  };

  app.get(
    identityPaths.socialProviders,
    {
      schema: {
        tags: ['session'],
        summary: 'Social login providers offered (configured, GOOGLELOGIN / FACEBOOKLOGIN on)',
        response: replies(socialProviderListSchema),
      },
    },
    async () => ok({ providers: await social.providers() }),
  );

  app.get(
    identityPaths.socialStart,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags: ['session'],
        summary: 'Start a social login: 302 to the provider (PKCE S256, state, nonce)',
        params: socialParamsSchema,
        response: rawReplies({ 302: noBody("To the provider's login page (Location)") }),
      },
    },
    async (request, reply) => {
      const next = await social.start(
        request.params.provider,
        bindingOf(request.cookies),
        contextOf(request),
      );
      return redirect(reply, next);
    },
  );

  app.get(
    identityPaths.socialCallback,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags: ['session'],
        summary: "The provider's redirect back: 302 to /?social=<one-time code> or /login",
        params: socialParamsSchema,
        response: rawReplies({
          302: noBody('To /?social=<one-time code>, or to /login with the error (Location)'),
        }),
      },
    },
    async (request, reply) => {
      const mark = request.url.indexOf('?');
      const query = mark === -1 ? '' : request.url.slice(mark + 1);
      const next = await social.callback(
        request.params.provider,
        query,
        bindingOf(request.cookies),
        contextOf(request),
      );
      return redirect(reply, next);
    },
  );

  app.post(
    identityPaths.socialExchange,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags: ['session'],
        summary: 'Trade the one-time code of a social login for a session (once, same browser)',
        body: socialExchangeBodySchema,
        response: replies(loginResultSchema),
      },
    },
    async (request, reply) => {
      const result = await social.exchange(
        request.body.code,
        bindingOf(request.cookies),
        contextOf(request),
      );
      void reply.clearCookie(SOCIAL_FLOW_COOKIE, cookieOptions);
      return ok(result);
    },
  );
};
