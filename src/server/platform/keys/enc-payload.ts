import type { z } from 'zod';
import { refuseUnstorableText } from '../http/text-guard.ts';
import { AppError } from '../errors.ts';
import type { KeyService } from './keys.service.ts';

/** The field a zod issue names (`password`, `profile.email`), or `enc` for the whole payload. */
function fieldOf(error: z.ZodError): string {
  const path = error.issues[0]?.path.map(String).join('.');
  return path || 'enc';
}

/**
 * Opens `{ enc }` bodies: decrypts the JWE compact string with the server key (RSA-OAEP-256 +
 * A256GCM) and validates the JSON with the route's payload schema. A JWE we cannot read is 400
 * enc_invalid; readable JSON that breaks the schema is 400 bad_request naming the field.
 *
 * @example
 * const payload = await enc.open(loginPayloadSchema, request.body.enc);
 */
export function createEncService(deps: { keys: Pick<KeyService, 'decrypt'> }) {
  return {
    async open<T extends z.ZodType>(schema: T, jwe: string): Promise<z.infer<T>> {
      let json: unknown;
      try {
        json = await deps.keys.decrypt(jwe);
      } catch {
        throw new AppError(400, 'enc_invalid');
      }
      // The same text check as the boundary's, on the decrypted payload.
      refuseUnstorableText(json, 'enc');
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        throw new AppError(400, 'bad_request', 'bad_field', { field: fieldOf(parsed.error) });
      }
      return parsed.data;
    },
  };
}

export type EncService = ReturnType<typeof createEncService>;
