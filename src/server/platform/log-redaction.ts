import { stdSerializers } from 'pino';

/** Anything shaped like an e-mail address (local part, @, a dotted domain). */
const emailPattern = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** Replaces every e-mail address in a text by a marker (the domain is kept: it says little). */
export function redactEmails(text: string): string {
  return text.replace(emailPattern, (address) => `[email]@${address.split('@')[1] ?? ''}`);
}

const maxDepth = 6;

/** A copy of a log object with e-mail addresses redacted in every string, however deep. */
export function redactLogObject(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactEmails(value);
  if (depth >= maxDepth || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactLogObject(item, depth + 1));
  // Only plain objects are copied: errors, requests and replies go to their serializers
  // (errorSerializer redacts errors itself).
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = redactLogObject(item, depth + 1);
  return copy;
}

/**
 * pino's error serializer without what a failed query carries: the bound parameters (what a
 * player typed: e-mail addresses, names) are dropped, and addresses in the message and stack
 * are redacted.
 */
export function errorSerializer(error: Error): SerializedError {
  const serialized = stdSerializers.err(error) as unknown as Record<string, unknown>;
  const { params: _params, query: _query, ...rest } = serialized;
  return redactLogObject(rest) as SerializedError;
}

export type SerializedError = {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
};
