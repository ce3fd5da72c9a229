import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { loginChallenges, memberTotp } from './second-factor.schema.ts';

export type LoginChallengeRow = typeof loginChallenges.$inferSelect;
export type MemberTotpRow = typeof memberTotp.$inferSelect;

export async function insertChallenge(
  tx: Db,
  values: Omit<typeof loginChallenges.$inferInsert, 'id'>,
): Promise<LoginChallengeRow> {
  const [row] = await tx.insert(loginChallenges).values(values).returning();
  if (!row) throw new Error('login challenge was not stored');
  return row;
}

/** A challenge that is neither used nor expired. */
export async function findLiveChallenge(db: Db, idHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.idHash, idHash),
        isNull(loginChallenges.consumedAt),
        gt(loginChallenges.expiresAt, now),
      ),
    );
  return row;
}

/** Counts one wrong code in one statement; returns the count after it. */
export async function countChallengeFailure(tx: Db, id: number): Promise<number> {
  const [row] = await tx
    .update(loginChallenges)
    .set({ failedChecks: sql`${loginChallenges.failedChecks} + 1` })
    .where(eq(loginChallenges.id, id))
    .returning({ failedChecks: loginChallenges.failedChecks });
  return row?.failedChecks ?? Number.MAX_SAFE_INTEGER;
}

/** Uses the challenge up in one statement; false when another request already did. */
export async function consumeChallenge(tx: Db, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(loginChallenges)
    .set({ consumedAt: now })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.consumedAt)))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

/** Drops the member's challenges that can no longer be passed (used or expired). */
export async function deleteDeadChallenges(tx: Db, memberId: number, now: Date) {
  await tx
    .delete(loginChallenges)
    .where(
      and(
        eq(loginChallenges.memberId, memberId),
        or(isNotNull(loginChallenges.consumedAt), lt(loginChallenges.expiresAt, now)),
      ),
    );
}

export async function findTotp(db: Db, memberId: number) {
  const [row] = await db.select().from(memberTotp).where(eq(memberTotp.memberId, memberId));
  return row;
}

/** A new pending secret; replaces an earlier pending one, never a confirmed one. */
export async function upsertPendingTotp(
  tx: Db,
  values: { memberId: number; secret: string; createdAt: Date },
) {
  const [row] = await tx
    .insert(memberTotp)
    .values({ ...values, confirmedAt: null, lastUsedStep: null })
    .onConflictDoUpdate({
      target: memberTotp.memberId,
      set: { secret: values.secret, createdAt: values.createdAt, lastUsedStep: null },
      setWhere: isNull(memberTotp.confirmedAt),
    })
    .returning();
  return row;
}

export async function updateTotp(
  tx: Db,
  memberId: number,
  patch: Partial<Pick<MemberTotpRow, 'confirmedAt' | 'lastUsedStep' | 'secret'>>,
) {
  await tx.update(memberTotp).set(patch).where(eq(memberTotp.memberId, memberId));
}

/**
 * Records `step` as used when it is newer than the last used one, in one statement, so two
 * requests with the same code cannot both pass. False when the step was already used.
 */
export async function spendTotpStep(tx: Db, memberId: number, step: number): Promise<boolean> {
  const rows = await tx
    .update(memberTotp)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(memberTotp.memberId, memberId),
        or(isNull(memberTotp.lastUsedStep), sql`${memberTotp.lastUsedStep} < ${step}`),
      ),
    )
    .returning({ memberId: memberTotp.memberId });
  return rows.length > 0;
}

export async function deleteTotp(tx: Db, memberId: number) {
  await tx.delete(memberTotp).where(eq(memberTotp.memberId, memberId));
}

/** Every stored authenticator secret (the start-up pass seals them with the current key). */
export function allTotpSecrets(db: Db) {
  return db.select({ memberId: memberTotp.memberId, secret: memberTotp.secret }).from(memberTotp);
}
