/**
 * Fairness checks of the lottery's in-house RNG (issue 14, item 5): the draw module's
 * `uniformStream` and `drawNumbers` (src/contract/lottery-draw.ts) against chi-square (number
 * and digit frequencies), runs and serial-correlation tests, each at the 99% level. Used by
 * tests/unit/lottery-fairness.test.ts (CI) and `npm run fairness` (the figures of
 * docs/2026-11-26-lottery-rng-fairness.md).
 *
 * What "a draw" is here: one in-house draw of its own seed, as the engine makes them; its
 * special prize of 6 digits (the south18 layout's first number, which is exactly
 * `uniformStream(seed, 'game:numero')(10 ** 6)`, the stream's first value) is the draw's outcome
 * the frequency, runs and serial tests read. 10^6 draws then cost one HMAC key and one or two
 * HMAC blocks each (seconds, not minutes); the other 17 or 26 numbers of a draw come from the
 * same stream, and a second, smaller sample of whole north27 draws checks them (the last two
 * digits of all 27 numbers: what a lô bet is judged on).
 *
 * Seeds are fixed (a master seed and the draw's index in its last 8 bytes), so every run sees
 * the same numbers; seeds that differ in a few bits are also the harder case for a keyed
 * stream. Critical values: the chi-square quantile of @stdlib (exact, not an approximation);
 * the normal one as the square root of the chi-square(1) quantile.
 */
import chisquareQuantile from '@stdlib/stats-base-dists-chisquare-quantile';
import { drawNumbers, uniformStream } from '../../src/contract/lottery-draw.ts';

/** The significance level of every check: 99%. */
export const fairnessLevel = 0.99;

/** The upper critical value of chi-square with `df` degrees of freedom at `level`. */
export function chiSquareCritical(df: number, level = fairnessLevel): number {
  return chisquareQuantile(level, df);
}

/** The two-sided critical value of the standard normal at `level` (2.5758 at 99%). */
export function normalCritical(level = fairnessLevel): number {
  return Math.sqrt(chisquareQuantile(level, 1));
}

export type FairnessCheck = {
  name: string;
  /** 'chi2' (upper tail) or 'z' (two-sided). */
  kind: 'chi2' | 'z';
  statistic: number;
  /** Degrees of freedom (chi-square). */
  df?: number;
  critical: number;
  /** How many values the check read. */
  n: number;
  pass: boolean;
};

/** Pearson's chi-square of counts against equal expected counts. */
export function chiSquareUniform(counts: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i]!;
  const expected = total / counts.length;
  let sum = 0;
  for (let i = 0; i < counts.length; i++) {
    const d = counts[i]! - expected;
    sum += (d * d) / expected;
  }
  return sum;
}

export function chiSquareCheck(name: string, counts: ArrayLike<number>, df?: number) {
  let n = 0;
  for (let i = 0; i < counts.length; i++) n += counts[i]!;
  const dof = df ?? counts.length - 1;
  const statistic = chiSquareUniform(counts);
  const critical = chiSquareCritical(dof);
  return {
    name,
    kind: 'chi2',
    statistic,
    df: dof,
    critical,
    n,
    pass: statistic <= critical,
  } as const;
}

/**
 * Wald–Wolfowitz runs test above and below `median` (values equal to it are skipped): the
 * number of runs' z score.
 */
export function runsZ(values: ArrayLike<number>, median: number): { z: number; n: number } {
  let above = 0;
  let below = 0;
  let runs = 0;
  let last = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v === median) continue;
    const side = v > median ? 1 : -1;
    if (side === 1) above += 1;
    else below += 1;
    if (side !== last) runs += 1;
    last = side;
  }
  const n = above + below;
  const mean = (2 * above * below) / n + 1;
  const variance = (2 * above * below * (2 * above * below - n)) / (n * n * (n - 1));
  return { z: (runs - mean) / Math.sqrt(variance), n };
}

/**
 * The lag-`lag` serial correlation coefficient's z score: under independence r is close to
 * normal with mean -1/n and variance 1/n.
 */
export function serialCorrelationZ(values: ArrayLike<number>, lag = 1): { z: number; r: number } {
  const n = values.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i]!;
  mean /= n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i]! - mean;
    den += d * d;
    if (i + lag < n) num += d * (values[i + lag]! - mean);
  }
  const r = num / den;
  return { r, z: (r + 1 / n) * Math.sqrt(n) };
}

export function zCheck(name: string, z: number, n: number): FairnessCheck {
  const critical = normalCritical();
  return { name, kind: 'z', statistic: z, critical, n, pass: Math.abs(z) <= critical };
}

/** The fixed master seed of the checks (32 bytes, hex); draw i's seed ends in i. */
export const masterSeed = '6c6f747465727920666169726e6573732d636865636b732d6d61737465722d30';

