import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';
import { members, sessions } from '../../src/server/platform/members/members.schema.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import type { Language } from '../../src/contract/constants.ts';

/** A member with a live session; returns the bearer token. Overrides make expired/revoked ones. */
export async function createMemberSession(
  db: Db,
  overrides: {
    username?: string;
    language?: Language;
    expiresAt?: Date;
    revokedAt?: Date | null;
    /** The last call (idle end: this plus SESSION_IDLE_MINUTES). */
    lastSeenAt?: Date;
    /** A login that must change its password first. */
    mustChangePassword?: boolean;
    passwordHash?: string | null;
  } = {},
) {
  const token = randomBytes(32).toString('base64url');
  const [member] = await db
    .insert(members)
    .values({
      username: overrides.username ?? `player${randomBytes(4).toString('hex')}`,
      language: overrides.language ?? 'hi',
      passwordHash: overrides.passwordHash ?? null,
    })
    .returning();
  if (!member) throw new Error('member not created');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    memberId: member.id,
    expiresAt: overrides.expiresAt ?? new Date(Date.now() + 86_400_000),
    revokedAt: overrides.revokedAt ?? null,
    ...(overrides.lastSeenAt ? { lastSeenAt: overrides.lastSeenAt } : {}),
    mustChangePassword: overrides.mustChangePassword ?? false,
  });
  return { member, token };
}

export async function auditCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}
