import { z } from 'zod';
import { constants } from '../contract/constants.ts';
import {
  affiliateResultSchema,
  changePasswordResultSchema,
  identityPaths,
  loginResultSchema,
  memberIconSchema,
  memberInfoSchema,
  passwordVerificationResultSchema,
  smsSendResultSchema,
  totpSetupResultSchema,
  totpStatusSchema,
} from '../contract/identity.ts';
import type {
  LoginPayload,
  LoginResult,
  MemberInfo,
  RegisterPayload,
  secondFactors,
} from '../contract/identity.ts';
import { captchaSchema, systemPaths } from '../contract/system.ts';
import type { Encryptor } from './enc.ts';
import type { HttpClient } from './http-client.ts';

export type SmsSendRequest = {
  countryDialingCode: string;
  mobileNo: string;
  captcha?: string;
  humanVerification?: string;
};

export type ChangePasswordBody = {
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
};

/** A random string for the free-play call (its `enc` carries it, encrypted). */
function randomNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The identity calls of the spec (section 7, "Authentication and member"). Calls marked enc in
 * the contract send `{ enc }`, the payload encrypted to the server's key.
 *
 * @example
 * const identity = createIdentityService(http, createEncryptor(http));
 * const result = await identity.login({ type: 'username', username: 'ravi', password: 'pw1234' });
 */
export function createIdentityService(http: HttpClient, enc: Encryptor) {
  const sealed = async (payload: unknown) => ({ enc: await enc.seal(payload) });

  return {
    login: async (payload: LoginPayload): Promise<LoginResult> =>
      http.post(identityPaths.login, loginResultSchema, { body: await sealed(payload) }),

    /** A type 4 trial account (free play). */
    freePlay: async (os: string): Promise<LoginResult> =>
      http.post(identityPaths.freePlay, loginResultSchema, {
        body: {
          os: os.slice(0, 32),
          platform: constants.platformCode,
          enc: await enc.seal(randomNonce()),
          gatewayVersion: 3,
        },
      }),

    /** The second factor of a login from a new IP. */
    verifyLogin: (body: {
      challengeId: string;
      factor: (typeof secondFactors)[number];
      code: string;
    }): Promise<LoginResult> => http.post(identityPaths.loginVerify, loginResultSchema, { body }),

    /** Sends the SMS or e-mail code of a second-factor challenge. */
    sendLoginCode: (body: { challengeId: string; factor: 'sms' | 'email' }) =>
      http.post(identityPaths.loginVerifySend, smsSendResultSchema, { body }),

    /** Whether an authenticator (TOTP) is bound. */
    totpStatus: (signal?: AbortSignal) =>
      http.get(identityPaths.totp, totpStatusSchema, { signal }),

    /** Starts binding an authenticator after the current password (enc). */
    totpSetup: async (password: string) =>
      http.post(identityPaths.totpSetup, totpSetupResultSchema, {
        body: await sealed({ password }),
      }),

    /** Confirms the pending authenticator with a code it shows. */
    totpConfirm: (code: string) =>
      http.post(identityPaths.totp, totpStatusSchema, { body: { code } }),

    /** Unbinds the authenticator with the current password and one of its codes (enc). */
    totpUnbind: async (body: { password: string; code: string }) =>
      http.delete(identityPaths.totp, totpStatusSchema, { body: await sealed(body) }),

    /** Remember-me: this device logs in again with its httpOnly cookie (same origin). */
    loginRemembered: (): Promise<LoginResult> =>
      http.post(identityPaths.loginRemembered, loginResultSchema, {}),

    /** Remember-me: this device forgets the remembered player (its cookie is ended). */
    forgetDevice: async (): Promise<void> => {
      await http.delete(identityPaths.loginRemembered, z.unknown());
    },

    logout: async (): Promise<void> => {
      await http.delete(identityPaths.logout, z.unknown());
    },

    memberInfo: (signal?: AbortSignal): Promise<MemberInfo> =>
      http.get(identityPaths.memberInfo, memberInfoSchema, { signal }),

    icon: (signal?: AbortSignal) => http.get(identityPaths.icon, memberIconSchema, { signal }),

    /** Registers by username or by mobile number (PUT, enc); logs in when `login` is true. */
    register: async (payload: RegisterPayload, byMobile: boolean): Promise<LoginResult> =>
      http.put(
        byMobile ? identityPaths.registerMobile : identityPaths.register,
        loginResultSchema,
        {
          body: await sealed(payload),
        },
      ),

    changePassword: async (payload: ChangePasswordBody) =>
      http.post(identityPaths.password, changePasswordResultSchema, {
        body: await sealed(payload),
      }),

    /** Sends the reset link by e-mail; the same answer whether or not the account exists. */
    passwordEmail: async (body: { username: string; email: string }): Promise<void> => {
      await http.post(identityPaths.passwordEmail, z.unknown(), { body });
    },

    /** Consumes the e-mailed reset link's token with the new password. */
    passwordReset: async (body: {
      token: string;
      newPassword: string;
      confirmNewPassword: string;
    }): Promise<void> => {
      await http.post(identityPaths.passwordReset, z.unknown(), { body });
    },

    /** Forgot by phone: the new password with the SMS code; answers the account's username. */
    passwordVerification: async (body: {
      newPassword: string;
      mobileNum: string;
      countryDialingCode: string;
      verificationCode: string;
    }) =>
      http.post(identityPaths.passwordVerification, passwordVerificationResultSchema, {
        body: await sealed(body),
      }),

    /** SMS code for registration. */
    smsRegister: (body: SmsSendRequest) =>
      http.post(identityPaths.smsRegister, smsSendResultSchema, { body }),

    /** SMS code without a session (login, password reset). */
    smsNoLogin: (body: SmsSendRequest & { purpose?: 'login' | 'resetPassword' }) =>
      http.post(identityPaths.smsNoLogin, smsSendResultSchema, { body }),

    checkAffiliate: (code: string, domain: string, signal?: AbortSignal) =>
      http.get(identityPaths.affiliate, affiliateResultSchema, {
        query: { code, domain },
        signal,
      }),

    /** A new captcha image as a data URI (the answer is kept by the server for this browser). */
    captcha: async (signal?: AbortSignal): Promise<string> =>
      `data:image/png;base64,${await http.get(systemPaths.captcha, captchaSchema, { signal })}`,
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

// The session in the browser lives in session-store.ts (the first page needs it, not this
// module's schemas); re-exported for the modules that read it here.
export { createSessionStore } from './session-store.ts';
export type { SessionStore, SessionWrite } from './session-store.ts';
