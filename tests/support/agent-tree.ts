import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/platform/db/client.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { members, sessions } from '../../src/server/platform/members/members.schema.ts';

let counter = 0;

/** A member of a test tree with a live session (no login, so no password hashing by default). */
export type TreeMember = {
  id: number;
  username: string;
  type: number;
  affiliateCode: string | null;
  token: string;
  headers: { authorization: string };
};

/**
 * A member under `upline` (joined to the closure tree by the members trigger through the
 * upline's invitation code), with a session. Agents (types 1, 2, 41, 42) get their own code.
 *
 * @example
 * const top = await treeMember(db, { type: 1 });
 * const sub = await treeMember(db, { type: 2, upline: top });
 */
export async function treeMember(
  db: Db,
  options: {
    type?: number;
    upline?: Pick<TreeMember, 'affiliateCode'>;
    name?: string;
    paymentPassword?: string;
  } = {},
): Promise<TreeMember> {
  const type = options.type ?? 0;
  const n = ++counter;
  const username = options.name ?? `t${Date.now().toString(36)}${n}`;
  const isAgent = [1, 2, 41, 42].includes(type);
  const [member] = await db
    .insert(members)
    .values({
      username,
      nickname: username,
      type,
      affiliateCode: isAgent ? `T${Date.now().toString(36).toUpperCase()}${n}` : null,
      uplineAffiliateCode: options.upline?.affiliateCode ?? null,
      paymentPasswordHash: options.paymentPassword
        ? await hashMemberPassword(options.paymentPassword)
        : null,
    })
    .returning();
  if (!member) throw new Error('member not created');
  const token = randomBytes(24).toString('hex');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    memberId: member.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return {
    id: member.id,
    username: member.username,
    type,
    affiliateCode: member.affiliateCode,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}
