import { sql } from 'drizzle-orm';
import { seedHashOf } from '../../../contract/lottery-draw.ts';
import type { Db } from '../../platform/db/client.ts';
import { newSalt, type OutcomeKeys } from '../../platform/keys/outcome-keys.ts';

/**
 * The seeds of in-house draws (issue 33): never stored before the draw. A draw's seed is
 * HMAC-SHA256 under an outcome key (OUTCOME_KEYS) of the draw's id and a random salt; the row
 * keeps the key's id, the salt and the commitment `seed_hash = seedHashOf(seed)`, and the seed
 * itself only once drawn (then it is published for verification). Whoever holds the database
 * without the key cannot tell a coming draw.
 *
 * Rotation: the first key commits new draws; each start commits the scheduled draws (not yet
 * open, so no bet was placed on their commitment) again under it, so an old key is needed only
 * for the open and locked draws committed under it, a few minutes for the fast games. A start
 * refuses to go on while such a draw's key is missing.
 */

export type DrawCommitment = { seedKeyId: string; seedSalt: string; seedHash: string };

const purpose = 'lottery-draw-seed:v1';

/** The seed of a draw committed under `keyId` with `salt`; null when the key is not configured. */
export const drawSeedOf = (
  keys: Pick<OutcomeKeys, 'derive'>,
  draw: { gameId: string; numero: string; seedKeyId: string; seedSalt: string },
) => keys.derive(draw.seedKeyId, [purpose, draw.gameId, draw.numero, draw.seedSalt]);

/** A new commitment for a draw under the current key. */
export function newDrawCommitment(
  keys: Pick<OutcomeKeys, 'derive' | 'currentKeyId'>,
  gameId: string,
  numero: string,
): DrawCommitment {
  const seedKeyId = keys.currentKeyId;
  const seedSalt = newSalt();
  const seed = drawSeedOf(keys, { gameId, numero, seedKeyId, seedSalt })!;
  return { seedKeyId, seedSalt, seedHash: seedHashOf(seed) };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * At start: every scheduled in-house draw not committed under the current key (committed under
 * an older key, or with its seed stored in clear by an earlier version) gets a new salt and
 * commitment under it, its clear seed dropped; in one statement. Draws already open keep their
 * published commitment. Answers how many were committed again.
 */
export async function recommitScheduledDraws(
  db: Db,
  keys: Pick<OutcomeKeys, 'derive' | 'currentKeyId'>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const stale = rowsOf<{ game_id: string; numero: string }>(
      await tx.execute(sql`
        SELECT d.game_id, d.numero FROM lottery_draws d
        WHERE d.state = 'scheduled' AND (d.seed IS NOT NULL
          OR (d.seed_hash IS NOT NULL AND d.seed_key_id IS DISTINCT FROM ${keys.currentKeyId}))
        FOR UPDATE`),
    );
    if (stale.length === 0) return 0;
    const commitments = stale.map((draw) => ({
      gameId: draw.game_id,
      numero: draw.numero,
      ...newDrawCommitment(keys, draw.game_id, draw.numero),
    }));
    const updated = rowsOf<{ n: number }>(
      await tx.execute(sql`
        WITH changed AS (
          UPDATE lottery_draws d SET seed = NULL, seed_key_id = c."seedKeyId",
            seed_salt = c."seedSalt", seed_hash = c."seedHash"
          FROM jsonb_to_recordset(${JSON.stringify(commitments)}::jsonb) AS c(
            "gameId" text, numero text, "seedKeyId" text, "seedSalt" text, "seedHash" text)
          WHERE d.game_id = c."gameId" AND d.numero = c.numero AND d.state = 'scheduled'
          RETURNING 1)
        SELECT count(*)::int AS n FROM changed`),
    );
    return updated[0]?.n ?? 0;
  });
}

/**
 * Refuses a start without the key of a draw still to be drawn (open or locked, committed under
 * a key no longer listed): its commitment could not be kept.
 */
export async function assertDrawKeys(db: Db, keys: Pick<OutcomeKeys, 'has'>): Promise<void> {
  const used = rowsOf<{ key_id: string }>(
    await db.execute(sql`
      SELECT DISTINCT d.seed_key_id AS key_id FROM lottery_draws d
      WHERE d.state IN ('scheduled', 'open', 'locked') AND d.seed_key_id IS NOT NULL`),
  );
  const missing = used.map((row) => row.key_id).filter((id) => !keys.has(id));
  if (missing.length > 0) {
    throw new Error(
      `no key ${missing.map((id) => `"${id}"`).join(', ')} for lottery draws not yet drawn ` +
        '(OUTCOME_KEYS): keep an old key until its draws are drawn',
    );
  }
}
