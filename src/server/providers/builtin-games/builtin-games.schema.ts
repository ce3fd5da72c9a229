import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// The built-in game provider's own tables. It keeps what any game provider keeps (its player
// sessions, seeds, rounds) and no money: balances live in the wallet, reached only through the
// signed seamless wallet API. Player ids are the wallet's (strings), with no foreign key to
// our members, as an outside provider would have.

/** A provider session of the game frame (from a launch token), by the hash of its token. */
export const builtinGameSessions = pgTable(
  'builtin_game_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    playerId: text('player_id').notNull(),
    nickname: text('nickname').notNull(),
    /** The wallet's player session for the seamless calls. */
    walletSession: text('wallet_session').notNull(),
    currency: text('currency').notNull(),
    language: text('language').notNull(),
    game: text('game').notNull(),
    gameCode: text('game_code').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('builtin_game_sessions_expires_idx').on(table.expiresAt)],
);

/**
 * Each player's seeds: the pair in use, the next server seed (committed: its hash is shown
 * before the player chooses the client seed that goes with it) and the last pair, revealed.
 * A server seed not yet revealed is never stored: it is HMAC-SHA256 under an outcome key
 * (OUTCOME_KEYS, `*_key_id`) of the player and its salt, so the database alone tells no coming
 * round (builtin-seeds.ts).
 */
export const builtinGameSeeds = pgTable('builtin_game_seeds', {
  playerId: text('player_id').primaryKey(),
  /** Only in rows of an earlier version (in clear); the start-up pass reveals and rotates it. */
  serverSeed: text('server_seed'),
  serverSeedKeyId: text('server_seed_key_id'),
  serverSeedSalt: text('server_seed_salt'),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  /** The nonce of the next round. */
  nonce: integer('nonce').notNull().default(0),
  nextServerSeedKeyId: text('next_server_seed_key_id'),
  nextServerSeedSalt: text('next_server_seed_salt'),
  nextServerSeedHash: text('next_server_seed_hash'),
  previousServerSeed: text('previous_server_seed'),
  previousServerSeedHash: text('previous_server_seed_hash'),
  previousClientSeed: text('previous_client_seed'),
  previousNonce: integer('previous_nonce'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One round: its seeds and outcome, fixed before the stake is taken, and how far its seamless
 * calls got (`pending` bet not yet taken, `refused`, `rolled_back`, `win_pending` the win not yet
 * delivered, `settled`).
 */
export const builtinGameRounds = pgTable(
  'builtin_game_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roundId: text('round_id').notNull().unique(),
    playerId: text('player_id').notNull(),
    game: text('game').notNull(),
    gameCode: text('game_code').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    win: bigint('win', { mode: 'number' }).notNull(),
    bet: jsonb('bet'),
    result: jsonb('result').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    status: text('status').notNull(),
    /** A free round: the wallet's grant it is played on (no bet; one `freeRound` call). */
    freeGrantId: text('free_grant_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [index('builtin_game_rounds_player_idx').on(table.playerId, table.id)],
);

/**
 * A rollback the wallet has not acknowledged yet (it failed or timed out after a bet without an
 * answer): kept until the wallet answers it, sent again by the `builtin-games-rollbacks` job
 * with backoff. The same transaction id each time, so the wallet's idempotency makes the
 * repeats one rollback in effect.
 */
export const builtinPendingRollbacks = pgTable(
  'builtin_pending_rollbacks',
  {
    roundId: text('round_id').primaryKey(),
    playerId: text('player_id').notNull(),
    /** The wallet's player session the bet was sent on (a rollback is taken on an expired one). */
    walletSession: text('wallet_session').notNull(),
    /** Sends so far (the first, in the round, included). */
    attempts: integer('attempts').notNull().default(1),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('builtin_pending_rollbacks_due_idx').on(table.nextAttemptAt)],
);
