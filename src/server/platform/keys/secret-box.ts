import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** One AES-256 key with the id stored next to every ciphertext it made. */
export type SecretKey = { id: string; key: Buffer };

/** What `open` found: the plain text, and whether it should be sealed again (rotation). */
export type Opened = { plain: string; stale: boolean };

const version = 'v1';

/**
 * Encryption at rest of small secrets (authenticator secrets): AES-256-GCM with a random 96-bit
 * IV, stored as `v1.<key id>.<iv>.<ciphertext+tag>` (base64url). The first key seals; every
 * key opens, so keys rotate: put the new key first, keep the old ones until every row has been
 * sealed again (on use, and by the start-up pass). A value without the prefix is a clear text
 * stored before encryption: it opens as itself, stale.
 *
 * @example
 * const box = createSecretBox([{ id: 'k1', key: randomBytes(32) }]);
 * box.open(box.seal('JBSWY3DPEHPK3PXP')).plain; // 'JBSWY3DPEHPK3PXP'
 */
export function createSecretBox(keys: readonly SecretKey[]) {
  const [current] = keys;
  if (!current) throw new Error('the secret box needs at least one key');
  for (const { id, key } of keys) {
    if (key.length !== 32) throw new Error(`secret key ${id} must be 32 bytes`);
  }
  const byId = new Map(keys.map((entry) => [entry.id, entry.key]));

  return {
    /** The id of the key that seals. */
    currentKeyId: current.id,

    /** Whether a stored value is sealed with the current key (nothing to do). */
    isCurrent: (stored: string) => stored.startsWith(`${version}.${current.id}.`),

    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(Buffer.from(`${version}.${current.id}`));
      const body = Buffer.concat([
        cipher.update(plain, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return [version, current.id, iv.toString('base64url'), body.toString('base64url')].join('.');
    },

    /** Throws when the key is unknown or the value was altered. */
    open(stored: string): Opened {
      const parts = stored.split('.');
      if (parts[0] !== version || parts.length !== 4) return { plain: stored, stale: true };
      const [, id = '', iv = '', body = ''] = parts;
      const key = byId.get(id);
      if (!key) throw new Error(`no key "${id}" to open a stored secret (TOTP_ENCRYPTION_KEYS)`);
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(`${version}.${id}`));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      const plain = Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - 16)),
        decipher.final(),
      ]).toString('utf8');
      return { plain, stale: id !== current.id };
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

/**
 * The development key when TOTP_ENCRYPTION_KEYS is not set (never in production: the
 * configuration refuses that): 32 random bytes made at the first start and kept in
 * DATA_DIR/dev-secret.key (mode 0600), so the secrets stay readable across restarts.
 */
export async function developmentSecretKey(path: string): Promise<SecretKey> {
  try {
    const text = (await readFile(path, 'utf8')).trim();
    const key = Buffer.from(text, 'base64url');
    if (key.length === 32) return { id: 'dev', key };
  } catch {
    // Not there yet: made below.
  }
  const key = randomBytes(32);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'w' });
  await chmod(path, 0o600);
  return { id: 'dev', key };
}
