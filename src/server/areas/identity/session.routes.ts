import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  changePasswordPayloadSchema,
  changePasswordResultSchema,
  freePlayBodySchema,
  freePlayPayloadSchema,
  identityPaths,
  loginBodySchema,
  loginPayloadSchema,
  loginResultSchema,
  memberIconSchema,
  memberInfoSchema,
  type MemberInfo,
} from '../../../contract/identity.ts';
import type { EncService } from '../../platform/keys/enc-payload.ts';
import type { HumanVerificationService } from '../verification/verification.port.ts';
import type { IdentityService } from './identity.service.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { REMEMBER_COOKIE, type RememberService } from './remember.service.ts';
import { rememberCookieOptions } from './remember.routes.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import { sendJsonBytes } from '../../platform/http/reply-serializer.ts';
import { contextOf } from '../../platform/http/client-context.ts';

export type IdentityRouteDeps = {
  identity: IdentityService;
  enc: EncService;
  /** Proof of work before username login and registration (off: always passes). */
  humanVerification: Pick<HumanVerificationService, 'verify'>;
  /** Remember-me: a password login that asks for it gets a device cookie (1 day). */
  remember?: Pick<RememberService, 'issueForSession'>;
  /** The site is served over https (PUBLIC_URL): cookies are Secure. */
  secureCookie?: boolean;
};

const bearer = [{ bearer: [] }];

/** Login, free play, logout and the logged-in member's own calls. */
export const sessionRoutes: FastifyPluginAsyncZod<IdentityRouteDeps> = async (
  app,
  { identity, enc, humanVerification, remember, secureCookie = false },
) => {
  app.post(
    identityPaths.login,
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags: ['session'],
        summary: 'Log in (enc: LoginPayload); captcha after 3 failures, short lock after 10',
        body: loginBodySchema,
        response: replies(loginResultSchema),
      },
    },
    async (request, reply) => {
      const payload = await enc.open(loginPayloadSchema, request.body.enc);
      if (payload.type === 'username') await humanVerification.verify(payload.humanVerification);
      const result = await identity.login(payload, contextOf(request));
      if (remember && payload.rememberMe && payload.type === 'username' && result.token) {
        const device = await remember.issueForSession(result.token);
        void reply.setCookie(REMEMBER_COOKIE, device.token, {
          ...rememberCookieOptions(secureCookie),
          expires: device.expiresAt,
        });
      }
      return ok(result);
    },
  );

  app.post(
    identityPaths.freePlay,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' }, stopsInMaintenance: true },
      schema: {
        tags: ['session'],
        summary: 'A type 4 trial account, logged in (FREEPLAY module)',
        body: freePlayBodySchema,
        response: replies(loginResultSchema),
      },
    },
    async (request) => {
      // The client's random string proves it holds our public key; its content is not used.
      await enc.open(freePlayPayloadSchema, request.body.enc);
      return ok(await identity.freePlay(contextOf(request)));
    },
  );

  app.delete(
    identityPaths.logout,
    {
      onRequest: app.requireMember,
      config: { duringPasswordChange: true },
      schema: {
        tags: ['session'],
        summary: 'Log out: the session is revoked',
        security: bearer,
        response: replies(z.null()),
      },
    },
    async (request) => {
      const { member, session } = memberOf(request);
      // Its sockets are cut on every node once the revocation commits.
      await identity.logout(member, session);
      return ok(null);
    },
  );

  // The reply of a member info object (the same object while the member is cached), made once.
  const memberInfoBytes = new WeakMap<MemberInfo, Buffer>();
  app.get(
    identityPaths.memberInfo,
    {
      onRequest: app.requireMember,
      // The forced change popup reads who is logged in.
      config: { duringPasswordChange: true, memberCache: true },
      schema: {
        tags: ['member'],
        summary: 'The logged-in member',
        security: bearer,
        response: replies(memberInfoSchema),
      },
    },
    async (request, reply) => {
      const { member, totpBound, vipLevel } = memberOf(request);
      const info = await identity.memberInfo(member, { totpBound, vipLevel });
      let bytes = memberInfoBytes.get(info);
      if (!bytes) {
        bytes = Buffer.from(JSON.stringify(ok(info)));
        memberInfoBytes.set(info, bytes);
      }
      return sendJsonBytes(reply, bytes);
    },
  );

  app.get(
    identityPaths.icon,
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['member'],
        summary: "The member's generated avatar (initials, SVG data URI)",
        security: bearer,
        response: replies(memberIconSchema),
      },
    },
    async (request) => ok(identity.icon(memberOf(request).member)),
  );

  app.post(
    identityPaths.password,
    {
      onRequest: app.requireRealAccount,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, duringPasswordChange: true },
      schema: {
        tags: ['member'],
        summary: "Change password (enc); ends the member's other sessions",
        security: bearer,
        body: changePasswordBodySchema,
        response: replies(changePasswordResultSchema),
      },
    },
    async (request) => {
      const { member, session } = memberOf(request);
      const payload = await enc.open(changePasswordPayloadSchema, request.body.enc);
      return ok(await identity.changePassword(member, session, payload));
    },
  );
};
