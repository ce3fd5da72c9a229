import { constants } from './constants.ts';

/**
 * Date range presets of the record pages (spec section 9: 7 and 30 days, previous and next):
 * the last 7 or 30 days up to now, or the next 7 or 30 days from now.
 */
export const datePresets = ['last7', 'last30', 'next7', 'next30'] as const;
export type DatePreset = (typeof datePresets)[number];
const [shortDays = 7, longDays = 30] = constants.dateRangePresetsDays;
export const presetDays: Record<DatePreset, number> = {
  last7: shortDays,
  last30: longDays,
  next7: shortDays,
  next30: longDays,
};

/**
 * The instants a preset covers at `now`: back from now for last7/last30, on from now for
 * next7/next30.
 *
 * @example presetRange('next7', now) // { start: now, end: now + 7 days }
 */
export function presetRange(preset: DatePreset, now: Date): { start: Date; end: Date } {
  const span = presetDays[preset] * 86_400_000;
  return preset.startsWith('next')
    ? { start: now, end: new Date(now.getTime() + span) }
    : { start: new Date(now.getTime() - span), end: now };
}
