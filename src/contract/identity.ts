import { z } from 'zod';

export { identityPaths, socialQueryKeys } from './identity-paths.ts';

export const encBodySchema = z.object({ enc: z.string().min(20).max(20_000) });

/** How every (enc) call is sent, as its OpenAPI description says. */
export const encCallDescription =
  '(enc) The body is `{ "enc": "<JWE compact>" }`: the JSON payload named by `x-enc-payload` ' +
  '(a schema in components.schemas), encrypted with alg RSA-OAEP-256 and enc A256GCM to the ' +
  'server key published as a JWK at GET /wps/system/publicKey; any standard JOSE library ' +
  'produces it. A JWE the server cannot read answers 400 enc_invalid; a payload that breaks ' +
  'its schema, 400 bad_request naming the field.';

/**
 * The `{ enc }` body of an (enc) call, documented with its payload: `payload` (the schema the
 * route opens the JWE with) gets the component id `id`, and the body points at it with the
 * OpenAPI extension `x-enc-payload`. The type provider names input components `<id>Input`.
 *
 * @example
 * export const loginBodySchema = encBodyOf(loginPayloadSchema, 'LoginPayload');
 */
export function encBodyOf<B extends z.ZodObject = typeof encBodySchema>(
  payload: z.ZodType,
  id: string,
  body?: B,
): B {
  const meta = z.globalRegistry.get(payload);
  if (!meta?.id) z.globalRegistry.add(payload, { ...meta, id });
  return (body ?? encBodySchema).meta({
    description: encCallDescription,
    'x-enc-payload': { $ref: `#/components/schemas/${id}Input` },
  }) as B;
}

const trimmed = (max: number) => z.string().trim().max(max);

/** Proof-of-work human verification (altcha) answer, as the widget posts it. */
export const humanVerificationSchema = z
  .string()
  .min(1)
  .max(4000)
  .describe(
    'Human verification answer (when GET /wps/system/humanVerification says enabled): base64 ' +
      'of the JSON HumanVerificationAnswer `{ challenge, solution }`, the challenge from that ' +
      'call and the counter whose derived key starts with its keyPrefix.',
  );

/** The text of the captcha image, checked against the browser named by the `cid` cookie. */
const captchaAnswerSchema = z
  .string()
  .trim()
  .max(16)
  .describe(
    'Captcha answer: the text of the image from GET /wps/captcha. That call sets the `cid` ' +
      'cookie naming this browser; send the cookie back with this call. Asked after repeated ' +
      'failures: a failed login whose next try needs it answers detail.captchaRequired true ' +
      '(without an answer then: code captcha_required).',
  );

export const loginTypes = ['username', 'sms'] as const;

