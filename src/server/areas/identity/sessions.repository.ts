import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { members, sessions } from '../../platform/members/members.schema.ts';
import { memberTotp } from './second-factor.schema.ts';
import { vipLevelOf } from '../engagement/engagement.port.ts';

export type { SessionRow } from '../../platform/http/auth.ts';

export async function insertSession(tx: Db, values: typeof sessions.$inferInsert) {
  const [row] = await tx.insert(sessions).values(values).returning();
  if (!row) throw new Error('session not stored');
  return row;
}

/** What the guard reads of a session: its id, member, ends and the forced password change. */
export const guardSessionColumns = {
  id: sessions.id,
  memberId: sessions.memberId,
  expiresAt: sessions.expiresAt,
  lastSeenAt: sessions.lastSeenAt,
  mustChangePassword: sessions.mustChangePassword,
};

/**
 * The session lookup of every member call, built once (its SQL text is not made again per
 * call; on PostgreSQL a named prepared statement): the unrevoked session with a token hash,
 * the guard's columns of it, its member, whether the member has a bound authenticator and the
 * member's VIP level (the engagement port's subquery), so the member info answers without a
 * second query. Expiry is the caller's rule.
 *
 * @example
 * const lookup = prepareSessionLookup(db);
 * const [found] = await lookup.execute({ tokenHash: hashToken(token) });
 */
export function prepareSessionLookup(db: Db) {
  return db
    .select({
      session: guardSessionColumns,
      member: members,
      totpBound: sql<boolean>`exists (select 1 from ${memberTotp} where ${and(
        eq(memberTotp.memberId, sessions.memberId),
        isNotNull(memberTotp.confirmedAt),
      )})`.mapWith(Boolean),
      vipLevel: vipLevelOf(sessions.memberId),
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .prepare('session_lookup');
}

export async function touchSession(db: Db, sessionId: number, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function clearMustChangePassword(tx: Db, sessionId: number) {
  await tx.update(sessions).set({ mustChangePassword: false }).where(eq(sessions.id, sessionId));
}
