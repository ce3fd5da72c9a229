import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { members } from '../../platform/members/members.schema.ts';
import type { Language } from '../../../contract/constants.ts';

export type { MemberRow } from '../../platform/http/auth.ts';
export type NewMember = typeof members.$inferInsert;

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

/** Usernames are unique without regard to case. */
export async function findMemberByUsername(db: Db, username: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(sql`lower(${members.username}) = ${username.toLowerCase()}`);
  return row;
}

/** Inserts unless the username (any case) exists; undefined when it does. */
export async function insertMember(tx: Db, values: NewMember) {
  const [row] = await tx.insert(members).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateMember(
  tx: Db,
  memberId: number,
  patch: Partial<Omit<NewMember, 'id' | 'username' | 'createdAt'>>,
) {
  const [row] = await tx.update(members).set(patch).where(eq(members.id, memberId)).returning();
  return row;
}

/** An active agent owning this invitation code. */
export async function findAgentByAffiliateCode(
  db: Db,
  code: string,
  agentTypes: readonly number[],
) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.affiliateCode, code.toUpperCase()),
        eq(members.status, 'active'),
        inArray(members.type, [...agentTypes]),
      ),
    );
  return row;
}

/** The oldest member with this mobile number (numbers are not unique across accounts). */
export async function findMemberByMobile(db: Db, countryDialingCode: string, mobile: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.countryDialingCode, countryDialingCode), eq(members.mobile, mobile)))
    .orderBy(members.id)
    .limit(1);
  return row;
}
