import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { members, sessions } from '../../platform/members/members.schema.ts';

export type { SessionRow } from '../../platform/http/auth.ts';

export async function insertSession(tx: Db, values: typeof sessions.$inferInsert) {
  const [row] = await tx.insert(sessions).values(values).returning();
  if (!row) throw new Error('session not stored');
  return row;
}

/** The unrevoked session with this token hash and its member; expiry is the caller's rule. */
export async function findOpenSession(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, member: members })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  return row;
}

export async function touchSession(db: Db, sessionId: number, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function clearMustChangePassword(tx: Db, sessionId: number) {
  await tx.update(sessions).set({ mustChangePassword: false }).where(eq(sessions.id, sessionId));
}
