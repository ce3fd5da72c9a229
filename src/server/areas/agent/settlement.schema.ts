import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Where each settlement stopped (issue 15): per contract kind, and per dividend period for
 * dividends ('' for wages), the end of the last settled period. The next run settles the rollup
 * windows from there to its period's end, so a period missed while every node was down is not
 * lost: the next run covers it.
 */
export const agentSettlementMarks = pgTable(
  'agent_settlement_marks',
  {
    kind: text('kind').notNull(),
    period: text('period').notNull().default(''),
    settledUntil: timestamp('settled_until', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.period] })],
);

/**
 * One row (id 1): rollup windows that start before `sealed_before` are closed. A settlement
 * moves it to its period's end (under an exclusive advisory lock, 7450) before it reads the
 * rollups, and the trigger on `game_rollups_5m` (migration 0028, under the shared lock) moves a
 * late bet's or win's row to `sealed_before`: a bet whose transaction commits after its window
 * was settled counts in the window it is recorded in, never in the settled one, never lost.
 */
export const agentRollupSeal = pgTable('agent_rollup_seal', {
  id: integer('id').primaryKey(),
  sealedBefore: timestamp('sealed_before', { withTimezone: true }).notNull(),
});
