import { z } from 'zod';
import { dbIdParamSchema } from './primitives.ts';
import { drawStates } from './lottery-states.ts';

/**
 * The operator's lottery calls (paths in `lotteryOpsPaths`, src/contract/lottery.ts): a result
 * entered by one operator and confirmed (or rejected) by another, and a draw called off.
 */

/** A result as entered: the layout's numbers in order, special prize first (27 or 18). */
export const resultEntryBodySchema = z.object({
  numbers: z
    .array(z.string().regex(/^\d{1,6}$/))
    .min(1)
    .max(27),
  /** Required for a correction (the draw has a result already). */
  reason: z.string().trim().min(3).max(500).optional(),
});
export type ResultEntryBody = z.infer<typeof resultEntryBodySchema>;

export const resultEntryParamsSchema = z.object({ id: dbIdParamSchema });

export const resultDecisionBodySchema = z.object({ decision: z.enum(['confirm', 'reject']) });
export type ResultDecisionBody = z.infer<typeof resultDecisionBodySchema>;

export const resultEntrySchema = z.object({
  id: z.number().int(),
  gameId: z.string(),
  numero: z.string(),
  numbers: z.array(z.string()),
  reason: z.string().nullable(),
  enteredBy: z.string(),
  status: z.enum(['pending', 'confirmed', 'rejected']),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The result revision the confirmation made (null until confirmed). */
  revision: z.number().int().nullable(),
});
export type ResultEntry = z.infer<typeof resultEntrySchema>;

export const cancelDrawBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });
export const cancelDrawReplySchema = z.object({
  gameId: z.string(),
  numero: z.string(),
  state: z.enum(drawStates),
  /** How many bets the cancel refunded. */
  refunded: z.number().int().min(0),
});
export type CancelDrawReply = z.infer<typeof cancelDrawReplySchema>;
