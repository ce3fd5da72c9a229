import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { GameCategory } from '../../../contract/routes.ts';
import type { gameStatuses } from '../../../contract/games.ts';
import { members } from '../../platform/members/members.schema.ts';

/**
 * The games catalog: one row per game of a vendor (`vassalage`), its name in each language and
 * `search_text`, the names normalised (lower case, Latin accents removed, see search-text.ts)
 * under a trigram index, so a name search in any language is one index scan.
 */
export const games = pgTable(
  'games',
  {
    nodeId: serial('node_id').primaryKey(),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').$type<GameCategory>().notNull(),
    /** The provider's own code, what a launch sends; unique per vendor. */
    gameCode: text('game_code').notNull(),
    nameHi: text('name_hi').notNull(),
    nameEn: text('name_en').notNull(),
    nameBn: text('name_bn').notNull(),
    searchText: text('search_text').notNull(),
    gameClassify: text('game_classify').notNull(),
    displayName: text('display_name').notNull(),
    /** The smallest bet in minor units. */
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull(),
    minLineNum: integer('min_line_num').notNull().default(1),
    isHot: integer('is_hot').$type<0 | 1>().notNull().default(0),
    status: text('status').$type<(typeof gameStatuses)[number]>().notNull().default('ACTIVE'),
    maintenance: boolean('maintenance').notNull().default(false),
    /** An artwork URL set by the operator; null: the SVG the server draws for the game. */
    imageUrl: text('image_url'),
    /** Launches counted by recordPlay (the popular list's order). */
    popularity: integer('popularity').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('games_vendor_code_idx').on(table.vassalage, table.gameCode),
    index('games_type_list_idx').on(table.gameType, table.sort, table.nodeId),
    index('games_vendor_list_idx').on(table.vassalage, table.sort, table.nodeId),
    index('games_popular_idx').on(table.popularity),
    index('games_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/**
 * A vendor's availability, kept by the games area: the vendors table (system area) says what a
 * vendor is and where it shows; whether its games can be played now is the catalog's business,
 * changed by the games operator API and read in the same query as the games.
 */
export const gameVendorStatus = pgTable('game_vendor_status', {
  vassalage: text('vassalage').primaryKey(),
  maintenance: boolean('maintenance').notNull().default(false),
  /** Every game of the vendor hidden from players. */
  disabled: boolean('disabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member's favourite games. */
export const gameFavorites = pgTable(
  'game_favorites',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => games.nodeId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.nodeId] }),
    index('game_favorites_member_idx').on(table.memberId, table.createdAt),
  ],
);

/** A member's launched games, one row per game with the last launch (written by recordPlay). */
export const gameRecentPlays = pgTable(
  'game_recent_plays',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => games.nodeId, { onDelete: 'cascade' }),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
    plays: integer('plays').notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.nodeId] }),
    index('game_recent_plays_member_idx').on(table.memberId, table.playedAt),
  ],
);

/** The winner board's rows: real wins, written by recordWin (the seamless wallet's win call). */
export const gameWinBoard = pgTable(
  'game_win_board',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** The winner's name as shown, masked when written. */
    memberName: text('member_name').notNull(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => games.nodeId, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    wonAt: timestamp('won_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('game_win_board_amount_idx').on(table.amount, table.wonAt),
    index('game_win_board_won_at_idx').on(table.wonAt),
  ],
);
