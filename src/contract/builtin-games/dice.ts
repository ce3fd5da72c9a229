import { type RandomSource, uniformInt } from './fair.ts';

/** Dice: a roll of 0.00 to 99.99; the player wins rolling under or over a target. */
export const diceRtp = 0.99;

/** Rolls are integers 0..9999, shown as hundredths (0.00..99.99). */
export const diceFaces = 10_000;
/** The player's winning chance stays between 1% and 98% (a payout of 99x down to 1.0102x). */
export const diceMinWinning = 100;
export const diceMaxWinning = 9_800;

export type DiceDirection = 'under' | 'over';
export type DiceBet = { direction: DiceDirection; target: number };
export type DiceResult = { roll: number; win: boolean; multiplier10k: number };

/** How many rolls win: under T wins rolls 0..T-1; over T wins rolls T+1..9999. */
export function diceWinningRolls({ direction, target }: DiceBet): number {
  return direction === 'under' ? target : diceFaces - 1 - target;
}

/** Whether a bet is one the game takes (integer target, chance within the limits). */
export function isDiceBetValid(bet: DiceBet): boolean {
  if (!Number.isInteger(bet.target) || bet.target < 0 || bet.target >= diceFaces) return false;
  const winning = diceWinningRolls(bet);
  return winning >= diceMinWinning && winning <= diceMaxWinning;
}

/** The payout of a win in ten-thousandths of the stake: RTP / chance, rounded down. */
export function diceMultiplier10k(bet: DiceBet): number {
  return Math.floor((diceRtp * diceFaces * 10_000) / diceWinningRolls(bet));
}

/** One round: the roll and what it pays. */
export function playDice(source: RandomSource, bet: DiceBet): DiceResult {
  const roll = uniformInt(source, diceFaces);
  const win = bet.direction === 'under' ? roll < bet.target : roll > bet.target;
  return { roll, win, multiplier10k: win ? diceMultiplier10k(bet) : 0 };
}
