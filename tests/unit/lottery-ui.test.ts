import { describe, expect, it } from 'vitest';
import {
  allNumbers,
  drawsOn,
  formatRemain,
  isValidSelection,
  quickPick,
  scheduleOf,
  searchGames,
  stakeOf,
  tagsOf,
  unitsPerSelection,
  weekdays,
} from '../../src/ui/pages/lottery/lottery-logic.ts';
import { shortNumero } from '../../src/contract/lottery.ts';
import { prizesOf } from '../../src/ui/pages/lottery/lottery-results.tsx';
import {
  createLotteryFavourites,
  lotteryFavouritesKey,
} from '../../src/services/lottery-favourites.ts';
import { drawNumbers } from '../../src/contract/lottery-draw.ts';

/** A seeded generator, so quick picks are checked without chance. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe('lottery lobby logic', () => {
  it('shows at most the last 6 digits of a numero', () => {
    expect(shortNumero('202611260815')).toBe('260815');
    expect(shortNumero('20261126')).toBe('261126');
    expect(shortNumero('12345')).toBe('12345');
    expect(shortNumero(null)).toBe('');
  });

  it('filters by weekday with Monday..Saturday 2..7 and Sunday 1', () => {
    expect(weekdays.map((d) => d.value)).toEqual([2, 3, 4, 5, 6, 7, 1]);
    const sundayOnly = { drawDayOfWeek: '1' };
    const daily = { drawDayOfWeek: '1,2,3,4,5,6,7' };
    const monSat = { drawDayOfWeek: '2, 7' };
    expect(drawsOn(sundayOnly, 1)).toBe(true);
    expect(drawsOn(sundayOnly, 2)).toBe(false);
    expect(drawsOn(daily, 4)).toBe(true);
    expect(drawsOn(monSat, 7)).toBe(true);
    expect(drawsOn(monSat, 3)).toBe(false);
    expect(drawsOn(sundayOnly, null)).toBe(true);
  });

  it('searches by the shown name or id, ignoring case and spaces', () => {
    const games = [
      { gameId: 'VN_FAST_1', gameName: 'Fast 1 minute', remark: 'every minute' },
      { gameId: 'VN_MB', gameName: 'Miền Bắc', remark: 'Northern daily' },
    ];
    expect(searchGames(games, '  fast ').map((g) => g.gameId)).toEqual(['VN_FAST_1']);
    expect(searchGames(games, 'bắc').map((g) => g.gameId)).toEqual(['VN_MB']);
    expect(searchGames(games, 'vn_mb').map((g) => g.gameId)).toEqual(['VN_MB']);
    // The remark is the operator's note, not on the page: it finds nothing.
    expect(searchGames(games, 'northern')).toEqual([]);
    expect(searchGames(games, '')).toHaveLength(2);
  });

  it('orders menu tags as the menu does, unknown tags after', () => {
    const games = ['SOUTH', 'EXTRA', 'FAST', 'SOUTH', 'NORTH'].map((gameMenuTag) => ({
      gameMenuTag,
    }));
    expect(tagsOf(games)).toEqual(['FAST', 'NORTH', 'SOUTH', 'EXTRA']);
  });

  it('formats time left in whole seconds, never negative', () => {
    const days = (count: number) => `${count} d`;
    expect(formatRemain(65_000, days)).toBe('1:05');
    expect(formatRemain(3_723_000, days)).toBe('1:02:03');
    expect(formatRemain(-5, days)).toBe('0:00');
    expect(formatRemain(400, days)).toBe('0:01');
  });

  it('shows whole days before the hours of a long countdown, worded by the page', () => {
    // 156:02:50 as hours: 6 days 12:02:50.
    const ms = (156 * 3600 + 2 * 60 + 50) * 1000;
    expect(formatRemain(ms, (count) => `${count} d`)).toBe('6 d 12:02:50');
    expect(formatRemain(ms, (count) => `${count} दिन`)).toBe('6 दिन 12:02:50');
    expect(formatRemain(86_400_000, (count) => `${count} d`)).toBe('1 d 00:00:00');
    expect(formatRemain(86_399_000, (count) => `${count} d`)).toBe('23:59:59');
  });

  it('says when a game draws from the menu, never from its remark', () => {
    const at = '2026-12-02T11:15:00.000Z';
    expect(
      scheduleOf({ drawEveryMinutes: 3, drawDayOfWeek: '1,2,3,4,5,6,7', nextWinningTime: at }),
    ).toEqual({ kind: 'every', minutes: 3 });
    expect(
      scheduleOf({ drawEveryMinutes: null, drawDayOfWeek: '1,2,3,4,5,6,7', nextWinningTime: at }),
    ).toEqual({ kind: 'daily', at });
    // Sunday 1 and Saturday 7: Monday-first order, Sunday last.
    expect(
      scheduleOf({ drawEveryMinutes: null, drawDayOfWeek: '1,7', nextWinningTime: at }),
    ).toEqual({ kind: 'days', days: ['sat', 'sun'], at });
    expect(
      scheduleOf({ drawEveryMinutes: null, drawDayOfWeek: '2', nextWinningTime: null }),
    ).toBeNull();
  });
});

describe('bet slip stakes (the doc of betTypes)', () => {
  it('charges lô per number of the layout, bao lô per number of 3 digits or more', () => {
    expect(unitsPerSelection('lo', 'north27')).toBe(27);
    expect(unitsPerSelection('lo', 'south18')).toBe(18);
    expect(unitsPerSelection('bao_lo', 'north27')).toBe(23);
    expect(unitsPerSelection('bao_lo', 'south18')).toBe(17);
    for (const type of ['de', 'ba_cang', 'dau', 'duoi', 'xien2', 'xien3', 'xien4'] as const) {
      expect(unitsPerSelection(type, 'north27')).toBe(1);
    }
  });

  it('multiplies the unit by the units per selection and the selections', () => {
    const all = allNumbers(2);
    expect(all).toHaveLength(100);
    expect(all[0]).toBe('00');
    expect(stakeOf({ betType: 'lo', selections: all, unitAmount: 100n }, 'north27')).toBe(270_000n);
    expect(stakeOf({ betType: 'de', selections: ['27', '72'], unitAmount: 500n }, 'south18')).toBe(
      1000n,
    );
    expect(stakeOf({ betType: 'xien2', selections: ['12-34'], unitAmount: 1000n }, 'north27')).toBe(
      1000n,
    );
  });

  it('accepts selections of the bet type only', () => {
    expect(isValidSelection('lo', '07')).toBe(true);
    expect(isValidSelection('lo', '7')).toBe(false);
    expect(isValidSelection('ba_cang', '527')).toBe(true);
    expect(isValidSelection('dau', '5')).toBe(true);
    expect(isValidSelection('xien3', '12-34-56')).toBe(true);
    expect(isValidSelection('xien3', '12-34-12')).toBe(false);
    expect(isValidSelection('xien2', '12')).toBe(false);
  });

  it('quick-picks different valid selections', () => {
    const random = seeded(7);
    for (const type of ['lo', 'bao_lo', 'dau', 'xien2', 'xien4'] as const) {
      const picks = quickPick(type, 5, random);
      expect(new Set(picks).size).toBe(5);
      for (const pick of picks) expect(isValidSelection(type, pick), `${type} ${pick}`).toBe(true);
    }
    expect(quickPick('dau', 20, random)).toHaveLength(10);
  });
});

describe('result board', () => {
  it('groups a draw by prize, special prize first', () => {
    const numbers = drawNumbers('11'.repeat(32), 'VN_FAST_1', '202611260815', 'north27');
    const groups = prizesOf({ layout: 'north27', numbers });
    expect(groups.map((g) => [g.prize, g.numbers.length])).toEqual([
      ['special', 1],
      ['first', 1],
      ['second', 2],
      ['third', 6],
      ['fourth', 4],
      ['fifth', 6],
      ['sixth', 3],
      ['seventh', 4],
    ]);
    expect(groups[0]!.numbers[0]).toBe(numbers[0]);
    expect(prizesOf({ layout: 'south18', numbers: null })).toEqual([]);
  });
});

describe('LOTTFAV favourites', () => {
  it('keeps favourites per username under LOTTFAV', () => {
    const store = memoryStore();
    const favourites = createLotteryFavourites(store);
    favourites.set('alice', ['VN_FAST_1', 'VN_MB', 'VN_FAST_1']);
    favourites.set('bob', ['VN_MN_HCM']);
    expect(favourites.get('alice')).toEqual(['VN_FAST_1', 'VN_MB']);
    expect(favourites.get('bob')).toEqual(['VN_MN_HCM']);
    expect(favourites.get('carol')).toEqual([]);
    expect(JSON.parse(store.map.get(lotteryFavouritesKey)!)).toEqual({
      alice: ['VN_FAST_1', 'VN_MB'],
      bob: ['VN_MN_HCM'],
    });
  });

  it('reads a broken or missing store as no favourites', () => {
    const store = memoryStore();
    store.map.set(lotteryFavouritesKey, 'not json');
    expect(createLotteryFavourites(store).get('alice')).toEqual([]);
    store.map.set(lotteryFavouritesKey, '{"alice": "VN_MB"}');
    expect(createLotteryFavourites(store).get('alice')).toEqual([]);
    expect(createLotteryFavourites(null).get('alice')).toEqual([]);
  });
});
