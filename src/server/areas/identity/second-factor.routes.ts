import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  identityPaths,
  loginResultSchema,
  loginVerifyBodySchema,
  loginVerifySendBodySchema,
  smsSendResultSchema,
  totpConfirmBodySchema,
  totpSetupBodySchema,
  totpSetupPayloadSchema,
  totpSetupResultSchema,
  totpStatusSchema,
  totpUnbindBodySchema,
  totpUnbindPayloadSchema,
  type LoginResult,
} from '../../../contract/identity.ts';
import type { EncService } from '../../platform/keys/enc-payload.ts';
import type { RequestContext } from '../../platform/http/client-context.ts';
import type { PassedChallenge, SecondFactorService } from './second-factor.service.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import { contextOf } from '../../platform/http/client-context.ts';

export type SecondFactorRouteDeps = {
  secondFactor: SecondFactorService;
  enc: EncService;
  /** Opens the session of a passed challenge exactly as the login does (identity service). */
  openSession: (passed: PassedChallenge, context: RequestContext) => Promise<LoginResult>;
};

const bearer = [{ bearer: [] }];
/** Per-node guards on top of the per-challenge and per-member limits kept in the database. */
const verifyRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
const totpRateLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** The second factor of a login from a new IP, and the authenticator (TOTP) binding. */
export const secondFactorRoutes: FastifyPluginAsyncZod<SecondFactorRouteDeps> = async (
  app,
  { secondFactor, enc, openSession },
) => {
  app.post(
    identityPaths.loginVerifySend,
    {
      config: { ...verifyRateLimit, stopsInMaintenance: true },
      schema: {
        tags: ['session'],
        summary: "Send the SMS or e-mail code of a login challenge to the account's own target",
        body: loginVerifySendBodySchema,
        response: replies(smsSendResultSchema),
      },
    },
    async (request) =>
      ok(await secondFactor.send(request.body, contextOf(request), request.language)),
  );

  app.post(
    identityPaths.loginVerify,
    {
      config: { ...verifyRateLimit, stopsInMaintenance: true },
      schema: {
        tags: ['session'],
        summary: 'Pass a login challenge (SMS, e-mail or authenticator code): the session opens',
        body: loginVerifyBodySchema,
        response: replies(loginResultSchema),
      },
    },
    async (request) => {
      const context = contextOf(request);
      const passed = await secondFactor.verify(request.body, context);
      return ok(await openSession(passed, context));
    },
  );

  app.get(
    identityPaths.totp,
    {
      onRequest: app.requireRealAccount,
      schema: {
        tags: ['member'],
        summary: 'Whether an authenticator (TOTP) is bound',
        security: bearer,
        response: replies(totpStatusSchema),
      },
    },
    async (request) => ok(await secondFactor.totpStatus(memberOf(request).member)),
  );

  app.post(
    identityPaths.totpSetup,
    {
      onRequest: app.requireRealAccount,
      config: totpRateLimit,
      schema: {
        tags: ['member'],
        summary: 'Start binding an authenticator (enc: { password }); pending until confirmed',
        security: bearer,
        body: totpSetupBodySchema,
        response: replies(totpSetupResultSchema),
      },
    },
    async (request) => {
      const payload = await enc.open(totpSetupPayloadSchema, request.body.enc);
      return ok(await secondFactor.totpSetup(memberOf(request).member, payload));
    },
  );

  app.post(
    identityPaths.totp,
    {
      onRequest: app.requireRealAccount,
      config: totpRateLimit,
      schema: {
        tags: ['member'],
        summary: 'Confirm the pending authenticator with a code it shows',
        security: bearer,
        body: totpConfirmBodySchema,
        response: replies(totpStatusSchema),
      },
    },
    async (request) => ok(await secondFactor.totpConfirm(memberOf(request).member, request.body)),
  );

  app.delete(
    identityPaths.totp,
    {
      onRequest: app.requireRealAccount,
      config: totpRateLimit,
      schema: {
        tags: ['member'],
        summary: 'Unbind the authenticator (enc: { password, code })',
        security: bearer,
        body: totpUnbindBodySchema,
        response: replies(totpStatusSchema),
      },
    },
    async (request) => {
      const payload = await enc.open(totpUnbindPayloadSchema, request.body.enc);
      return ok(await secondFactor.totpUnbind(memberOf(request).member, payload));
    },
  );
};
