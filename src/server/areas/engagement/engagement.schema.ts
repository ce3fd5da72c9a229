import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/**
 * A member's VIP level as an SQL expression (0 without a row), for another area's statement:
 * identity's session read selects it, so the member info needs no query of its own.
 *
 * @example
 * db.select({ vipLevel: vipLevelOf(sessions.memberId) }).from(sessions)
 */
export const vipLevelOf = (memberId: SQLWrapper): SQL<number> =>
  sql<number>`coalesce((select ${memberVip.level} from ${memberVip} where ${memberVip.memberId} = ${memberId}), 0)`.mapWith(
    Number,
  );
