import { z } from 'zod';

/**
 * Human verification (altcha proof of work) before username login, registration and SMS sends.
 * The app fetches a challenge, finds the counter whose derived key starts with `keyPrefix`, and
 * sends `humanVerification`: base64 of the JSON `{ challenge, solution }` (the altcha payload).
 */
export const humanVerificationPaths = {
  challenge: '/wps/system/humanVerification',
} as const;

/** A signed altcha (v2) challenge; every parameter is covered by `signature`. */
export const humanVerificationChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string().max(32),
    nonce: z.string().max(128),
    salt: z.string().max(128),
    cost: z.number().int().positive(),
    keyLength: z.number().int().positive(),
    keyPrefix: z.string().max(128),
    keySignature: z.string().max(256).optional(),
    memoryCost: z.number().int().positive().optional(),
    parallelism: z.number().int().positive().optional(),
    /** Seconds since the epoch. */
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().max(256).optional(),
});
export type HumanVerificationChallenge = z.infer<typeof humanVerificationChallengeSchema>;

export const humanVerificationSolutionSchema = z.object({
  counter: z.number().int().nonnegative(),
  derivedKey: z.string().max(256),
  time: z.number().optional(),
});

/** The decoded answer (`humanVerification` is base64 of this JSON). */
export const humanVerificationAnswerSchema = z
  .object({
    challenge: humanVerificationChallengeSchema,
    solution: humanVerificationSolutionSchema,
  })
  // A component of the OpenAPI document, which the humanVerification fields point to.
  .meta({ id: 'HumanVerificationAnswer' });

/** The challenge call: `challenge` is null when the site has human verification off. */
export const humanVerificationReplySchema = z.object({
  enabled: z.boolean(),
  challenge: humanVerificationChallengeSchema.nullable(),
});
export type HumanVerificationReply = z.infer<typeof humanVerificationReplySchema>;
