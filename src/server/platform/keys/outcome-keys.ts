import { createHmac, randomBytes } from 'node:crypto';
import type { SecretKey } from './secret-box.ts';

/**
 * The keys that make the secrets deciding outcomes (lottery draw seeds, the built-in games'
 * server seeds): a secret seed is never stored; it is HMAC-SHA256 under a key from the
 * configuration (OUTCOME_KEYS) of what the row does store (its purpose, its id, a random salt),
 * and the row keeps only the id of the key and the seed's hash (the commitment) until the
 * seed is revealed. So a copy of the database (a backup, a replica, a reporting login, an
 * injection) knows no seed not yet revealed.
 *
 * The first key makes new seeds; every key listed re-derives the seeds committed under it, so
 * keys rotate: put the new key first and keep the old one while seeds committed under it are
 * still to be revealed (the start-up passes commit what is not yet in use again under the
 * first key; a start refuses to go on without a key still needed).
 *
 * @example
 * const keys = createOutcomeKeys([{ id: 'k1', key: randomBytes(32) }]);
 * const salt = newSalt();
 * const seed = keys.derive(keys.currentKeyId, ['lottery-draw-seed', 'VN_FAST_1', '2026...', salt]);
 */
export function createOutcomeKeys(keys: readonly SecretKey[]) {
  const [current] = keys;
  if (!current) throw new Error('the outcome keys need at least one key');
  for (const { id, key } of keys) {
    if (key.length !== 32) throw new Error(`outcome key ${id} must be 32 bytes`);
  }
  const byId = new Map(keys.map((entry) => [entry.id, entry.key]));

  return {
    /** The id of the key that makes new seeds. */
    currentKeyId: current.id,

    /** Whether a key id is configured. */
    has: (keyId: string) => byId.has(keyId),

    /**
     * The 32-byte secret (lowercase hex) under key `keyId` for these parts (the first names its
     * purpose, so no two uses share a value); null when the key is not configured.
     */
    derive(keyId: string, parts: readonly string[]): string | null {
      const key = byId.get(keyId);
      if (!key) return null;
      return createHmac('sha256', key).update(JSON.stringify(parts)).digest('hex');
    },
  };
}

export type OutcomeKeys = ReturnType<typeof createOutcomeKeys>;

/** A fresh salt of a seed (stored beside its key id; useless without the key). */
export const newSalt = () => randomBytes(16).toString('hex');

/**
 * The development outcome key when OUTCOME_KEYS is not set (never in production: the
 * configuration refuses that): made from the development secret key in DATA_DIR/dev-secret.key
 * for this use only, so it is not the key that seals the authenticator secrets.
 */
export function developmentOutcomeKey(secret: SecretKey): SecretKey {
  return {
    id: secret.id,
    key: createHmac('sha256', secret.key).update('outcome-keys:v1').digest(),
  };
}
