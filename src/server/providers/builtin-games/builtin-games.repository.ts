import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  builtinGameRounds,
  builtinGameSeeds,
  builtinGameSessions,
  builtinPendingRollbacks,
} from './builtin-games.schema.ts';

export type SessionRow = typeof builtinGameSessions.$inferSelect;
export type SeedsRow = typeof builtinGameSeeds.$inferSelect;
export type RoundRow = typeof builtinGameRounds.$inferSelect;
export type PendingRollbackRow = typeof builtinPendingRollbacks.$inferSelect;

export const insertSession = (db: Db, row: typeof builtinGameSessions.$inferInsert) =>
  db.insert(builtinGameSessions).values(row);

export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(builtinGameSessions)
    .where(
      and(eq(builtinGameSessions.tokenHash, tokenHash), gt(builtinGameSessions.expiresAt, now)),
    );
  return row;
}

/** The player's seeds, locked for the transaction (created by the caller when missing). */
export async function lockSeeds(db: Db, playerId: string): Promise<SeedsRow | undefined> {
  const [row] = await db
    .select()
    .from(builtinGameSeeds)
    .where(eq(builtinGameSeeds.playerId, playerId))
    .for('update');
  return row;
}

export async function readSeeds(db: Db, playerId: string): Promise<SeedsRow | undefined> {
  const [row] = await db
    .select()
    .from(builtinGameSeeds)
    .where(eq(builtinGameSeeds.playerId, playerId));
  return row;
}

export const insertSeedsIfMissing = (db: Db, row: typeof builtinGameSeeds.$inferInsert) =>
  db.insert(builtinGameSeeds).values(row).onConflictDoNothing();

export const updateSeeds = (db: Db, playerId: string, changes: Partial<SeedsRow>) =>
  db.update(builtinGameSeeds).set(changes).where(eq(builtinGameSeeds.playerId, playerId));

/**
 * Up to `limit` seed rows not current under `keyId` (a server seed stored in clear, or a seed
 * in use or next under another key), locked for the transaction.
 */
export const lockStaleSeeds = (db: Db, keyId: string, limit: number) =>
  db
    .select()
    .from(builtinGameSeeds)
    .where(
      or(
        isNotNull(builtinGameSeeds.serverSeed),
        isNull(builtinGameSeeds.serverSeedKeyId),
        ne(builtinGameSeeds.serverSeedKeyId, keyId),
        isNull(builtinGameSeeds.nextServerSeedKeyId),
        ne(builtinGameSeeds.nextServerSeedKeyId, keyId),
        isNull(builtinGameSeeds.nextServerSeedHash),
      ),
    )
    .orderBy(asc(builtinGameSeeds.playerId))
    .limit(limit)
    .for('update');

/** Writes the seed columns of these rows, in one statement. */
export async function writeSeeds(db: Db, rows: readonly SeedsRow[]) {
  if (rows.length === 0) return;
  const records = rows.map((row) => ({
    playerId: row.playerId,
    server_seed: row.serverSeed,
    server_seed_key_id: row.serverSeedKeyId,
    server_seed_salt: row.serverSeedSalt,
    server_seed_hash: row.serverSeedHash,
    client_seed: row.clientSeed,
    nonce: row.nonce,
    next_server_seed_key_id: row.nextServerSeedKeyId,
    next_server_seed_salt: row.nextServerSeedSalt,
    next_server_seed_hash: row.nextServerSeedHash,
    previous_server_seed: row.previousServerSeed,
    previous_server_seed_hash: row.previousServerSeedHash,
    previous_client_seed: row.previousClientSeed,
    previous_nonce: row.previousNonce,
    updated_at: row.updatedAt,
  }));
  await db.execute(sql`
    UPDATE builtin_game_seeds s SET server_seed = r.server_seed,
      server_seed_key_id = r.server_seed_key_id, server_seed_salt = r.server_seed_salt,
      server_seed_hash = r.server_seed_hash, client_seed = r.client_seed, nonce = r.nonce,
      next_server_seed_key_id = r.next_server_seed_key_id,
      next_server_seed_salt = r.next_server_seed_salt,
      next_server_seed_hash = r.next_server_seed_hash,
      previous_server_seed = r.previous_server_seed,
      previous_server_seed_hash = r.previous_server_seed_hash,
      previous_client_seed = r.previous_client_seed, previous_nonce = r.previous_nonce,
      updated_at = r.updated_at
    FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(
      "playerId" text, server_seed text, server_seed_key_id text, server_seed_salt text,
      server_seed_hash text, client_seed text, nonce int, next_server_seed_key_id text,
      next_server_seed_salt text, next_server_seed_hash text, previous_server_seed text,
      previous_server_seed_hash text, previous_client_seed text, previous_nonce int,
      updated_at timestamptz)
    WHERE s.player_id = r."playerId"`);
}

export const insertRound = (db: Db, row: typeof builtinGameRounds.$inferInsert) =>
  db.insert(builtinGameRounds).values(row);

export const updateRound = (db: Db, roundId: string, changes: Partial<RoundRow>) =>
  db.update(builtinGameRounds).set(changes).where(eq(builtinGameRounds.roundId, roundId));

/** The player's latest rounds that took a stake (settled or with the win still on its way). */
export const latestRounds = (db: Db, playerId: string, limit: number) =>
  db
    .select()
    .from(builtinGameRounds)
    .where(
      and(
        eq(builtinGameRounds.playerId, playerId),
        inArray(builtinGameRounds.status, ['settled', 'win_pending']),
      ),
    )
    .orderBy(desc(builtinGameRounds.id))
    .limit(limit);

/** Rounds whose win the wallet has not confirmed yet. */
export const winPendingRounds = (db: Db, playerId: string) =>
  db
    .select()
    .from(builtinGameRounds)
    .where(
      and(eq(builtinGameRounds.playerId, playerId), eq(builtinGameRounds.status, 'win_pending')),
    )
    .limit(20);

// --- rollbacks the wallet has not acknowledged ---

export const insertPendingRollback = (db: Db, row: typeof builtinPendingRollbacks.$inferInsert) =>
  db.insert(builtinPendingRollbacks).values(row).onConflictDoNothing();

/**
 * Claims the rollbacks due at `now` (at most `limit`, oldest first): each one's next attempt
 * moved on by `backoffMs(attempts)` and its attempts counted, so a crash after the claim, or a
 * failed send, leaves it to come back later.
 */
export async function claimDueRollbacks(
  tx: Db,
  now: Date,
  limit: number,
  backoffMs: (attempts: number) => number,
): Promise<PendingRollbackRow[]> {
  const due = await tx
    .select()
    .from(builtinPendingRollbacks)
    .where(lte(builtinPendingRollbacks.nextAttemptAt, now))
    .orderBy(asc(builtinPendingRollbacks.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed: PendingRollbackRow[] = [];
  for (const row of due) {
    const attempts = row.attempts + 1;
    const [updated] = await tx
      .update(builtinPendingRollbacks)
      .set({ attempts, nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)) })
      .where(eq(builtinPendingRollbacks.roundId, row.roundId))
      .returning();
    if (updated) claimed.push(updated);
  }
  return claimed;
}

export const notePendingRollbackError = (db: Db, roundId: string, error: string) =>
  db
    .update(builtinPendingRollbacks)
    .set({ lastError: sql`left(${error}, 500)` })
    .where(eq(builtinPendingRollbacks.roundId, roundId));

export const deletePendingRollback = (db: Db, roundId: string) =>
  db.delete(builtinPendingRollbacks).where(eq(builtinPendingRollbacks.roundId, roundId));
