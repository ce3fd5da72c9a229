import { hashServerSeed } from '../../../contract/builtin-games/fair.ts';
import { newSalt, type OutcomeKeys } from '../../platform/keys/outcome-keys.ts';
import type { SeedsRow } from './builtin-games.repository.ts';

/**
 * The built-in games' server seeds (issue 33): a seed not yet revealed is never stored. It is
 * HMAC-SHA256 under an outcome key (OUTCOME_KEYS) of the player and a random salt, and the row
 * keeps the key's id, the salt and the seed's hash (the commitment shown to the player); the
 * seed is stored only once revealed (`previous_server_seed`, for the verifier).
 */

export type SeedCommitment = { keyId: string; salt: string; hash: string };
export type Keys = Pick<OutcomeKeys, 'derive' | 'currentKeyId' | 'has'>;

const purpose = 'builtin-server-seed:v1';

/** The server seed committed under `keyId` with `salt`; null when the key is not configured. */
export const serverSeedOf = (
  keys: Pick<OutcomeKeys, 'derive'>,
  playerId: string,
  keyId: string,
  salt: string,
) => keys.derive(keyId, [purpose, playerId, salt]);

/** A new server seed's commitment under the current key. */
export function newCommitment(keys: Keys, playerId: string): SeedCommitment {
  const salt = newSalt();
  const seed = serverSeedOf(keys, playerId, keys.currentKeyId, salt)!;
  return { keyId: keys.currentKeyId, salt, hash: hashServerSeed(seed) };
}

/**
 * The server seed in use, made again (or read, in a row of an earlier version that stored it
 * in clear); null when it cannot be made as committed (its key missing or changed).
 */
export function activeSeedOf(keys: Pick<OutcomeKeys, 'derive'>, row: SeedsRow): string | null {
  const seed =
    row.serverSeed ??
    (row.serverSeedKeyId && row.serverSeedSalt
      ? serverSeedOf(keys, row.playerId, row.serverSeedKeyId, row.serverSeedSalt)
      : null);
  return seed !== null && hashServerSeed(seed) === row.serverSeedHash ? seed : null;
}

/** The columns of a commitment in use and of the next one. */
export const activeColumns = (commitment: SeedCommitment) => ({
  serverSeed: null,
  serverSeedKeyId: commitment.keyId,
  serverSeedSalt: commitment.salt,
  serverSeedHash: commitment.hash,
});
export const nextColumns = (commitment: SeedCommitment) => ({
  nextServerSeedKeyId: commitment.keyId,
  nextServerSeedSalt: commitment.salt,
  nextServerSeedHash: commitment.hash,
});

/**
 * What the start-up pass does to a row, or null when it is current: a server seed in use that
 * was stored in clear, or is committed under a key other than the first, is revealed (it may
 * have been read) and the pair rotated, the player's client seed kept, a new next one committed;
 * a next seed under another key (not yet shown in use) is committed again. Throws when a seed
 * in use cannot be revealed because its key is not configured.
 */
export function renewedSeeds(keys: Keys, row: SeedsRow): Partial<SeedsRow> | null {
  const activeStale = row.serverSeed !== null || row.serverSeedKeyId !== keys.currentKeyId;
  const nextStale =
    row.nextServerSeedHash === null || row.nextServerSeedKeyId !== keys.currentKeyId;
  if (!activeStale && !nextStale) return null;
  const next = nextColumns(newCommitment(keys, row.playerId));
  if (!activeStale) return next;
  if (row.serverSeed === null && row.serverSeedKeyId && !keys.has(row.serverSeedKeyId)) {
    throw new Error(
      `no key "${row.serverSeedKeyId}" for the built-in games' server seeds in use ` +
        '(OUTCOME_KEYS): keep an old key until a start has rotated its seeds',
    );
  }
  const revealed = activeSeedOf(keys, row);
  return {
    ...activeColumns(newCommitment(keys, row.playerId)),
    nonce: 0,
    ...next,
    // A seed that cannot be made again as committed is not revealed: the last pair is kept.
    ...(revealed === null
      ? {}
      : {
          previousServerSeed: revealed,
          previousServerSeedHash: row.serverSeedHash,
          previousClientSeed: row.clientSeed,
          previousNonce: row.nonce,
        }),
  };
}
