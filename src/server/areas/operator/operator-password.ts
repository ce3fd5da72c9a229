import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const params = { N: 16_384, r: 8, p: 1, keyLength: 32 } as const;

function derive(secret: string, salt: Buffer, options: ScryptOptions & { keyLength: number }) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(secret, salt, options.keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * scrypt from node:crypto: no native addon to build. Format `scrypt$N$r$p$salt$hash` (base64url).
 *
 * @example
 * const stored = await hashPassword('s3cret'); await verifyPassword('s3cret', stored); // true
 */
export async function hashPassword(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(secret, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keyLength: expected.length,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing, to spend the same time on unknown usernames. */
export const unknownUserHash =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
