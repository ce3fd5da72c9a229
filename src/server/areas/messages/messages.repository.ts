import { and, count, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { platformMessageMarks, platformMessages } from './messages.schema.ts';
import { members } from '../../platform/members/members.schema.ts';

export type MessageRow = typeof platformMessages.$inferSelect;

/** Audience: the member's own messages, and messages to all sent since the member joined. */
function visibleTo(memberId: number, memberSince: Date): SQL | undefined {
  return and(
    or(
      eq(platformMessages.memberId, memberId),
      and(isNull(platformMessages.memberId), gte(platformMessages.createdAt, memberSince)),
    ),
    isNull(platformMessageMarks.deletedAt),
  );
}

const marksOf = (memberId: number) =>
  and(
    eq(platformMessageMarks.messageId, platformMessages.id),
    eq(platformMessageMarks.memberId, memberId),
  );

export async function listMemberMessages(
  db: Db,
  memberId: number,
  memberSince: Date,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      id: platformMessages.id,
      memberId: platformMessages.memberId,
      title: platformMessages.title,
      content: platformMessages.content,
      createdAt: platformMessages.createdAt,
      readAt: platformMessageMarks.readAt,
    })
    .from(platformMessages)
    .leftJoin(platformMessageMarks, marksOf(memberId))
    .where(visibleTo(memberId, memberSince))
    .orderBy(desc(platformMessages.createdAt), desc(platformMessages.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many messages the member sees, and how many of them are unread. */
export async function countMemberMessages(db: Db, memberId: number, memberSince: Date) {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`(count(*) filter (where ${platformMessageMarks.readAt} is null))::int`,
    })
    .from(platformMessages)
    .leftJoin(platformMessageMarks, marksOf(memberId))
    .where(visibleTo(memberId, memberSince));
  return { total: row?.total ?? 0, unread: Number(row?.unread ?? 0) };
}

/** One message the member may see (not deleted by them), with their read mark. */
export async function findMemberMessage(
  db: Db,
  memberId: number,
  memberSince: Date,
  messageId: number,
) {
  const [row] = await db
    .select({
      id: platformMessages.id,
      memberId: platformMessages.memberId,
      title: platformMessages.title,
      content: platformMessages.content,
      createdAt: platformMessages.createdAt,
      readAt: platformMessageMarks.readAt,
    })
    .from(platformMessages)
    .leftJoin(platformMessageMarks, marksOf(memberId))
    .where(and(eq(platformMessages.id, messageId), visibleTo(memberId, memberSince)));
  return row;
}

/** Sets the member's read or deleted mark (a mark once set keeps its first time). */
export async function markMessage(
  tx: Db,
  memberId: number,
  messageId: number,
  mark: 'read' | 'deleted',
  at: Date,
) {
  const column = mark === 'read' ? 'readAt' : 'deletedAt';
  await tx
    .insert(platformMessageMarks)
    .values({ messageId, memberId, [column]: at })
    .onConflictDoUpdate({
      target: [platformMessageMarks.messageId, platformMessageMarks.memberId],
      set: {
        [column]: sql`coalesce(${platformMessageMarks[column]}, excluded.${sql.identifier(
          mark === 'read' ? 'read_at' : 'deleted_at',
        )})`,
      },
    });
}

/** Marks every message the member sees as read; returns how many were unread. */
export async function markAllRead(tx: Db, memberId: number, memberSince: Date, at: Date) {
  const unread = await tx
    .select({ id: platformMessages.id })
    .from(platformMessages)
    .leftJoin(platformMessageMarks, marksOf(memberId))
    .where(and(visibleTo(memberId, memberSince), isNull(platformMessageMarks.readAt)));
  for (const { id } of unread) await markMessage(tx, memberId, id, 'read', at);
  return unread.length;
}

export async function insertMessage(tx: Db, values: typeof platformMessages.$inferInsert) {
  const [row] = await tx.insert(platformMessages).values(values).returning();
  if (!row) throw new Error('message not stored');
  return row;
}

/** Many members' own messages in one statement (a settlement's notices); answers them in order. */
export async function insertMessages(
  tx: Db,
  values: readonly (typeof platformMessages.$inferInsert)[],
) {
  if (values.length === 0) return [];
  return tx
    .insert(platformMessages)
    .values([...values])
    .returning({ id: platformMessages.id, memberId: platformMessages.memberId });
}

/**
 * The unread count of each of these members, in one statement: what `countMemberMessages`
 * answers for one (their own messages and those to all since they joined, not deleted).
 */
export async function unreadCountsOf(
  db: Db,
  memberIds: readonly number[],
): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({
      memberId: members.id,
      unread: sql<number>`(count(${platformMessages.id}) filter (where ${platformMessageMarks.readAt} is null))::int`,
    })
    .from(members)
    .leftJoin(
      platformMessages,
      or(
        eq(platformMessages.memberId, members.id),
        and(isNull(platformMessages.memberId), gte(platformMessages.createdAt, members.createdAt)),
      ),
    )
    .leftJoin(
      platformMessageMarks,
      and(
        eq(platformMessageMarks.messageId, platformMessages.id),
        eq(platformMessageMarks.memberId, members.id),
      ),
    )
    .where(
      and(
        inArray(members.id, [...memberIds]),
        or(isNull(platformMessageMarks.deletedAt), isNull(platformMessages.id)),
      ),
    )
    .groupBy(members.id);
  // A member all of whose messages are deleted has no row left: 0.
  const counts = new Map(memberIds.map((id) => [id, 0]));
  for (const row of rows) counts.set(row.memberId, Number(row.unread));
  return counts;
}

export async function listSentMessages(db: Db, limit: number) {
  return db
    .select()
    .from(platformMessages)
    .orderBy(desc(platformMessages.createdAt), desc(platformMessages.id))
    .limit(limit);
}

/** Active players who had an account when `at` came (the audience of a message to all). */
export async function listMemberIdsSince(db: Db, at: Date) {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.status, 'active'), sql`${members.createdAt} <= ${at}`));
  return rows.map((row) => row.id);
}
