import type { z } from 'zod';
import { publicKeySchema, systemPaths } from '../contract/system.ts';
import type { HttpClient } from './http-client.ts';

type PublicJwk = z.infer<typeof publicKeySchema>;

/**
 * Encrypts 'enc' payloads (ARCHITECTURE: server contract) as JWE compact strings with
 * RSA-OAEP-256 + A256GCM to the server's key, read once from /wps/system/publicKey. A failed key
 * read is not kept, so the next call tries again. jose is imported with the first payload sealed
 * (a login, a registration), not with the first page.
 *
 * @example
 * const enc = createEncryptor(http);
 * await http.post(identityPaths.login, loginResultSchema, { body: { enc: await enc.seal(payload) } });
 */
export function createEncryptor(http: Pick<HttpClient, 'get'>) {
  let key: Promise<{ jwk: PublicJwk; key: CryptoKey | Uint8Array }> | null = null;

  function publicKey() {
    key ??= http
      .get(systemPaths.publicKey, publicKeySchema)
      .then(async (jwk) => ({ jwk, key: await (await import('jose')).importJWK(jwk, jwk.alg) }))
      .catch((error: unknown) => {
        key = null;
        throw error;
      });
    return key;
  }

  return {
    /** The JSON of `payload`, encrypted to the server's key. */
    async seal(payload: unknown): Promise<string> {
      const { jwk, key: publicKeyValue } = await publicKey();
      const { CompactEncrypt } = await import('jose');
      return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
        .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: jwk.kid })
        .encrypt(publicKeyValue);
    },
  };
}

export type Encryptor = ReturnType<typeof createEncryptor>;
