import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id cost of member passwords (OWASP's first choice: 19 MiB, 2 passes, 1 lane). The bench
 * reports login throughput with these figures. Operator passwords keep scrypt (password.ts).
 */
export const ARGON2_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Password age after which a login must change it, when the PWDEXPIRY module is on. */
export const PASSWORD_MAX_AGE_DAYS = 90;

/**
 * An argon2id PHC string (`$argon2id$v=19$m=...`).
 *
 * @example
 * const stored = await hashMemberPassword('s3cret'); await verifyMemberPassword('s3cret', stored); // true
 */
export function hashMemberPassword(secret: string): Promise<string> {
  return hash(secret, ARGON2_COST);
}

/** Constant-time check; a missing or unreadable hash is a mismatch, never a throw. */
export async function verifyMemberPassword(
  secret: string,
  stored: string | null,
): Promise<boolean> {
  if (!stored?.startsWith('$argon2')) {
    // Spend the same time as a real check so unknown usernames are not told apart.
    await verify(unknownMemberHash, secret).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, secret);
  } catch {
    return false;
  }
}

/** A valid hash nobody knows the secret of, for unknown usernames. */
const unknownMemberHash =
  '$argon2id$v=19$m=19456,t=2,p=1$KCmjlUwpTaTCrKdE6N4Yxg$pKrnoRe0uEd63hQcscbxiCx3z/rjS1CTs5JXQK9lWeA';
