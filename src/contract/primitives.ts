import { z } from 'zod';

/**
 * The shared primitives every schema of the contract builds on where a value reaches a database
 * column: a value the column cannot hold is refused by the schema (400), never by the database
 * (500).
 */

/** The largest value of a PostgreSQL `integer` (serial ids, counts, sort orders). */
export const int32Max = 2_147_483_647;

/** A PostgreSQL `integer`, in a JSON body. */
export const int32Schema = z
  .number()
  .int()
  .min(-int32Max - 1)
  .max(int32Max);

/** A row id of a `serial`/`integer` column, in a JSON body: 1 to 2^31-1. */
export const dbIdSchema = z.number().int().min(1).max(int32Max);

/** A row id of a `serial`/`integer` column, in a path or query string: 1 to 2^31-1. */
export const dbIdParamSchema = z.coerce.number().int().min(1).max(int32Max);

/** A row id of a `bigserial` column, in a path or query string (JSON numbers stay exact). */
export const dbBigIdParamSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * True when PostgreSQL text can store the string as sent: no NUL character (text and jsonb
 * refuse it) and well-formed UTF-16 (a lone surrogate has no UTF-8 form; it would be stored as
 * U+FFFD, silently changing what the user sent).
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/**
 * The path (`username`, `items.2.title`) of the first string, or object key, in a parsed JSON
 * value that PostgreSQL text cannot store; null when there is none.
 *
 * @example
 * unstorableTextPath({ to: 'a\u0000' }); // 'to'
 */
export function unstorableTextPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.');
  if (value === null || typeof value !== 'object' || path.length > 64) return null;
  // Raw bodies (Buffers) are bytes, not text: the route that parses them checks what it parses.
  if (ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key))
      return [...path, key.toWellFormed().replaceAll('\u0000', '\\0')].join('.');
    const found = unstorableTextPath(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** A length, count or limit stored in an `integer` column: 0 to 2^31-1. */
export const countSchema = z.number().int().min(0).max(int32Max);

/** A row id of a `bigserial` column, in a JSON body. */
export const dbBigIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * A whole number written in ASCII digits (integer minor units, a target), at most `maxDigits`
 * long, optionally above zero and at most `max`. The pattern aborts the chain: zod 4 runs the
 * checks that follow a failed one, and `BigInt` of a string the pattern refused ('୨', '1e3',
 * '0x1f') throws, which would answer 500 instead of 400. Object refinements over such a field
 * are skipped too when it fails, so they may read it with `BigInt` as well.
 *
 * @example
 * const rewardSchema = digitsSchema({ maxDigits: 15, positive: true, message: 'an integer' });
 * rewardSchema.safeParse('\u0b68').success; // false, no throw
 */
export function digitsSchema(options: {
  maxDigits: number;
  /** The message when the text is not such a number. */
  message: string;
  /** Zero (0, 00...) is refused. */
  positive?: boolean;
  /** The largest value taken. */
  max?: bigint;
}) {
  const { maxDigits, message, positive = false, max } = options;
  let schema = z
    .string()
    .regex(new RegExp(`^\\d{1,${maxDigits}}$`), { error: message, abort: true });
  if (positive) schema = schema.refine((text) => !/^0+$/.test(text), 'not zero');
  if (max !== undefined) schema = schema.refine((text) => BigInt(text) <= max, 'too large');
  return schema;
}
