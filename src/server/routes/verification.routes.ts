import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityPaths, smsSendBodySchema, smsSendResultSchema } from '../../contract/identity.ts';
import type { VerificationService } from '../services/verification.service.ts';
import { CAPTCHA_CLIENT_COOKIE } from './captcha.routes.ts';
import { ok, replies } from './responses.ts';

/** Per-node guard on top of the per-number and per-IP limits the service keeps in the database. */
const sendRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export const verificationRoutes: FastifyPluginAsyncZod<{
  verification: VerificationService;
}> = async (app, { verification }) => {
  app.post(
    identityPaths.smsRegister,
    {
      config: sendRateLimit,
      schema: {
        tags: ['verification'],
        summary: 'Send a registration code by SMS; value.expiredMinutes drives the countdown',
        body: smsSendBodySchema,
        response: replies(smsSendResultSchema),
      },
    },
    async (request) =>
      ok(
        await verification.sendSms({
          purpose: 'register',
          countryDialingCode: request.body.countryDialingCode,
          mobileNo: request.body.mobileNo,
          captcha: request.body.captcha,
          captchaClientId: request.cookies[CAPTCHA_CLIENT_COOKIE],
          ip: request.client.ip,
          language: request.language,
        }),
      ),
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
    async (request) =>
      ok(
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
      ),
  );
};
