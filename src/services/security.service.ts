import {
  contactChangeResultSchema,
  contactCodeResultSchema,
  securityCenterPaths,
  securitySummarySchema,
  type ChangeEmailPayload,
  type ChangeMobilePayload,
  type EmailCodePayload,
  type MobileCodePayload,
} from '../contract/security-center.ts';
import type { Encryptor } from './enc.ts';
import type { HttpClient } from './http-client.ts';

/**
 * The member center's account security calls (src/contract/security-center.ts): the summary and
 * the change of mobile number and e-mail, each with the current password (enc).
 *
 * @example
 * const security = createSecurityService(http, createEncryptor(http));
 * await security.sendMobileCode({ password, countryDialingCode: '91', mobileNum: '9612345678' });
 */
export function createSecurityService(http: HttpClient, enc: Encryptor) {
  const sealed = async (payload: unknown) => ({ enc: await enc.seal(payload) });
  return {
    summary: (signal?: AbortSignal) =>
      http.get(securityCenterPaths.summary, securitySummarySchema, { signal }),
    sendMobileCode: async (payload: MobileCodePayload) =>
      http.post(securityCenterPaths.mobileCode, contactCodeResultSchema, {
        body: await sealed(payload),
      }),
    changeMobile: async (payload: ChangeMobilePayload) =>
      http.put(securityCenterPaths.mobile, contactChangeResultSchema, {
        body: await sealed(payload),
      }),
    sendEmailCode: async (payload: EmailCodePayload) =>
      http.post(securityCenterPaths.emailCode, contactCodeResultSchema, {
        body: await sealed(payload),
      }),
    changeEmail: async (payload: ChangeEmailPayload) =>
      http.put(securityCenterPaths.email, contactChangeResultSchema, {
        body: await sealed(payload),
      }),
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
