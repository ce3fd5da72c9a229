import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members, sessions } from '../members/members.schema.ts';
import { memberEventSeq } from './realtime.schema.ts';

/**
 * Takes the next event numbers of a whole batch in ONE statement: `memberIds` holds one entry
 * per event (a member may appear several times). Answers, per member, the last number taken;
 * the batch's events of that member are numbered up to it, one apart (their first is
 * `last - count + 1`). A member that does not exist (any more) is left out; the others are still
 * numbered. Rows are upserted in member id order, so concurrent batches of several nodes cannot
 * deadlock; each is atomic, safe across nodes.
 */
export async function takeMemberSeqs(
  db: Db,
  memberIds: readonly number[],
): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const ids = `{${memberIds.map((id) => Math.trunc(id)).join(',')}}`;
  const result = await db.execute(sql`
    insert into ${memberEventSeq} (member_id, seq)
    select batch.member_id, count(*) from unnest(${ids}::int[]) as batch(member_id)
    join ${members} on ${members.id} = batch.member_id
    group by batch.member_id
    order by batch.member_id
    on conflict (member_id) do update set seq = ${memberEventSeq}.seq + excluded.seq
    returning member_id, seq`);
  const rows = (result as unknown as { rows: { member_id: number; seq: string | number }[] }).rows;
  return new Map(rows.map((row) => [Number(row.member_id), Number(row.seq)]));
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
