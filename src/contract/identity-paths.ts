// The identity area's paths and query keys, without its zod classic schemas: the first page's
// social sign-in helpers read them (issue 12); identity.ts re-exports them.

/**
 * Identity calls (spec section 7, "Authentication and member"). Calls marked enc take
 * `{ enc }`: the JSON payload below, encrypted as a JWE (RSA-OAEP-256 + A256GCM) to the key of
 * /wps/system/publicKey. Where the spec shows no path, ours in the same style.
 */
export const identityPaths = {
  login: '/wps/session/login',
  freePlay: '/wps/session/login/freeplay',
  /** Second factor for a login from an IP the account has not used before. */
  loginVerify: '/wps/session/login/verify',
  /** Sends the SMS or e-mail code of a second-factor challenge. */
  loginVerifySend: '/wps/session/login/verify/send',
  logout: '/wps/session/logout',
  /** Remember-me: POST logs this device in again (1 day), DELETE makes it forget the member. */
  loginRemembered: '/wps/session/login/remembered',
  /** The social login providers this site offers (GET). */
  socialProviders: '/wps/session/social',
  /** Starts a social login: a redirect to the provider (browser navigation). */
  socialStart: '/wps/session/social/:provider',
  /** The provider sends the browser back here; it goes on to /?social=<one-time code>. */
  socialCallback: '/wps/session/social/:provider/callback',
  /** The app trades the one-time code of the callback for a session (POST, once). */
  socialExchange: '/wps/session/social/exchange',
  memberInfo: '/wps/member/info',
  icon: '/wps/member/info/icon',
  avatar: '/wps/relay/MCSFE_getPlayerAvatar',
  register: '/wps/member/register',
  registerMobile: '/wps/member/register/mobile',
  password: '/wps/member/password',
  passwordEmail: '/wps/member/password/email',
  passwordVerification: '/wps/member/password/verification',
  /** Consumes the reset link e-mailed by passwordEmail (/forget?token=...). */
  passwordReset: '/wps/member/password/reset',
  smsRegister: '/wps/verification/sms/register',
  smsNoLogin: '/wps/verification/sms/noLogin',
  affiliate: '/wps/agent/affiliate',
  /** The authenticator (TOTP): GET bound or not, POST confirms a setup, DELETE unbinds. */
  totp: '/wps/member/totp',
  /** Starts an authenticator binding: a new secret, pending until POST totp confirms it. */
  totpSetup: '/wps/member/totp/setup',
  /** Development-only: what the outbox providers would have sent (SMS, e-mail). */
  outbox: '/wps/dev/outbox',
} as const;

/** The query the callback puts on the app's URL: a one-time code, or an error code for /login. */
export const socialQueryKeys = { code: 'social', error: 'socialError' } as const;
