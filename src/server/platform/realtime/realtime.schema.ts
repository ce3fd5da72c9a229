import { bigint, bigserial, customType, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../members/members.schema.ts';

/**
 * The last sequence number published to each member on the real-time channel. Kept in the
 * database so every server node numbers a member's events from the same counter.
 */
export const memberEventSeq = pgTable('member_event_seq', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Payloads too large (or binary) for a PostgreSQL NOTIFY, written by the socket.io PostgreSQL
 * adapter when several nodes share the database; its own cleanup deletes old rows. The shape is
 * the adapter's.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
