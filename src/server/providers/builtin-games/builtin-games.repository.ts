import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  builtinGameRounds,
  builtinGameSeeds,
  builtinGameSessions,
} from './builtin-games.schema.ts';

export type SessionRow = typeof builtinGameSessions.$inferSelect;
export type SeedsRow = typeof builtinGameSeeds.$inferSelect;
export type RoundRow = typeof builtinGameRounds.$inferSelect;

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
