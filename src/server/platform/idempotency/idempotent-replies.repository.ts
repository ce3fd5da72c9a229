import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotentReplies } from './idempotent-replies.schema.ts';

export type StoredReplyRow = typeof idempotentReplies.$inferSelect;
export type NewStoredReply = typeof idempotentReplies.$inferInsert;

export async function findStoredReply(db: Db, scope: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotentReplies)
    .where(and(eq(idempotentReplies.scope, scope), eq(idempotentReplies.key, key)));
  return row;
}

/**
 * Stores a reply unless its key is taken; undefined when taken. On PostgreSQL this waits for a
 * concurrent transaction holding the key to commit (taken) or roll back (ours).
 */
export async function insertStoredReply(tx: Db, values: NewStoredReply) {
  const [row] = await tx
    .insert(idempotentReplies)
    .values(values)
    .onConflictDoNothing()
    .returning({ key: idempotentReplies.key });
  return row;
}
