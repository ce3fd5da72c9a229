import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { captchaChallenges } from './captcha.schema.ts';

/**
 * Stores a new challenge for the client unless its last one is younger than `minAgeMs`.
 * One statement, so two nodes cannot both pass the limit. Returns false when too soon.
 */
export async function replaceChallengeIfOlder(
  db: Db,
  clientId: string,
  answerHash: string,
  now: Date,
  minAgeMs: number,
): Promise<boolean> {
  const threshold = new Date(now.getTime() - minAgeMs);
  const rows = await db
    .insert(captchaChallenges)
    .values({ clientId, answerHash, createdAt: now })
    .onConflictDoUpdate({
      target: captchaChallenges.clientId,
      set: { answerHash, createdAt: now },
      setWhere: sql`${captchaChallenges.createdAt} <= ${threshold.toISOString()}::timestamptz`,
    })
    .returning({ clientId: captchaChallenges.clientId });
  return rows.length > 0;
}
