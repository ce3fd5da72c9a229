import { integer, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../../platform/members/members.schema.ts';

/**
 * A member's VIP level (issue 16), kept by the loyalty part (vip.*) and read by the others
 * (promotion eligibility, rebate rates, customer service, the public state). No row: level 0.
 */
export const memberVip = pgTable('member_vip', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  level: smallint('level').notNull().default(0),
  /** When the member reached the level (keep-level rules count periods from here). */
  levelSince: timestamp('level_since', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
