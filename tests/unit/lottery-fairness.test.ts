import { describe, expect, it } from 'vitest';
import { drawNumbers } from '../../src/contract/lottery-draw.ts';
import {
  chiSquareCheck,
  chiSquareCritical,
  chiSquareUniform,
  fairnessChecks,
  fairnessTable,
  normalCritical,
  numeroOf,
  runsZ,
  sampleGame,
  seedOf,
  sequenceChecks,
  serialCorrelationZ,
  specialPrizes,
} from '../../scripts/lib/lottery-fairness.ts';

/**
 * The in-house RNG's fairness (issue 14, item 5): 10^6 draws, each of its own fixed seed, their
 * special prizes (6 digits) through chi-square, runs and serial-correlation tests at 99%, and
 * 10^4 whole north27 draws (all 27 numbers). scripts/lib/lottery-fairness.ts says why a draw's
 * special prize is the outcome read; `npm run fairness` prints the same table.
 */

/** A deterministic 32-bit generator (xorshift32) for the bad generators below. */
function xorshift(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

const failing = (values: Uint32Array) =>
  sequenceChecks(values, 'bad')
    .filter((check) => !check.pass)
    .map((check) => check.name.replace('bad: ', ''));

describe('lottery RNG fairness: the statistics', () => {
  it('critical values at 99% match the published tables', () => {
    // Chi-square upper 1% points (NIST/SEMATECH e-Handbook table; df 999 by Wilson–Hilferty).
    expect(chiSquareCritical(1)).toBeCloseTo(6.635, 3);
    expect(chiSquareCritical(9)).toBeCloseTo(21.666, 3);
    expect(chiSquareCritical(54)).toBeCloseTo(81.069, 2);
    expect(chiSquareCritical(99)).toBeCloseTo(134.642, 2);
    expect(chiSquareCritical(999)).toBeCloseTo(1105.92, 1);
    expect(normalCritical()).toBeCloseTo(2.5758, 4);
  });

  it('computes Pearson chi-square, runs and serial correlation on known inputs', () => {
    expect(chiSquareUniform([10, 10, 10, 10])).toBe(0);
    expect(chiSquareUniform([20, 0])).toBe(20);
    expect(chiSquareCheck('x', [20, 0])).toMatchObject({ df: 1, n: 20, pass: false });
    // Strictly alternating: the most runs there can be; all low then all high: the fewest.
    const alternating = Array.from({ length: 1000 }, (_, i) => (i % 2 === 0 ? 0 : 10));
    expect(runsZ(alternating, 5).z).toBeGreaterThan(30);
    const blocks = Array.from({ length: 1000 }, (_, i) => (i < 500 ? 0 : 10));
    expect(runsZ(blocks, 5).z).toBeLessThan(-30);
    // A rising ramp is strongly correlated with its next value; alternation is anti-correlated.
    const ramp = Array.from({ length: 1000 }, (_, i) => i);
    expect(serialCorrelationZ(ramp).r).toBeGreaterThan(0.99);
    expect(serialCorrelationZ(alternating).r).toBeLessThan(-0.99);
  });

  it('the checks catch bad generators: modulo bias, correlation, patterned digits', () => {
    const n = 100_000;
    // Modulo bias: 20-bit words % 10^6 make 0 .. 48,575 twice as likely.
    const next = xorshift(7);
    const biased = Uint32Array.from({ length: n }, () => (next() & 0xfffff) % 1_000_000);
    expect(failing(biased)).toContain('numbers in 1000 bins (first 3 digits)');
    // Each value a small step from the one before: uniform overall, but correlated.
    const walk = xorshift(11);
    let value = 0;
    const correlated = Uint32Array.from({ length: n }, () => {
      value = (value + (walk() % 50_000)) % 1_000_000;
      return value;
    });
    const caught = failing(correlated);
    expect(caught).toContain('runs above/below the median');
    expect(caught).toContain('serial correlation, lag 1');
    // A good generator whose last digit follows the one before (d, then d + 1).
    const good = xorshift(13);
    const patterned = Uint32Array.from({ length: n }, (_, i) => {
      const v = good() % 100_000;
      return v * 10 + (i % 10);
    });
    expect(failing(patterned)).toContain('pairs of consecutive last digits');
    // And a fair generator of the same size passes them all.
    const fair = xorshift(17);
    const sample = Uint32Array.from({ length: n }, () => {
      for (;;) {
        const word = fair();
        if (word < 4_294_000_000) return word % 1_000_000;
      }
    });
    expect(failing(sample)).toEqual([]);
  });

  it("reads what a draw is: the sample's special prize is drawNumbers' first number", () => {
    const prizes = specialPrizes(20);
    for (let i = 0; i < 20; i++) {
      const [special] = drawNumbers(seedOf(i), sampleGame, numeroOf(i), 'south18');
      expect(special).toBe(String(prizes[i]).padStart(6, '0'));
    }
    // Fixed seeds: the same sample every run.
    expect(specialPrizes(20)).toEqual(prizes);
  });
});

describe('lottery RNG fairness: 10^6 draws', () => {
  it('passes chi-square, runs and serial-correlation tests at the 99% level', () => {
    const started = performance.now();
    const checks = fairnessChecks({ draws: 1_000_000, wholeDraws: 10_000 });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${fairnessTable(checks)}\n(${seconds} s)`);
    expect(checks.length).toBe(12);
    expect(checks.filter((check) => !check.pass)).toEqual([]);
  }, 180_000);
});
