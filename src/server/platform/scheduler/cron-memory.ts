import type { Cron } from 'croner';

/** Croner's years of a pattern without a year field: every year from 0 to 9,999 allowed. */
const anyYear: number[] = new Array<number>(10_000).fill(1);

/**
 * Lets a Cron whose pattern allows every year share one array of years. Croner gives each
 * pattern its own 10,000-entry array (80 kB); the scheduler's and the lottery's 49 patterns held
 * 3.7 MB of identical ones. Croner only writes that array while parsing, and this touches it only
 * when it has that exact shape and content (any other version or pattern is left as it is).
 */
export function shareAnyYear<T extends Cron>(cron: T): T {
  const pattern = (cron as unknown as { _states?: { pattern?: { year?: unknown } } })._states
    ?.pattern;
  const year = pattern?.year;
  if (
    pattern &&
    Array.isArray(year) &&
    year.length === anyYear.length &&
    year.every((allowed) => allowed === 1)
  ) {
    pattern.year = anyYear;
  }
  return cron;
}
