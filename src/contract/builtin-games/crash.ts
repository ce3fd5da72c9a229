import { type RandomSource, uniformFloat } from './fair.ts';

/**
 * Crash: a multiplier climbs from 1.00x and crashes at a point drawn so that it reaches x with
 * chance RTP / x; the player's cash-out target, set before the round, pays target x the stake
 * when the climb reaches it.
 */
export const crashRtp = 0.99;

/** Multipliers are integer hundredths: 1.01x is 101. */
export const crashMinTarget = 101;
export const crashMaxTarget = 100_000;
const crashCap = 100_000_000;

export type CrashBet = { target: number };
export type CrashResult = { crashPoint: number; win: boolean; multiplier10k: number };

export const isCrashBetValid = ({ target }: CrashBet): boolean =>
  Number.isInteger(target) && target >= crashMinTarget && target <= crashMaxTarget;

/** The crash point in hundredths: floor(99 / (1 - u)), at least 1.00x (an instant crash). */
export function crashPointOf(source: RandomSource): number {
  const u = uniformFloat(source);
  return Math.max(100, Math.min(crashCap, Math.floor(99 / (1 - u))));
}

/** One round: where it crashed and whether the target was reached. */
export function playCrash(source: RandomSource, bet: CrashBet): CrashResult {
  const crashPoint = crashPointOf(source);
  const win = crashPoint >= bet.target;
  return { crashPoint, win, multiplier10k: win ? bet.target * 100 : 0 };
}
