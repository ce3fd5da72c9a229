import { z } from 'zod';
import { envelopeOf, failureEnvelopeSchema } from '../../../contract/envelope.ts';

/** The failure envelope on every 4xx and 5xx a route answers (bad input, auth, limits...). */
const failures = { '4xx': failureEnvelopeSchema, '5xx': failureEnvelopeSchema } as const;

/** Response schemas of a route: the envelope with `value` on 200, the failure envelope else. */
export function replies<T extends z.core.$ZodType>(value: T) {
  return { 200: envelopeOf(value), ...failures } as const;
}

/**
 * A reply whose body is not JSON (an image, a page), documented by its media types:
 * `{ description, content }`, the shape fastify-type-provider-zod passes to the document.
 */
export function bodyOf(description: string, mediaTypes: readonly string[]) {
  const schema = z
    .custom<string | Buffer>((value) => typeof value === 'string' || Buffer.isBuffer(value))
    .meta({ type: 'string', format: 'binary' });
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])),
  };
}

/**
 * A 200 that is the JSON envelope with `value`, or a body of the given media types (a page of
 * the same data for a person), as the request asks.
 */
export function envelopeOrBodyOf<T extends z.core.$ZodType>(
  value: T,
  description: string,
  mediaTypes: readonly string[],
) {
  const { content } = bodyOf(description, mediaTypes);
  return {
    description,
    content: { 'application/json': { schema: envelopeOf(value) }, ...content },
  };
}

/** A reply without a body (a redirect, 304 Not Modified): its status and what it means. */
export const noBody = (description: string) => z.undefined().describe(description);

/**
 * Response schemas of a route that answers more than the JSON envelope (images, pages,
 * redirects, 304): every such status with its own schema (`bodyOf`, `noBody`, a zod schema),
 * and the failure envelope on the other 4xx and 5xx, so the document lists every status the
 * route answers (tests/server/fuzz.test.ts holds each reply to it).
 */
export function rawReplies<T extends Record<number, unknown>>(statuses: T) {
  return { ...statuses, ...failures } as const;
}

export const ok = <T>(value: T) => ({ success: true as const, value });