export const loginPayloadSchema = z.object({
  type: z.enum(loginTypes).default('username'),
  username: trimmed(64).min(1),
  password: z.string().max(128).optional(),
  captcha: captchaAnswerSchema.optional(),
  countryDialingCode: z
    .string()
    .regex(/^\d{1,4}$/)
    .optional(),
  verificationCode: trimmed(16).optional(),
  humanVerification: humanVerificationSchema.optional(),
  rememberMe: z.boolean().optional(),
  /** A login on the agent side (/agentHome): only agents (types 1, 2, 41, 42) get in. */
  agentLogin: z.boolean().optional(),
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;
export const loginBodySchema = encBodyOf(loginPayloadSchema, 'LoginPayload');

export const secondFactors = ['sms', 'email', 'totp'] as const;

/** Login reply: a token, or a second-factor challenge for an IP the account has not used. */
export const loginResultSchema = z.object({
  token: z.string().nullable(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** The login before this one, shown after login; null on the first. */
  previousLoginAt: z.string().nullable(),
  challenge: z
    .object({ challengeId: z.string(), factors: z.array(z.enum(secondFactors)) })
    .nullable(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const loginVerifyBodySchema = z.object({
  challengeId: z.string().min(1).max(128),
  factor: z.enum(secondFactors),
  code: z.string().regex(/^\d{6}$/),
});

export const loginVerifySendBodySchema = z.object({
  challengeId: z.string().min(1).max(128),
  factor: z.enum(['sms', 'email']),
});

/** Authenticator (TOTP) binding; the current password is asked again (enc). */
export const totpStatusSchema = z.object({ bound: z.boolean() });
export const totpSetupPayloadSchema = z.object({ password: z.string().min(1).max(128) });
export const totpSetupBodySchema = encBodyOf(totpSetupPayloadSchema, 'TotpSetupPayload');
export const totpSetupResultSchema = z.object({
  /** Base32, for typing into the authenticator by hand. */
  secret: z.string(),
  /** otpauth://totp/... for the QR code. */
  otpauthUri: z.string(),
});
export const totpConfirmBodySchema = z.object({ code: z.string().regex(/^\d{6}$/) });
export const totpUnbindPayloadSchema = z.object({
  password: z.string().min(1).max(128),
  code: z.string().regex(/^\d{6}$/),
});
export const totpUnbindBodySchema = encBodyOf(totpUnbindPayloadSchema, 'TotpUnbindPayload');

export const memberTypes = [0, 1, 2, 4, 41, 42] as const;

export const memberInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  /** Agent flag: 1, 2, 41, 42 agents; 4 trial account; 0 player. */
  type: z.number().int(),
  toUpline: z.boolean(),
  clubLabel: z.object({ labelName: z.string(), rankLevel: z.number().int() }),
  memberLabel: z.object({ colour: z.string() }),
  mobileNum: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string(),
  lastLoginAt: z.string().nullable(),
  twoFactorBound: z.boolean(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** The registration user of the spec (section 3) plus what the register call adds. */
export const registerPayloadSchema = z.object({
  username: trimmed(64),
  password: z.string().max(128).optional(),
  confirmPassword: z.string().max(128).optional(),
  payeeName: trimmed(64).optional(),
  email: trimmed(254).optional(),
  qqNum: trimmed(32).optional(),
  mobileNum: trimmed(20).optional(),
  countryDialingCode: z
    .string()
    .regex(/^\d{1,4}$/)
    .optional(),
  recommenderId: trimmed(32).optional(),
  captcha: captchaAnswerSchema.optional(),
  verificationCode: z.string().max(255).optional(),
  affiliateCode: trimmed(32).optional(),
  referralCode: trimmed(32).optional(),
  paymentPassword: z.string().max(128).optional(),
  line: trimmed(64).optional(),
  whatsapp: trimmed(32).optional(),
  facebook: trimmed(128).optional(),
  wechat: trimmed(64).optional(),
  idNumber: trimmed(32).optional(),
  domain: trimmed(253).optional(),
  registerUrl: trimmed(2000).optional(),
  registerMethod: z.literal('WEB'),
  /** Terms and age (18) confirmation. */
  agreeTerms: z.literal(true),
  login: z.boolean().default(true),
  humanVerification: humanVerificationSchema.optional(),
});
export type RegisterPayload = z.infer<typeof registerPayloadSchema>;
export const registerBodySchema = encBodyOf(registerPayloadSchema, 'RegisterPayload');

/** What a code sent by /sms/noLogin is for; login when absent. */
export const noLoginSmsPurposes = ['login', 'resetPassword'] as const;

export const smsSendBodySchema = z.object({
  countryDialingCode: z.string().regex(/^\d{1,4}$/),
  mobileNo: z.string().max(20),
  captcha: captchaAnswerSchema.optional(),
  humanVerification: humanVerificationSchema.optional(),
  purpose: z.enum(noLoginSmsPurposes).optional(),
});
export const smsSendResultSchema = z.object({ expiredMinutes: z.number().int().positive() });

export const changePasswordPayloadSchema = z.object({
  oldPassword: z.string().max(128).optional(),
  newPassword: z.string().min(1).max(128),
  confirmNewPassword: z.string().min(1).max(128),
});
export const changePasswordBodySchema = encBodyOf(
  changePasswordPayloadSchema,
  'ChangePasswordPayload',
);

export const passwordEmailBodySchema = z.object({
  username: trimmed(64).min(1),
  email: trimmed(254).min(3),
});

export const passwordResetBodySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/),
  newPassword: z.string().min(1).max(128),
  confirmNewPassword: z.string().min(1).max(128),
});

export const passwordVerificationPayloadSchema = z.object({
  newPassword: z.string().min(1).max(128),
  mobileNum: z.string().regex(/^\d{4,20}$/),
  countryDialingCode: z.string().regex(/^\d{1,4}$/),
  verificationCode: z.string().regex(/^\d{6}$/),
});
export const passwordVerificationBodySchema = encBodyOf(
  passwordVerificationPayloadSchema,
  'PasswordVerificationPayload',
);

/** Phone reset reply: the account whose password was set, for the automatic login. */
export const passwordVerificationResultSchema = z.object({ username: z.string() });

export const affiliateQuerySchema = z.object({
  code: trimmed(32).min(1),
  domain: trimmed(253).min(1),
});
export const affiliateResultSchema = z.object({ valid: z.boolean() });

/** The trial login's payload: any JSON; it only proves that the client holds the server key. */
export const freePlayPayloadSchema = z
  .unknown()
  .describe('Any JSON value (the app sends a random string); its content is not used.');
export const freePlayBodySchema = encBodyOf(
  freePlayPayloadSchema,
  'FreePlayPayload',
  z.object({
    os: z.string().max(32),
    platform: z.literal('W'),
    /** A random string from the client, encrypted (enc). */
    enc: z.string().min(20).max(20_000),
    gatewayVersion: z.literal(3),
  }),
);

/** Development-only outbox page: the newest messages the outbox providers stored. */
export const outboxQuerySchema = z.object({
  format: z.enum(['json', 'html']).default('json'),
  channel: z.enum(['sms', 'email']).optional(),
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const outboxMessageSchema = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxListSchema = z.object({ messages: z.array(outboxMessageSchema) });

/** The member's generated avatar: initials on a colour, as an SVG data URI. */
export const memberIconSchema = z.object({
  initials: z.string(),
  colour: z.string(),
  image: z.string(),
});
export type MemberIcon = z.infer<typeof memberIconSchema>;

/** Change password: how many other sessions of the member were ended. */
export const changePasswordResultSchema = z.object({ revokedSessions: z.number().int() });

/** Social login providers (OAuth2/OIDC); each is offered when configured and its module is on. */
export const socialProviders = ['google', 'facebook'] as const;
export const socialProviderSchema = z.enum(socialProviders);
export type SocialProvider = z.infer<typeof socialProviderSchema>;
export const socialProviderListSchema = z.object({ providers: z.array(socialProviderSchema) });
export const socialParamsSchema = z.object({ provider: z.string().min(1).max(32) });
export const socialExchangeBodySchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/),
});

/**
 * Operator: disable or enable a member account (audited). Disabling ends every session of the
 * member and cuts its sockets at once; a disabled member's login answers `account_disabled`.
 */
export const memberStatusPaths = {
  disable: '/ops/members/:memberId/disable',
  enable: '/ops/members/:memberId/enable',
  /** GET ?username=: one member found by username (any case). */
  lookup: '/ops/members',
} as const;
export const memberStatusParamsSchema = z.object({
  memberId: z.coerce.number().int().min(1).max(2_147_483_647),
});
/** Why the operator does it: kept in the audit record. */
export const memberStatusBodySchema = z.object({ reason: z.string().trim().min(1).max(200) });
export const memberStatusResultSchema = z.object({
  memberId: z.number().int(),
  status: z.enum(['active', 'disabled']),
  /** False when the account already had this status (nothing written). */
  changed: z.boolean(),
  /** Sessions the disabling ended (0 when enabling). */
  endedSessions: z.number().int(),
});
export type MemberStatusResult = z.infer<typeof memberStatusResultSchema>;

export const memberLookupQuerySchema = z.object({
  username: z.string().trim().min(1).max(64),
});
/** What an operator sees of a member found by username (no secrets, no contact details). */
export const opsMemberSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  /** 0 player; 1, 2, 41, 42 agents; 4 trial. */
  type: z.number().int(),
  status: z.enum(['active', 'disabled']),
  /** The agent code the member registered with. */
  uplineAffiliateCode: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type OpsMember = z.infer<typeof opsMemberSchema>;
