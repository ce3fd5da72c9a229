import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { members, sessions } from '../schema/members.schema.ts';
import type { Language } from '../../../contract/constants.ts';

export type MemberRow = typeof members.$inferSelect;

/** The member of a live session (not revoked, not expired) with this token hash. */
export async function findMemberBySession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ member: members })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  return row?.member;
}

export async function setMemberLanguage(tx: Db, memberId: number, language: Language) {
  const [row] = await tx
    .update(members)
    .set({ language })
    .where(eq(members.id, memberId))
    .returning();
  return row;
}

export async function findMemberForUpdate(tx: Db, memberId: number) {
  const [row] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
  return row;
}
