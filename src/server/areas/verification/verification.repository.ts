import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  passwordResetTokens,
  verificationCodes,
  verificationLocks,
  verificationSecrets,
  verificationSends,
  type VerificationPurpose,
} from './verification.schema.ts';
import { members, sessions } from '../../platform/members/members.schema.ts';
import { captchaChallenges } from './captcha.schema.ts';
import { countries } from '../system/system.port.ts';

export type CodeRow = typeof verificationCodes.$inferSelect;

/**
 * Serializes work on one key (a target or an IP) across connections and nodes until the
 * transaction ends. `space` keeps targets and IPs apart.
 */
export async function lockKey(tx: Db, space: number, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${space}::int, hashtext(${key}))`);
}

export async function findSecret(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ secret: verificationSecrets.secret })
    .from(verificationSecrets)
    .where(eq(verificationSecrets.name, name));
  return row?.secret;
}

export async function insertSecretIfMissing(db: Db, name: string, secret: string) {
  await db.insert(verificationSecrets).values({ name, secret }).onConflictDoNothing();
}

export async function findLock(db: Db, target: string, now: Date) {
  const [row] = await db
    .select()
    .from(verificationLocks)
    .where(and(eq(verificationLocks.target, target), gt(verificationLocks.lockedUntil, now)));
  return row;
}

export async function upsertLock(tx: Db, target: string, lockedUntil: Date) {
  await tx
    .insert(verificationLocks)
    .values({ target, lockedUntil })
    .onConflictDoUpdate({ target: verificationLocks.target, set: { lockedUntil } });
}

export async function lastSendAt(db: Db, target: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: verificationSends.at })
    .from(verificationSends)
    .where(eq(verificationSends.target, target))
    .orderBy(desc(verificationSends.at))
    .limit(1);
  return row?.at;
}

export async function countSendsSince(
  db: Db,
  by: { target: string } | { ip: string },
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(verificationSends)
    .where(
      and(
        'target' in by ? eq(verificationSends.target, by.target) : eq(verificationSends.ip, by.ip),
        gt(verificationSends.at, since),
      ),
    );
  return row?.n ?? 0;
}

export async function insertSend(
  tx: Db,
  send: { channel: 'sms' | 'email'; target: string; ip: string; at: Date },
) {
  await tx.insert(verificationSends).values(send);
}

const live = (target: string, purpose: VerificationPurpose) =>
  and(
    eq(verificationCodes.target, target),
    eq(verificationCodes.purpose, purpose),
    isNull(verificationCodes.consumedAt),
    isNull(verificationCodes.invalidatedAt),
  );

/** The newest code of (target, purpose) that is neither used nor invalidated (maybe expired). */
export async function findLiveCode(db: Db, target: string, purpose: VerificationPurpose) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(live(target, purpose))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row;
}

export async function invalidateCodes(
  tx: Db,
  target: string,
  purpose: VerificationPurpose,
  now: Date,
) {
  await tx.update(verificationCodes).set({ invalidatedAt: now }).where(live(target, purpose));
}

export async function insertCode(tx: Db, code: Omit<typeof verificationCodes.$inferInsert, 'id'>) {
  const [row] = await tx.insert(verificationCodes).values(code).returning();
  if (!row) throw new Error('verification code was not stored');
  return row;
}

export async function updateCode(
  tx: Db,
  id: number,
  patch: Partial<Pick<CodeRow, 'failedChecks' | 'consumedAt' | 'invalidatedAt'>>,
) {
  await tx.update(verificationCodes).set(patch).where(eq(verificationCodes.id, id));
}

export async function countryByDialingCode(db: Db, dialingCode: string) {
  const [row] = await db.select().from(countries).where(eq(countries.dialingCode, dialingCode));
  return row;
}

/** The client's current captcha answer hash, removed as it is read (one use per image). */
export async function takeCaptchaAnswer(tx: Db, clientId: string): Promise<string | undefined> {
  const [row] = await tx
    .delete(captchaChallenges)
    .where(eq(captchaChallenges.clientId, clientId))
    .returning({ answerHash: captchaChallenges.answerHash });
  return row?.answerHash;
}

/** An active member with this phone number (members belong to the identity area; read only). */
export async function findMemberIdByPhone(db: Db, countryDialingCode: string, mobile: string) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.countryDialingCode, countryDialingCode),
        eq(members.mobile, mobile),
        eq(members.status, 'active'),
      ),
    )
    .limit(1);
  return row?.id;
}

/** An active member whose username and e-mail (case-insensitive) both match. */
export async function findMemberByUsernameEmail(db: Db, username: string, email: string) {
  const [row] = await db
    .select({ id: members.id, username: members.username, language: members.language })
    .from(members)
    .where(
      and(
        eq(members.username, username),
        sql`lower(${members.email}) = ${email.toLowerCase()}`,
        eq(members.status, 'active'),
      ),
    )
    .limit(1);
  return row;
}

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

/** Sets a member's new password hash (the reset link was checked by the caller). */
export async function setMemberPasswordHash(
  tx: Db,
  memberId: number,
  passwordHash: string,
  now: Date,
) {
  await tx
    .update(members)
    .set({ passwordHash, passwordChangedAt: now, firstLogin: false })
    .where(eq(members.id, memberId));
}

/** Ends every open session of the member (after a password reset). */
export async function revokeSessionsOf(tx: Db, memberId: number, now: Date) {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}
