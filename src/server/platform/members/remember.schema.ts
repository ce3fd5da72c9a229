import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members.schema.ts';

/**
 * Remember-me: a device that may log in again without the password until `expiresAt` (1 day
 * after the password login). Its token lives only in an httpOnly cookie; here its SHA-256. Each
 * use replaces the token (same end), so a copied cookie works at most once.
 */
export const rememberedDevices = pgTable(
  'remembered_devices',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Used (and replaced) or revoked (password change, sign-out of the device). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('remembered_devices_member_idx').on(table.memberId)],
);
