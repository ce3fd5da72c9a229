import { z } from 'zod';

/**
 * Stable error codes the server puts in `code`; the app chooses texts and flows by them.
 * Later areas add their own codes here so the list stays the single catalogue.
 */
export const errorCodes = [
  'bad_request',
  'not_found',
  'not_logged_in',
  'need_true_account',
  'error_not_agent',
  'member_no_enter',
  'captcha_required',
  'captcha_too_fast',
  'too_many_requests',
  'ops_unauthorized',
  'system_maintenance',
  'region_restricted',
  'system_error',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** Every JSON reply: `{ success, value?, message?, code? }`. */
export const envelopeOf = <T extends z.ZodType>(value: T) =>
  z.object({
    success: z.boolean(),
    value: value.optional(),
    message: z.string().optional(),
    code: z.string().optional(),
  });

export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
});

export type Envelope<T> = {
  success: boolean;
  value?: T;
  message?: string;
  code?: string;
};
