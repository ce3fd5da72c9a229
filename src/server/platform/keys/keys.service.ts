import { randomUUID } from 'node:crypto';
import { compactDecrypt, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { publicKeySchema } from '../../../contract/system.ts';
import { findKey, insertKeyIfMissing, type KeyRow } from './keys.repository.ts';

const KEY_NAME = 'jwe';
const ALG = 'RSA-OAEP-256';

/**
 * The server's RSA key pair for 'enc' payloads (RSA-OAEP-256 + A256GCM). Made once, stored in the
 * database, so every node publishes and decrypts with the same key.
 */
export function createKeyService(deps: { db: Db }) {
  let cached: KeyRow | undefined;

  async function load(): Promise<KeyRow> {
    if (cached) return cached;
    let row = await findKey(deps.db, KEY_NAME);
    if (!row) {
      const { publicKey, privateKey } = await generateKeyPair(ALG, {
        modulusLength: 2048,
        extractable: true,
      });
      const kid = randomUUID();
      await insertKeyIfMissing(deps.db, {
        name: KEY_NAME,
        kid,
        publicJwk: await exportJWK(publicKey),
        privateJwk: await exportJWK(privateKey),
      });
      // Another node may have won the insert; everyone uses the stored key.
      row = await findKey(deps.db, KEY_NAME);
      if (!row) throw new Error('server key was not stored');
    }
    cached = row;
    return row;
  }

  return {
    /** Makes sure the key exists; call once at start. */
    ensure: async () => void (await load()),

    async publicJwk(): Promise<z.infer<typeof publicKeySchema>> {
      const row = await load();
      const { n, e } = row.publicJwk;
      if (!n || !e) throw new Error('stored public key is not RSA');
      return { kty: 'RSA', n, e, alg: ALG, use: 'enc', kid: row.kid };
    },

    /** Decrypts a JWE compact string made with the published key; returns the parsed JSON. */
    async decrypt(jwe: string): Promise<unknown> {
      return decryptWithJwk((await load()).privateJwk, jwe);
    },
  };
}

export type KeyService = ReturnType<typeof createKeyService>;

/**
 * Decrypts a JWE compact payload with a private JWK.
 *
 * @example
 * const payload = await decryptWithJwk(privateJwk, request.body.enc);
 */
export async function decryptWithJwk(privateJwk: JWK, jwe: string): Promise<unknown> {
  const key = await importJWK(privateJwk, ALG);
  const { plaintext } = await compactDecrypt(jwe, key, {
    keyManagementAlgorithms: [ALG],
    contentEncryptionAlgorithms: ['A256GCM'],
  });
  return JSON.parse(new TextDecoder().decode(plaintext));
}
