import { z } from 'zod';
import { constants, sessionKeys } from '../contract/constants.ts';
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

// ---------------------------------------------------------------------------------------------
// The session in the browser: session storage keys of the spec and the remember-me cookie.

/** The keys a session writes; sign-out removes every session key but the merchant code. */
const memberKeys = [
  sessionKeys.token,
  sessionKeys.cpw,
  sessionKeys.username,
  sessionKeys.account,
  sessionKeys.isAgent,
  sessionKeys.nickname,
  sessionKeys.customerId,
  sessionKeys.toUpline,
  sessionKeys.memberLabel,
] as const;

export type SessionWrite = {
  /** A new token; null keeps the stored one. */
  token: string | null;
  member: MemberInfo | null;
  isAgent: boolean;
  cpw: boolean;
};

const rememberCookie = 'rememberUsername';

/**
 * Session storage under the spec's keys and the remember-me cookie (the last username for one
 * day, never the password). `store` is the browser's sessionStorage, `cookies` its document.
 */
export function createSessionStore(
  store: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'> | null,
  cookies: { cookie: string } | null,
) {
  const set = (key: string, value: string | null) => {
    try {
      if (value === null) store?.removeItem(key);
      else store?.setItem(key, value);
    } catch {
      // A refused storage keeps the session for this page only.
    }
  };
  const get = (key: string): string | null => {
    try {
      return store?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };

  return {
    token: () => get(sessionKeys.token) || null,
    cpw: () => get(sessionKeys.cpw) === 'true',

    write({ token, member, isAgent, cpw }: SessionWrite): void {
      if (token !== null) set(sessionKeys.token, token);
      set(sessionKeys.cpw, String(cpw));
      set(sessionKeys.isAgent, String(isAgent));
      if (!member) return;
      set(sessionKeys.username, member.account);
      set(sessionKeys.account, member.account);
      set(sessionKeys.nickname, member.nickname);
      set(sessionKeys.customerId, String(member.id));
      set(sessionKeys.toUpline, String(member.toUpline));
      set(sessionKeys.memberLabel, JSON.stringify(member.memberLabel));
    },

    /** Clears session storage and writes the merchant code back. */
    clear(): void {
      const merchantCode = get(sessionKeys.merchantCode);
      try {
        store?.clear();
      } catch {
        for (const key of memberKeys) set(key, null);
      }
      if (merchantCode !== null) set(sessionKeys.merchantCode, merchantCode);
    },

    /** The username kept by remember-me, if any. */
    rememberedUsername(): string | null {
      if (!cookies) return null;
      for (const part of cookies.cookie.split(';')) {
        const [name, ...rest] = part.trim().split('=');
        if (name === rememberCookie) return decodeURIComponent(rest.join('=')) || null;
      }
      return null;
    },

    /** Keeps (or, with null, forgets) the last username for `rememberMeDays`. */
    rememberUsername(username: string | null): void {
      if (!cookies) return;
      const maxAge = username === null ? 0 : constants.rememberMeDays * 86_400;
      cookies.cookie = `${rememberCookie}=${encodeURIComponent(username ?? '')}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
