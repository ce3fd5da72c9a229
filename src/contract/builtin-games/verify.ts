import { type CrashBet, type CrashResult, playCrash } from './crash.ts';
import { type DiceBet, type DiceResult, playDice } from './dice.ts';
import { type RoundSeeds, fairSource, hashServerSeed } from './fair.ts';
import { type SlotResult, playSlot } from './slot.ts';

export const builtinGameIds = ['slot', 'dice', 'crash'] as const;
export type BuiltinGameId = (typeof builtinGameIds)[number];

/** The catalog's game code of a built-in game: `dice`, or any code ending in `-dice`/`_dice`. */
export function builtinGameOfCode(code: string): BuiltinGameId | undefined {
  const lower = code.toLowerCase();
  return builtinGameIds.find(
    (id) => lower === id || lower.endsWith(`-${id}`) || lower.endsWith(`_${id}`),
  );
}

export type BuiltinRound =
  | { game: 'slot'; bet?: undefined; result: SlotResult }
  | { game: 'dice'; bet: DiceBet; result: DiceResult }
  | { game: 'crash'; bet: CrashBet; result: CrashResult };

export type BuiltinRoundInput =
  { game: 'slot' } | { game: 'dice'; bet: DiceBet } | { game: 'crash'; bet: CrashBet };

/**
 * The outcome of a round from its seeds: what the provider plays and what the verifier page
 * recomputes from a revealed server seed.
 *
 * @example
 * const round = playRound({ serverSeed, clientSeed: 'lucky', nonce: 7 }, { game: 'dice', bet });
 */
export function playRound(seeds: RoundSeeds, input: BuiltinRoundInput): BuiltinRound {
  const source = fairSource(seeds);
  switch (input.game) {
    case 'slot':
      return { game: 'slot', result: playSlot(source) };
    case 'dice':
      return { game: 'dice', bet: input.bet, result: playDice(source, input.bet) };
    case 'crash':
      return { game: 'crash', bet: input.bet, result: playCrash(source, input.bet) };
  }
}

/** The verifier: the recomputed round and whether the revealed seed matches the shown hash. */
export function verifyRound(
  seeds: RoundSeeds & { serverSeedHash?: string },
  input: BuiltinRoundInput,
): { round: BuiltinRound; hashMatches: boolean | null } {
  const hashMatches =
    seeds.serverSeedHash === undefined || seeds.serverSeedHash === ''
      ? null
      : hashServerSeed(seeds.serverSeed) === seeds.serverSeedHash.trim().toLowerCase();
  return { round: playRound(seeds, input), hashMatches };
}

/** What a stake wins at a multiplier (ten-thousandths), in minor units, rounded down. */
export const payoutOf = (stake: number, multiplier10k: number): number =>
  Number((BigInt(stake) * BigInt(multiplier10k)) / 10_000n);