/** Draw i's seed: the master seed's first 24 bytes, then i as 8 bytes. */
export function seedOf(index: number, master = masterSeed): string {
  return master.slice(0, 48) + index.toString(16).padStart(16, '0');
}

/** The game and numero the sample's draws are labelled with (a fast game's day sequence). */
export const sampleGame = 'VN_FAST_3';
export const numeroOf = (index: number) => String(202_601_010_001 + index);

/** The special prizes (6 digits, south18) of `count` draws, each of its own seed. */
export function specialPrizes(count: number, master = masterSeed): Uint32Array {
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    out[i] = uniformStream(seedOf(i, master), `${sampleGame}:${numeroOf(i)}`)(1_000_000);
  }
  return out;
}

/** The checks over a sequence of 6-digit outcomes (0 .. 999,999). */
export function sequenceChecks(values: Uint32Array, label: string): FairnessCheck[] {
  const n = values.length;
  const top = new Float64Array(1000);
  const last2 = new Float64Array(100);
  const last3 = new Float64Array(1000);
  const digits = new Float64Array(10);
  const byPosition = new Float64Array(60);
  const pairs = new Float64Array(100);
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    top[Math.floor(v / 1000)]! += 1;
    last2[v % 100]! += 1;
    last3[v % 1000]! += 1;
    let rest = v;
    for (let p = 0; p < 6; p++) {
      const d = rest % 10;
      rest = Math.floor(rest / 10);
      digits[d]! += 1;
      byPosition[p * 10 + d]! += 1;
    }
    // Non-overlapping pairs of consecutive draws' last digits: a serial test of pairs.
    if (i % 2 === 1) pairs[(values[i - 1]! % 10) * 10 + (v % 10)]! += 1;
  }
  const lastDigits = Float64Array.from(values, (v) => v % 10);
  return [
    chiSquareCheck(`${label}: numbers in 1000 bins (first 3 digits)`, top),
    chiSquareCheck(`${label}: last 2 digits (de)`, last2),
    chiSquareCheck(`${label}: last 3 digits (3 cang)`, last3),
    chiSquareCheck(`${label}: digit frequencies, all positions`, digits),
    // Six independent chi-squares of 9 degrees each: their sum has 54.
    chiSquareCheck(`${label}: digit frequencies per position`, byPosition, 54),
    chiSquareCheck(`${label}: pairs of consecutive last digits`, pairs),
    zCheck(`${label}: runs above/below the median`, runsZ(values, 499_999.5).z, n),
    zCheck(`${label}: serial correlation, lag 1`, serialCorrelationZ(values, 1).z, n),
    zCheck(
      `${label}: serial correlation of last digits, lag 1`,
      serialCorrelationZ(lastDigits, 1).z,
      n,
    ),
  ];
}

/** The checks over whole north27 draws: the last two digits of all 27 numbers (lô). */
export function wholeDrawChecks(count: number, master = masterSeed): FairnessCheck[] {
  const last2 = new Float64Array(100);
  const digits = new Float64Array(10);
  const sequence = new Float64Array(count * 27);
  let at = 0;
  for (let i = 0; i < count; i++) {
    for (const number of drawNumbers(seedOf(i, master), 'VN_FAST_1', numeroOf(i), 'north27')) {
      const v = Number(number.slice(-2));
      last2[v]! += 1;
      sequence[at++] = v;
      for (const c of number) digits[c.charCodeAt(0) - 48]! += 1;
    }
  }
  return [
    chiSquareCheck(`${count} whole north27 draws: last 2 digits of all 27 numbers (lo)`, last2),
    chiSquareCheck(`${count} whole north27 draws: every digit of every number`, digits),
    zCheck(
      `${count} whole north27 draws: serial correlation of the numbers' last 2 digits`,
      serialCorrelationZ(sequence, 1).z,
      sequence.length,
    ),
  ];
}

/** Every check: `draws` special prizes and `wholeDraws` whole draws. */
export function fairnessChecks(options: { draws: number; wholeDraws: number }): FairnessCheck[] {
  return [
    ...sequenceChecks(specialPrizes(options.draws), `${options.draws} draws' special prizes`),
    ...wholeDrawChecks(options.wholeDraws),
  ];
}

/** The checks as a Markdown table (the one in docs/2026-11-26-lottery-rng-fairness.md). */
export function fairnessTable(checks: readonly FairnessCheck[]): string {
  const lines = [
    '| check | n | statistic | 99% critical | result |',
    '| --- | ---: | ---: | ---: | --- |',
    ...checks.map(
      (c) =>
        `| ${c.name} | ${c.n.toLocaleString('en')} | ${c.kind === 'chi2' ? `χ²(${c.df}) = ${c.statistic.toFixed(2)}` : `z = ${c.statistic.toFixed(3)}`} | ${c.kind === 'chi2' ? c.critical.toFixed(2) : `±${c.critical.toFixed(4)}`} | ${c.pass ? 'pass' : 'FAIL'} |`,
    ),
  ];
  return lines.join('\n');
}
