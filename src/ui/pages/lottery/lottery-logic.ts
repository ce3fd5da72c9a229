import { lotteryMenuTags, type BetType, type LotteryGame } from '../../../contract/lottery.ts';
import { slotsOf, type LayoutName } from '../../../contract/lottery-draw.ts';

/** Weekday filter values of the spec: Monday to Saturday 2..7, Sunday 1. */
export const weekdays = [
  { key: 'mon', value: 2 },
  { key: 'tue', value: 3 },
  { key: 'wed', value: 4 },
  { key: 'thu', value: 5 },
  { key: 'fri', value: 6 },
  { key: 'sat', value: 7 },
  { key: 'sun', value: 1 },
] as const;

/** Menu tags shown before the arrows appear (spec section 2: arrows when over 7). */
export const visibleTags = 7;

/** Whether a game draws on a weekday value (1 Sunday .. 7 Saturday); null: every day. */
export function drawsOn(game: Pick<LotteryGame, 'drawDayOfWeek'>, day: number | null): boolean {
  if (day === null) return true;
  return game.drawDayOfWeek
    .split(',')
    .map((value) => Number(value.trim()))
    .includes(day);
}

/**
 * Games whose name (in the page's language) or id contains the query (case and spacing
 * ignored). Not the remark: it is the operator's note, not shown to the player.
 */
export function searchGames<T extends Pick<LotteryGame, 'gameId' | 'gameName'>>(
  games: readonly T[],
  query: string,
): T[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [...games];
  return games.filter((game) =>
    [game.gameName, game.gameId].some((text) => text.toLocaleLowerCase().includes(q)),
  );
}

/**
 * When a game draws, as the lobby words it from the page's locale: every N minutes (the fast
 * draws), daily at a time, or on some weekdays at a time (weekday keys of `weekdays`, Monday
 * first). `at` is an instant of one of its draws, the time of day to show. Null when the menu
 * says neither (no draw planned).
 */
export type DrawSchedule =
  | { kind: 'every'; minutes: number }
  | { kind: 'daily'; at: string }
  | { kind: 'days'; days: (typeof weekdays)[number]['key'][]; at: string };

export function scheduleOf(
  game: Pick<LotteryGame, 'drawEveryMinutes' | 'drawDayOfWeek' | 'nextWinningTime'>,
): DrawSchedule | null {
  if (game.drawEveryMinutes !== null) return { kind: 'every', minutes: game.drawEveryMinutes };
  if (game.nextWinningTime === null) return null;
  const days = weekdays.filter(({ value }) => drawsOn(game, value));
  if (days.length === weekdays.length) return { kind: 'daily', at: game.nextWinningTime };
  return { kind: 'days', days: days.map(({ key }) => key), at: game.nextWinningTime };
}

/** The menu's tags in menu order (the contract's first, then any other in first-seen order). */
export function tagsOf(games: readonly Pick<LotteryGame, 'gameMenuTag'>[]): string[] {
  const seen = [...new Set(games.map((game) => game.gameMenuTag))];
  const known = lotteryMenuTags.filter((tag) => seen.includes(tag));
  return [...known, ...seen.filter((tag) => !(known as string[]).includes(tag))];
}

/**
 * "4:05", "1:02:03", or with whole days first "6 d 12:02:50": whole seconds left, never
 * negative. `daysText` words the days in the page's language ("6 d", "6 दिन").
 */
export function formatRemain(ms: number, daysText: (days: number) => string): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  const clock =
    hours > 0 || days > 0
      ? `${days > 0 ? String(hours).padStart(2, '0') : hours}:${String(minutes).padStart(2, '0')}:${seconds}`
      : `${minutes}:${seconds}`;
  return days > 0 ? `${daysText(days)} ${clock}` : clock;
}

/** How a bet type's selection is written: digits per number and how many numbers. */
export function selectionShape(betType: BetType): { digits: number; numbers: number } {
  switch (betType) {
    case 'lo':
    case 'de':
      return { digits: 2, numbers: 1 };
    case 'bao_lo':
    case 'ba_cang':
      return { digits: 3, numbers: 1 };
    case 'dau':
    case 'duoi':
      return { digits: 1, numbers: 1 };
    case 'xien2':
      return { digits: 2, numbers: 2 };
    case 'xien3':
      return { digits: 2, numbers: 3 };
    case 'xien4':
      return { digits: 2, numbers: 4 };
  }
}

/**
 * What one selection of a bet type costs in units (the doc of `betTypes`): lô the layout's
 * numbers (27 or 18), bao lô its numbers of 3 digits or more, every other type one unit.
 */
export function unitsPerSelection(betType: BetType, layout: LayoutName): number {
  if (betType === 'lo') return slotsOf(layout).length;
  if (betType === 'bao_lo') return slotsOf(layout).filter((slot) => slot.digits >= 3).length;
  return 1;
}

/** The stake of a bet of the slip, minor units: unit x units per selection x selections. */
export function stakeOf(
  bet: { betType: BetType; selections: readonly string[]; unitAmount: bigint },
  layout: LayoutName,
): bigint {
  return (
    bet.unitAmount * BigInt(unitsPerSelection(bet.betType, layout)) * BigInt(bet.selections.length)
  );
}

/** Every number of `digits` digits, zero-padded ("00".."99"). */
export function allNumbers(digits: number): string[] {
  return Array.from({ length: 10 ** digits }, (_, n) => String(n).padStart(digits, '0'));
}

/**
 * `count` different selections of a bet type picked at random (`random` in [0, 1)); a xiên
 * selection is its numbers sorted and joined with '-'.
 */
export function quickPick(betType: BetType, count: number, random: () => number): string[] {
  const { digits, numbers } = selectionShape(betType);
  const pickDistinct = (n: number, from: number) => {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(n, from)) chosen.add(Math.floor(random() * from));
    return [...chosen];
  };
  const single = (n: number) => String(n).padStart(digits, '0');
  if (numbers === 1)
    return pickDistinct(count, 10 ** digits)
      .map(single)
      .sort();
  const picks = new Set<string>();
  let tries = 0;
  while (picks.size < count && tries < count * 20) {
    tries += 1;
    picks.add(
      pickDistinct(numbers, 100)
        .sort((a, b) => a - b)
        .map(single)
        .join('-'),
    );
  }
  return [...picks];
}

/** A selection the bet type takes: the right digits, xiên numbers all different. */
export function isValidSelection(betType: BetType, selection: string): boolean {
  const { digits, numbers } = selectionShape(betType);
  const parts = selection.split('-');
  if (parts.length !== numbers) return false;
  if (!parts.every((part) => new RegExp(`^\\d{${digits}}$`).test(part))) return false;
  return new Set(parts).size === parts.length;
}
