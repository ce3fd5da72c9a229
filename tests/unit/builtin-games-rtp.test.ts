import { describe, expect, it } from 'vitest';
import type { RandomSource } from '../../src/contract/builtin-games/fair.ts';
import { crashRtp, playCrash } from '../../src/contract/builtin-games/crash.ts';
import { type DiceBet, diceRtp, playDice } from '../../src/contract/builtin-games/dice.ts';
import { playSlot, slotExactRtp, slotRtp } from '../../src/contract/builtin-games/slot.ts';

/**
 * A fast deterministic word stream (xoshiro128**) for the simulations: the games' own outcome
 * functions run on it, 10^6 rounds each, in well under a second per game, where the HMAC stream
 * would take minutes. It is a stand-in for the seed stream only; the outcome code is the same.
 */
function fastSource(seed: number): RandomSource {
  let a = seed >>> 0 || 1;
  let b = 0x9e3779b9;
  let c = 0x243f6a88;
  let d = 0xb7e15162;
  return {
    nextUint32() {
      const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = rotl(d, 11);
      return result;
    },
  };
}
const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

const rounds = 1_000_000;
// A guard only (a few seconds each on an idle machine; tests never assert on time).
const guard = { timeout: 120_000 };
const tolerance = 0.005;

/** The measured return over 10^6 rounds: total paid / total staked (stake 1). */
function measure(play: (source: RandomSource) => number, seed: number): number {
  const source = fastSource(seed);
  // Warm the state away from the seed.
  for (let i = 0; i < 32; i++) source.nextUint32();
  let paid = 0;
  for (let i = 0; i < rounds; i++) paid += play(source);
  return paid / 10_000 / rounds;
}

describe('built-in games return what they state (10^6 simulated rounds each)', () => {
  it(
    'slot: the stated RTP is the exact return of the strips, and 10^6 spins land within 0.5%',
    guard,
    () => {
      expect(Math.abs(slotExactRtp() - slotRtp)).toBeLessThan(0.0001);
      const measured = measure((source) => playSlot(source).multiplier10k, 20_261_126);
      expect(Math.abs(measured - slotRtp)).toBeLessThan(tolerance);
    },
  );

  it(
    'dice: 10^6 rolls under 50.00 and 10^6 over 30.00 land within 0.5% of the stated RTP',
    guard,
    () => {
      const bets: DiceBet[] = [
        { direction: 'under', target: 5000 },
        { direction: 'over', target: 3000 },
      ];
      for (const bet of bets) {
        const measured = measure((source) => playDice(source, bet).multiplier10k, 7 + bet.target);
        expect(Math.abs(measured - diceRtp)).toBeLessThan(tolerance);
      }
    },
  );

  it(
    'crash: 10^6 rounds cashing out at 2.00x and at 1.50x land within 0.5% of the stated RTP',
    guard,
    () => {
      for (const target of [200, 150]) {
        const measured = measure((source) => playCrash(source, { target }).multiplier10k, target);
        expect(Math.abs(measured - crashRtp)).toBeLessThan(tolerance);
      }
    },
  );
});
