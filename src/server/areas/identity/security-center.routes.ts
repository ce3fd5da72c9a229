import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailBodySchema,
  changeEmailPayloadSchema,
  changeMobileBodySchema,
  changeMobilePayloadSchema,
  contactChangeResultSchema,
  contactCodeResultSchema,
  emailCodeBodySchema,
  emailCodePayloadSchema,
  mobileCodeBodySchema,
  mobileCodePayloadSchema,
  securityCenterPaths,
  securitySummarySchema,
} from '../../../contract/security-center.ts';
import type { EncService } from '../../platform/keys/enc-payload.ts';
import type { SecurityCenterService } from './security-center.service.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';

export type SecurityCenterRouteDeps = {
  securityCenter: SecurityCenterService;
  enc: EncService;
};

const bearer = [{ bearer: [] }];
/** Per-node guards on top of the password lock and the code limits kept in the database. */
const changeRateLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** The member center's account security: summary, change of mobile number and e-mail. */
export const securityCenterRoutes: FastifyPluginAsyncZod<SecurityCenterRouteDeps> = async (
  app,
  { securityCenter, enc },
) => {
  app.get(
    securityCenterPaths.summary,
    {
      onRequest: app.requireRealAccount,
      schema: {
        tags: ['member'],
        summary: 'Account security: contacts, payment password set, authenticator bound',
        security: bearer,
        response: replies(securitySummarySchema),
      },
    },
    async (request) => ok(await securityCenter.summary(memberOf(request).member)),
  );

  app.post(
    securityCenterPaths.mobileCode,
    {
      onRequest: app.requireRealAccount,
      config: changeRateLimit,
      schema: {
        tags: ['member'],
        summary:
          'Send a code to a new mobile number (enc: { password, countryDialingCode, mobileNum })',
        security: bearer,
        body: mobileCodeBodySchema,
        response: replies(contactCodeResultSchema),
      },
    },
    async (request) => {
      const payload = await enc.open(mobileCodePayloadSchema, request.body.enc);
      return ok(
        await securityCenter.sendMobileCode(
          memberOf(request).member,
          payload,
          { ip: request.client.ip },
          request.language,
        ),
      );
    },
  );

  app.put(
    securityCenterPaths.mobile,
    {
      onRequest: app.requireRealAccount,
      config: changeRateLimit,
      schema: {
        tags: ['member'],
        summary:
          'Change the mobile number (enc: { password, countryDialingCode, mobileNum, verificationCode })',
        security: bearer,
        body: changeMobileBodySchema,
        response: replies(contactChangeResultSchema),
      },
    },
    async (request) => {
      const payload = await enc.open(changeMobilePayloadSchema, request.body.enc);
      return ok(await securityCenter.changeMobile(memberOf(request).member, payload));
    },
  );

  app.post(
    securityCenterPaths.emailCode,
    {
      onRequest: app.requireRealAccount,
      config: changeRateLimit,
      schema: {
        tags: ['member'],
        summary: 'Send a code to a new e-mail address (enc: { password, email })',
        security: bearer,
        body: emailCodeBodySchema,
        response: replies(contactCodeResultSchema),
      },
    },
    async (request) => {
      const payload = await enc.open(emailCodePayloadSchema, request.body.enc);
      return ok(
        await securityCenter.sendEmailCode(
          memberOf(request).member,
          payload,
          { ip: request.client.ip },
          request.language,
        ),
      );
    },
  );

  app.put(
    securityCenterPaths.email,
    {
      onRequest: app.requireRealAccount,
      config: changeRateLimit,
      schema: {
        tags: ['member'],
        summary: 'Change the e-mail address (enc: { password, email, verificationCode })',
        security: bearer,
        body: changeEmailBodySchema,
        response: replies(contactChangeResultSchema),
      },
    },
    async (request) => {
      const payload = await enc.open(changeEmailPayloadSchema, request.body.enc);
      return ok(await securityCenter.changeEmail(memberOf(request).member, payload));
    },
  );
};
