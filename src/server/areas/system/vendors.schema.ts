import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { GameCategory } from '../../../contract/routes.ts';

/** One lane per game category: its place in the list and its classify filters. */
export const vendorLanes = pgTable('vendor_lanes', {
  gameType: text('game_type').$type<GameCategory>().primaryKey(),
  gameClassify: jsonb('game_classify').$type<string[]>().notNull().default([]),
  sort: integer('sort').notNull().default(0),
});

export const vendors = pgTable('vendors', {
  accountTypeId: serial('account_type_id').primaryKey(),
  vassalage: text('vassalage').notNull().unique(),
  gameType: text('game_type')
    .$type<GameCategory>()
    .notNull()
    .references(() => vendorLanes.gameType),
  displayName: text('display_name').notNull(),
  isHot: integer('is_hot').$type<0 | 1>().notNull().default(0),
  logo: text('logo').notNull(),
  sort: integer('sort').notNull().default(0),
});
