import { lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { humanVerificationUsed } from './human-verification.schema.ts';

/**
 * Records a challenge as answered; false when it already was. One statement, so two nodes
 * given the same answer at once cannot both accept it.
 */
export async function markUsed(db: Db, nonce: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(humanVerificationUsed)
    .values({ nonce, expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: humanVerificationUsed.nonce });
  return rows.length > 0;
}

/** Forgets answered challenges that have expired (their answers fail on expiry anyway). */
export async function deleteExpiredUsed(db: Db, now: Date): Promise<void> {
  await db.delete(humanVerificationUsed).where(lt(humanVerificationUsed.expiresAt, now));
}
