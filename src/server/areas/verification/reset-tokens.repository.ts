import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { passwordResetTokens } from './verification.schema.ts';

export async function insertResetToken(
  tx: Db,
  token: { tokenHash: string; memberId: number; createdAt: Date; expiresAt: Date },
) {
  await tx.insert(passwordResetTokens).values(token);
}

/** Marks the member's unused reset tokens used, so only the newest link works. */
export async function consumeResetTokensOf(tx: Db, memberId: number, now: Date) {
  await tx
    .update(passwordResetTokens)
    .set({ consumedAt: now })
    .where(and(eq(passwordResetTokens.memberId, memberId), isNull(passwordResetTokens.consumedAt)));
}

/** Uses up a live token in one statement (two requests cannot both succeed). */
export async function consumeResetToken(tx: Db, tokenHash: string, now: Date) {
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.consumedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ memberId: passwordResetTokens.memberId });
  return row?.memberId;
}
