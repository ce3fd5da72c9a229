import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { rememberedDevices } from '../../platform/members/remember.schema.ts';
import { sessions } from '../../platform/members/members.schema.ts';

export async function insertRememberedDevice(
  tx: Db,
  values: Omit<typeof rememberedDevices.$inferInsert, 'id'>,
) {
  await tx.insert(rememberedDevices).values(values);
}

/** Ends a live device token and answers it; undefined when unknown, used, revoked or expired. */
export async function takeRememberedDevice(tx: Db, tokenHash: string, now: Date) {
  const [row] = await tx
    .update(rememberedDevices)
    .set({ endedAt: now })
    .where(
      and(
        eq(rememberedDevices.tokenHash, tokenHash),
        isNull(rememberedDevices.endedAt),
        gt(rememberedDevices.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** The member of an open session, by the SHA-256 of its token. */
export async function memberIdOfSession(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ memberId: sessions.memberId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  return row?.memberId;
}
