import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members, sessions } from '../members/members.schema.ts';
import { memberEventSeq } from './realtime.schema.ts';

/** Takes the member's next event number (1 for the first); one atomic upsert, safe across nodes. */
export async function nextMemberSeq(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .insert(memberEventSeq)
    .values({ memberId, seq: 1 })
    .onConflictDoUpdate({
      target: memberEventSeq.memberId,
      set: { seq: sql`${memberEventSeq.seq} + 1` },
    })
    .returning({ seq: memberEventSeq.seq });
  if (!row) throw new Error('member event number not taken');
  return Number(row.seq);
}

/** The member's last event number; 0 when nothing was ever published to them. */
export async function currentMemberSeq(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ seq: memberEventSeq.seq })
    .from(memberEventSeq)
    .where(eq(memberEventSeq.memberId, memberId));
  return row ? Number(row.seq) : 0;
}

/**
 * Of the given sessions, those still live at `now`: not revoked, before their absolute end,
 * used since `idleSince`, and of an active member.
 */
export async function liveSessionIds(
  db: Db,
  ids: readonly number[],
  now: Date,
  idleSince: Date,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        inArray(sessions.id, [...ids]),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
        eq(members.status, 'active'),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * When a session ends unless used again (the earlier of its absolute end and its idle end, in
 * epoch ms); null when it has already ended (revoked) or its member may no longer enter.
 */
export async function sessionEndOf(
  db: Db,
  sessionId: number,
  idleMs: number,
): Promise<number | null> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), eq(members.status, 'active')),
    );
  if (!row) return null;
  return Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + idleMs);
}
