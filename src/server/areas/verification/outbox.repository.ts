import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { outboxMessages, type OutboxChannel } from './outbox.schema.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxRow = Omit<typeof outboxMessages.$inferInsert, 'id'>;

export async function insertOutboxMessage(db: Db, message: NewOutboxRow): Promise<void> {
  await db.insert(outboxMessages).values(message);
}

/** The newest messages first, optionally of one channel and one recipient. */
export function listOutboxMessages(
  db: Db,
  filter: { channel?: OutboxChannel; recipient?: string; limit: number },
): Promise<OutboxRow[]> {
  const conditions = [
    filter.channel ? eq(outboxMessages.channel, filter.channel) : undefined,
    filter.recipient ? eq(outboxMessages.recipient, filter.recipient) : undefined,
  ].filter((condition) => condition !== undefined);
  const query = db.select().from(outboxMessages);
  const filtered =
    conditions.length === 0
      ? query
      : query.where(conditions.length === 1 ? conditions[0] : and(...conditions));
  return filtered
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(filter.limit);
}
