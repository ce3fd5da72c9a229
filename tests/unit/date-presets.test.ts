import { describe, expect, it } from 'vitest';
import { datePresets, presetRange } from '../../src/contract/date-presets.ts';

const day = 86_400_000;

describe('date range presets: 7 and 30 days, previous and next (spec section 9)', () => {
  const now = new Date('2026-11-25T12:00:00Z');

  it('lists last 7, last 30, next 7 and next 30 days', () => {
    expect(datePresets).toEqual(['last7', 'last30', 'next7', 'next30']);
  });

  it.each([
    ['last7', -7 * day, 0],
    ['last30', -30 * day, 0],
    ['next7', 0, 7 * day],
    ['next30', 0, 30 * day],
  ] as const)('%s covers its days back from now or on from it', (preset, from, to) => {
    const range = presetRange(preset, now);
    expect(range.start.getTime() - now.getTime()).toBe(from);
    expect(range.end.getTime() - now.getTime()).toBe(to);
  });
});
