import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  verificationCodes,
  verificationSecrets,
  verificationSends,
  type VerificationPurpose,
} from './verification.schema.ts';

export type CodeRow = typeof verificationCodes.$inferSelect;

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
