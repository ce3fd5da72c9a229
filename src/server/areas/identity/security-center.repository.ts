import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { members } from '../../platform/members/members.schema.ts';

/** Another member (any status) holding this mobile number, if any. */
export async function findOtherMemberWithMobile(
  db: Db,
  memberId: number,
  countryDialingCode: string,
  mobile: string,
) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.countryDialingCode, countryDialingCode),
        eq(members.mobile, mobile),
        ne(members.id, memberId),
      ),
    )
    .limit(1);
  return row;
}

/** Another member (any status) holding this e-mail address, compared without case. */
export async function findOtherMemberWithEmail(db: Db, memberId: number, email: string) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(sql`lower(${members.email}) = ${email.toLowerCase()}`, ne(members.id, memberId)))
    .limit(1);
  return row;
}
