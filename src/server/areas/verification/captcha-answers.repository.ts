import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { captchaChallenges } from './captcha.schema.ts';

/**
 * Uses up the client's captcha when the answer hash matches and it is younger than `notBefore`:
 * one statement, so an answer works once, on one node. Returns whether it matched.
 */
export async function consumeCaptchaAnswer(
  db: Db,
  clientId: string,
  answerHash: string,
  notBefore: Date,
): Promise<boolean> {
  const rows = await db
    .delete(captchaChallenges)
    .where(
      and(
        eq(captchaChallenges.clientId, clientId),
        eq(captchaChallenges.answerHash, answerHash),
        gt(captchaChallenges.createdAt, notBefore),
      ),
    )
    .returning({ clientId: captchaChallenges.clientId });
  return rows.length > 0;
}

/** Any wrong answer also spends the challenge, so it cannot be guessed at. */
export async function dropCaptcha(db: Db, clientId: string): Promise<void> {
  await db.delete(captchaChallenges).where(eq(captchaChallenges.clientId, clientId));
}

/** The client's current captcha answer hash, removed as it is read (one use per image). */
export async function takeCaptchaAnswer(tx: Db, clientId: string): Promise<string | undefined> {
  const [row] = await tx
    .delete(captchaChallenges)
    .where(eq(captchaChallenges.clientId, clientId))
    .returning({ answerHash: captchaChallenges.answerHash });
  return row?.answerHash;
}
