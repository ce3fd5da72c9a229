import { z } from 'zod';
import { encBodyOf } from './identity.ts';

/**
 * The member center's account security (page securityCenter): the summary it shows, and the
 * change of the mobile number and of the e-mail address. Each change asks the current password
 * again and a code sent to the NEW number or address (issue 3, item 7). Paths in the style of
 * the spec's member calls; calls marked enc take `{ enc }` (see identity.ts).
 */
export const securityCenterPaths = {
  /** GET (token): what the security page shows beyond member info. */
  summary: '/wps/member/security',
  /** POST (token, enc `mobileCodePayloadSchema`): sends a code to the new number. */
  mobileCode: '/wps/member/mobile/verification',
  /** PUT (token, enc `changeMobilePayloadSchema`): sets the new number. */
  mobile: '/wps/member/mobile',
  /** POST (token, enc `emailCodePayloadSchema`): sends a code to the new address. */
  emailCode: '/wps/member/email/verification',
  /** PUT (token, enc `changeEmailPayloadSchema`): sets the new address. */
  email: '/wps/member/email',
} as const;

export const securitySummarySchema = z.object({
  /** The country code of the member's number (member info carries the number only). */
  countryDialingCode: z.string().nullable(),
  mobileNum: z.string().nullable(),
  email: z.string().nullable(),
  /** Whether a payment (withdrawal) password is set. */
  paymentPasswordSet: z.boolean(),
  totpBound: z.boolean(),
});
export type SecuritySummary = z.infer<typeof securitySummarySchema>;

const currentPassword = z.string().min(1).max(128);
const dialingCode = z.string().regex(/^\d{1,4}$/);
const mobileNum = z.string().regex(/^\d{4,15}$/);
const emailAddress = z.string().trim().max(254).pipe(z.email());
const code = z.string().regex(/^\d{6}$/);

export const mobileCodePayloadSchema = z.object({
  password: currentPassword,
  countryDialingCode: dialingCode,
  mobileNum,
});
export type MobileCodePayload = z.infer<typeof mobileCodePayloadSchema>;
export const mobileCodeBodySchema = encBodyOf(mobileCodePayloadSchema, 'MobileCodePayload');

export const changeMobilePayloadSchema = mobileCodePayloadSchema.extend({
  verificationCode: code,
});
export type ChangeMobilePayload = z.infer<typeof changeMobilePayloadSchema>;
export const changeMobileBodySchema = encBodyOf(changeMobilePayloadSchema, 'ChangeMobilePayload');

export const emailCodePayloadSchema = z.object({ password: currentPassword, email: emailAddress });
export type EmailCodePayload = z.infer<typeof emailCodePayloadSchema>;
export const emailCodeBodySchema = encBodyOf(emailCodePayloadSchema, 'EmailCodePayload');

export const changeEmailPayloadSchema = emailCodePayloadSchema.extend({ verificationCode: code });
export type ChangeEmailPayload = z.infer<typeof changeEmailPayloadSchema>;
export const changeEmailBodySchema = encBodyOf(changeEmailPayloadSchema, 'ChangeEmailPayload');

/** A code sent: the minutes it is valid (the send button counts them down). */
export const contactCodeResultSchema = z.object({ expiredMinutes: z.number().int().positive() });

/** After a change: the member's contact details as now stored. */
export const contactChangeResultSchema = z.object({
  countryDialingCode: z.string().nullable(),
  mobileNum: z.string().nullable(),
  email: z.string().nullable(),
});
export type ContactChangeResult = z.infer<typeof contactChangeResultSchema>;
