import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { shareAnyYear } from '../../src/server/platform/scheduler/cron-memory.ts';

const yearsOf = (cron: Cron) =>
  (cron as unknown as { _states: { pattern: { year: number[] } } })._states.pattern.year;

describe('shareAnyYear', () => {
  const patterns = [
    '*/5 * * * * *',
    '0 15 18 * * *',
    '0 0 * * 1',
    '0 5 0 1 * *',
    '30 */15 * * * *',
  ];

  it('gives patterns that allow every year one array, and the same runs', () => {
    const from = new Date('2026-11-27T07:00:00Z');
    const shared = patterns.map((pattern) =>
      shareAnyYear(new Cron(pattern, { timezone: 'Asia/Kolkata', paused: true })),
    );
    expect(new Set(shared.map(yearsOf)).size).toBe(1);
    for (const [index, pattern] of patterns.entries()) {
      const own = new Cron(pattern, { timezone: 'Asia/Kolkata', paused: true });
      expect(yearsOf(own)).not.toBe(yearsOf(shared[index]!));
      expect(shared[index]!.nextRuns(5, from)).toEqual(own.nextRuns(5, from));
      expect(shared[index]!.previousRuns(3, from)).toEqual(own.previousRuns(3, from));
    }
  });

  it('leaves a pattern with a year of its own as it is', () => {
    const cron = new Cron('0 0 0 1 1 * 2030', { paused: true });
    const years = yearsOf(cron);
    expect(yearsOf(shareAnyYear(cron))).toBe(years);
    expect(cron.nextRun(new Date('2026-01-01T00:00:00Z'))?.getFullYear()).toBe(2030);
  });
});
