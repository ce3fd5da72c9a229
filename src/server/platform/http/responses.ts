import type { z } from 'zod';
import { envelopeOf, failureEnvelopeSchema } from '../../../contract/envelope.ts';

/** Response schemas of a route: the envelope with `value` on 200, the failure envelope else. */
export function replies<T extends z.core.$ZodType>(value: T) {
  return {
    200: envelopeOf(value),
    '4xx': failureEnvelopeSchema,
    '5xx': failureEnvelopeSchema,
  } as const;
}

export const ok = <T>(value: T) => ({ success: true as const, value });
