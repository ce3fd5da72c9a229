import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  identityPaths,
  passwordEmailBodySchema,
  passwordResetBodySchema,
  smsSendBodySchema,
  smsSendResultSchema,
} from '../../../contract/identity.ts';
import type { PasswordResetService } from './verification-reset.service.ts';
import type { HumanVerificationService } from './human-verification.service.ts';
import type { VerificationService } from './verification.service.ts';
import { CAPTCHA_CLIENT_COOKIE } from '../../platform/http/client-context.ts';
import { ok, replies } from '../../platform/http/responses.ts';

/** Per-node guard on top of the per-number and per-IP limits the service keeps in the database. */
const sendRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** Reset requests and resets: a few a minute per client is all a person needs. */
const resetRateLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

export const verificationRoutes: FastifyPluginAsyncZod<{
  verification: VerificationService;
  passwordReset: PasswordResetService;
  /** Proof of work before every SMS send (off: always passes). */
  humanVerification: Pick<HumanVerificationService, 'verify'>;
}> = async (app, { verification, passwordReset, humanVerification }) => {
  // The forgot-password form may post as a plain HTML form; fields then arrive as strings.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    identityPaths.smsRegister,
    {
      config: { ...sendRateLimit, stopsInMaintenance: true },
      schema: {
        tags: ['verification'],
        summary: 'Send a registration code by SMS; value.expiredMinutes drives the countdown',
        body: smsSendBodySchema,
        response: replies(smsSendResultSchema),
      },
    },
    async (request) => {
      await humanVerification.verify(request.body.humanVerification);
      return ok(
        await verification.sendSms({
          purpose: 'register',
          countryDialingCode: request.body.countryDialingCode,
          mobileNo: request.body.mobileNo,
          captcha: request.body.captcha,
          captchaClientId: request.cookies[CAPTCHA_CLIENT_COOKIE],
          ip: request.client.ip,
          language: request.language,
        }),
      );
    },
  );

  app.post(
    identityPaths.smsNoLogin,
    {
      config: sendRateLimit,
      schema: {
        tags: ['verification'],
        summary:
          "Send a login or password-reset code by SMS to a member's number; the same answer for any number",
        body: smsSendBodySchema,
        response: replies(smsSendResultSchema),
      },
    },
    async (request) => {
      await humanVerification.verify(request.body.humanVerification);
      return ok(
        await verification.sendSms({
          purpose: request.body.purpose ?? 'login',
          countryDialingCode: request.body.countryDialingCode,
          mobileNo: request.body.mobileNo,
          captcha: request.body.captcha,
          captchaClientId: request.cookies[CAPTCHA_CLIENT_COOKIE],
          ip: request.client.ip,
          language: request.language,
          onlyToMembers: true,
        }),
      );
    },
  );

  app.post(
    identityPaths.passwordEmail,
    {
      config: resetRateLimit,
      schema: {
        tags: ['verification'],
        summary:
          'E-mail a password reset link when username and e-mail match a member; the same answer otherwise',
        body: passwordEmailBodySchema,
        response: replies(z.null()),
      },
    },
    async (request) => {
      await passwordReset.requestEmail({
        username: request.body.username,
        email: request.body.email,
        ip: request.client.ip,
        language: request.language,
      });
      return ok(null);
    },
  );

  app.post(
    identityPaths.passwordReset,
    {
      config: resetRateLimit,
      schema: {
        tags: ['verification'],
        summary: 'Set a new password with the token of a reset link (30 minutes, single use)',
        body: passwordResetBodySchema,
        response: replies(z.null()),
      },
    },
    async (request) => {
      await passwordReset.reset({ ...request.body, ip: request.client.ip });
      return ok(null);
    },
  );
};
