import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members } from './members.schema.ts';
import { rememberedDevices } from './remember.schema.ts';

// The member queries other areas make in their own transactions (the identity area owns the
// rest): members, their sessions and remembered devices are the platform's principal tables.

export async function findMemberById(db: Db, memberId: number) {
  const [row] = await db.select().from(members).where(eq(members.id, memberId));
  return row;
}

/** An active member with this phone number. */
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

export async function endRememberedDevicesOf(tx: Db, memberId: number, now: Date) {
  const rows = await tx
    .update(rememberedDevices)
    .set({ endedAt: now })
    .where(and(eq(rememberedDevices.memberId, memberId), isNull(rememberedDevices.endedAt)))
    .returning({ id: rememberedDevices.id });
  return rows.length;
}
