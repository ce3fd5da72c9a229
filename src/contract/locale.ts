import type { Language } from './constants.ts';

/**
 * How the site writes numbers, dates and times in each of its languages: the Indian locales
 * (hi-IN, en-IN, bn-IN), Latin digits (the digits typed in forms), and in Hindi and Bengali the
 * time of day in words ("दोपहर 2:55") rather than the English "pm".
 */
const locales: Record<Language, string> = { hi: 'hi-IN', en: 'en-IN', bn: 'bn-IN' };

/** BCP 47 locale of a site language ("hi" -> "hi-IN"); another tag is taken as it is. */
export function localeOf(language: string): string {
  return locales[language as Language] ?? language;
}

const durationUnits = [
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
] as const;
const durationFormats = new Map<string, Intl.NumberFormat>();

/**
 * A span of whole seconds in words, in the largest unit that divides it: "5 minutes" (en),
 * "5 मिनट" (hi), "5 মিনিট" (bn) for 300; "90 seconds" for 90. Latin digits, as everywhere.
 *
 * @example formatDuration(300, 'en') // "5 minutes"
 */
export function formatDuration(seconds: number, language: string): string {
  const whole = Math.max(0, Math.round(seconds));
  const [unit, size] = durationUnits.find(([, s]) => whole >= s && whole % s === 0) ?? [
    'second',
    1,
  ];
  const key = `${language}|${unit}`;
  let format = durationFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(`${localeOf(language)}-u-nu-latn`, {
      style: 'unit',
      unit,
      unitDisplay: 'long',
    });
    durationFormats.set(key, format);
  }
  return format.format(whole / size);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "25 नव॰ 2026, दोपहर 2:55" (hi), "25 Nov 2026, 2:55 pm" (en); the date alone without `time`,
 * the time of day alone ("दोपहर 2:55") without `date`.
 */
export function formatDateTime(
  value: string | number | Date,
  language: string,
  options: { time?: boolean; date?: boolean; timeZone?: string } = {},
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const time = options.time ?? true;
  const withDate = options.date ?? true;
  const key = `${language}|${time}|${withDate}|${options.timeZone ?? ''}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    const english = localeOf(language).startsWith('en');
    format = new Intl.DateTimeFormat(`${localeOf(language)}-u-nu-latn`, {
      ...(withDate || !time ? { day: 'numeric', month: 'short', year: 'numeric' } : {}),
      ...(time
        ? { hour: 'numeric', minute: '2-digit', ...(english ? {} : { dayPeriod: 'short' }) }
        : {}),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    } as Intl.DateTimeFormatOptions);
    dateTimeFormats.set(key, format);
  }
  return format.format(date);
}
