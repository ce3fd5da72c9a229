import { sql } from 'drizzle-orm';
import type {
  BetType,
  GameConfig,
  LotteryRegion,
  ResultSource,
} from '../../../contract/lottery.ts';
import type { LayoutName } from '../../../contract/lottery-draw.ts';
import type { Language } from '../../../contract/constants.ts';
import type { Db } from '../../platform/db/client.ts';
import type { SeedStep } from '../../platform/seed/seed.ts';
import type { Clock } from '../../platform/clock.ts';
import type { OutcomeKeys } from '../../platform/keys/outcome-keys.ts';
import { assertDrawKeys, recommitScheduledDraws } from './draw-seeds.ts';
import { generatePeriods } from './schedule.ts';

/**
 * The lottery games as data (issue 14): the Northern daily draw, the Central and Southern
 * stations on their weekly rota, and three fast in-house draws. Weekdays are the spec's values
 * (Sunday 1 .. Saturday 7); the croner pattern takes the same days as 0..6.
 */

export const vietnamTimeZone = 'Asia/Ho_Chi_Minh';

/** Odds (hundredths) and unit limits (minor units of INR) per bet type. */
const odds: Record<BetType, number> = {
  lo: 8_000,
  bao_lo: 60_000,
  de: 9_500,
  ba_cang: 90_000,
  dau: 900,
  duoi: 900,
  xien2: 1_700,
  xien3: 6_500,
  xien4: 25_000,
};
const maxUnit: Record<BetType, string> = {
  lo: '500000',
  bao_lo: '100000',
  de: '1000000',
  ba_cang: '100000',
  dau: '1000000',
  duoi: '1000000',
  xien2: '500000',
  xien3: '200000',
  xien4: '100000',
};

export const defaultGameConfig: GameConfig = {
  betTypes: Object.fromEntries(
    (Object.keys(odds) as BetType[]).map((betType) => [
      betType,
      { oddsX100: odds[betType], minUnit: '1000', maxUnit: maxUnit[betType] },
    ]),
  ),
  maxStakePerDraw: '50000000',
};

export type LotteryGameSeed = {
  gameId: string;
  names: Record<Language, string>;
  region: LotteryRegion;
  menuTag: string;
  layout: LayoutName;
  schedule: string;
  timeZone: string;
  drawDayOfWeek: string;
  lockSeconds: number;
  source: ResultSource;
  remark: string;
  hot: boolean;
  sort: number;
  config: GameConfig;
};

type Station = { code: string; en: string; hi: string; bn: string; days: number[] };

/** Southern stations (Miền Nam, 16:15), the published weekly rota. */
const southern: Station[] = [
  {
    code: 'HCM',
    en: 'Ho Chi Minh City',
    hi: 'हो ची मिन्ह सिटी',
    bn: 'হো চি মিন সিটি',
    days: [2, 7],
  },
  { code: 'DT', en: 'Dong Thap', hi: 'डोंग थाप', bn: 'দং থাপ', days: [2] },
  { code: 'CM', en: 'Ca Mau', hi: 'का माउ', bn: 'কা মাউ', days: [2] },
  { code: 'BTR', en: 'Ben Tre', hi: 'बेन त्रे', bn: 'বেন ত্রে', days: [3] },
  { code: 'VT', en: 'Vung Tau', hi: 'वुंग ताउ', bn: 'ভুং তাউ', days: [3] },
  { code: 'BL', en: 'Bac Lieu', hi: 'बाक लियु', bn: 'বাক লিউ', days: [3] },
  { code: 'DNA', en: 'Dong Nai', hi: 'डोंग नाई', bn: 'দং নাই', days: [4] },
  { code: 'CT', en: 'Can Tho', hi: 'कान थो', bn: 'কান থো', days: [4] },
  { code: 'ST', en: 'Soc Trang', hi: 'सोक त्रांग', bn: 'সক ত্রাং', days: [4] },
  { code: 'TN', en: 'Tay Ninh', hi: 'ताई निन्ह', bn: 'তাই নিন', days: [5] },
  { code: 'AG', en: 'An Giang', hi: 'आन जियांग', bn: 'আন জিয়াং', days: [5] },
  { code: 'BTH', en: 'Binh Thuan', hi: 'बिन्ह थुआन', bn: 'বিন থুয়ান', days: [5] },
  { code: 'VL', en: 'Vinh Long', hi: 'विन्ह लोंग', bn: 'ভিন লং', days: [6] },
  { code: 'BD', en: 'Binh Duong', hi: 'बिन्ह डुओंग', bn: 'বিন দুয়ং', days: [6] },
  { code: 'TV', en: 'Tra Vinh', hi: 'त्रा विन्ह', bn: 'ত্রা ভিন', days: [6] },
  { code: 'LA', en: 'Long An', hi: 'लोंग आन', bn: 'লং আন', days: [7] },
  { code: 'BP', en: 'Binh Phuoc', hi: 'बिन्ह फुओक', bn: 'বিন ফুওক', days: [7] },
  { code: 'HG', en: 'Hau Giang', hi: 'हाउ जियांग', bn: 'হাউ জিয়াং', days: [7] },
  { code: 'TG', en: 'Tien Giang', hi: 'तिएन जियांग', bn: 'তিয়েন জিয়াং', days: [1] },
  { code: 'KG', en: 'Kien Giang', hi: 'किएन जियांग', bn: 'কিয়েন জিয়াং', days: [1] },
  { code: 'DL', en: 'Da Lat', hi: 'दा लाट', bn: 'দা লাত', days: [1] },
];

/** Central stations (Miền Trung, 17:15), the published weekly rota. */
const central: Station[] = [
  { code: 'TTH', en: 'Thua Thien Hue', hi: 'थुआ थिएन हुए', bn: 'থুয়া থিয়েন হুয়ে', days: [1, 2] },
  { code: 'PY', en: 'Phu Yen', hi: 'फू येन', bn: 'ফু ইয়েন', days: [2] },
  { code: 'DLK', en: 'Dak Lak', hi: 'डाक लाक', bn: 'দাক লাক', days: [3] },
  { code: 'QNM', en: 'Quang Nam', hi: 'क्वांग नाम', bn: 'কোয়াং নাম', days: [3] },
  { code: 'DNG', en: 'Da Nang', hi: 'दा नांग', bn: 'দা নাং', days: [4, 7] },
  { code: 'KH', en: 'Khanh Hoa', hi: 'खान्ह होआ', bn: 'খান হোয়া', days: [1, 4] },
  { code: 'BDI', en: 'Binh Dinh', hi: 'बिन्ह दिन्ह', bn: 'বিন দিন', days: [5] },
  { code: 'QT', en: 'Quang Tri', hi: 'क्वांग त्री', bn: 'কোয়াং ত্রি', days: [5] },
  { code: 'QB', en: 'Quang Binh', hi: 'क्वांग बिन्ह', bn: 'কোয়াং বিন', days: [5] },
  { code: 'GL', en: 'Gia Lai', hi: 'जिया लाई', bn: 'জিয়া লাই', days: [6] },
  { code: 'NT', en: 'Ninh Thuan', hi: 'निन्ह थुआन', bn: 'নিন থুয়ান', days: [6] },
  { code: 'QNG', en: 'Quang Ngai', hi: 'क्वांग न्गाई', bn: 'কোয়াং এনগাই', days: [7] },
  { code: 'DNO', en: 'Dak Nong', hi: 'डाक नोंग', bn: 'দাক নং', days: [7] },
  { code: 'KT', en: 'Kon Tum', hi: 'कोन टुम', bn: 'কন তুম', days: [1] },
];

/** Croner's weekday field (0 Sunday .. 6 Saturday) from the spec's values (1 Sunday .. 7). */
const cronDays = (days: number[]) => days.map((day) => day - 1).join(',');

function stationGames(
  stations: Station[],
  region: 'central' | 'south',
  at: { hour: number; minute: number },
  sortFrom: number,
): LotteryGameSeed[] {
  const prefix = region === 'south' ? 'VN_MN' : 'VN_MT';
  const regionName =
    region === 'south'
      ? { en: 'Southern', hi: 'दक्षिणी', bn: 'দক্ষিণ' }
      : { en: 'Central', hi: 'मध्य', bn: 'মধ্য' };
  return stations.map((station, index) => ({
    gameId: `${prefix}_${station.code}`,
    names: { en: station.en, hi: station.hi, bn: station.bn },
    region,
    menuTag: region === 'south' ? 'SOUTH' : 'CENTRAL',
    layout: 'south18',
    schedule: `0 ${at.minute} ${at.hour} * * ${cronDays(station.days)}`,
    timeZone: vietnamTimeZone,
    drawDayOfWeek: [...station.days].sort().join(','),
    lockSeconds: 15 * 60,
    source: 'feed',
    remark: `${regionName.en} ${String(at.hour).padStart(2, '0')}:${String(at.minute).padStart(2, '0')}`,
    hot: station.code === 'HCM' || station.code === 'DNG',
    sort: sortFrom + index,
    config: defaultGameConfig,
  }));
}

const everyDay = '1,2,3,4,5,6,7';

function fastGame(minutes: 1 | 3 | 5, layout: LayoutName, lockSeconds: number, sort: number) {
  return {
    gameId: `VN_FAST_${minutes}`,
    names: {
      en: `Fast ${minutes} min`,
      hi: `फ़ास्ट ${minutes} मिनट`,
      bn: `ফাস্ট ${minutes} মিনিট`,
    },
    region: 'fast',
    menuTag: 'FAST',
    layout,
    schedule: minutes === 1 ? '0 * * * * *' : `0 */${minutes} * * * *`,
    timeZone: vietnamTimeZone,
    drawDayOfWeek: everyDay,
    lockSeconds,
    source: 'rng',
    remark: `Every ${minutes} min`,
    hot: minutes === 1,
    sort,
    config: defaultGameConfig,
  } satisfies LotteryGameSeed;
}

export const lotteryGameSeeds: LotteryGameSeed[] = [
  fastGame(1, 'north27', 10, 1),
  fastGame(3, 'south18', 20, 2),
  fastGame(5, 'north27', 30, 3),
  {
    gameId: 'VN_MB',
    names: { en: 'Northern (Hanoi)', hi: 'उत्तरी (हनोई)', bn: 'উত্তর (হ্যানয়)' },
    region: 'north',
    menuTag: 'NORTH',
    layout: 'north27',
    schedule: '0 15 18 * * *',
    timeZone: vietnamTimeZone,
    drawDayOfWeek: everyDay,
    lockSeconds: 15 * 60,
    source: 'feed',
    remark: 'Northern 18:15',
    hot: true,
    sort: 10,
    config: defaultGameConfig,
  },
  ...stationGames(central, 'central', { hour: 17, minute: 15 }, 20),
  ...stationGames(southern, 'south', { hour: 16, minute: 15 }, 40),
];

/** The games in one statement; a game already there (an operator's edits) is kept. */
export async function insertLotteryGames(tx: Db, games: readonly LotteryGameSeed[]) {
  await tx.execute(sql`
    INSERT INTO lottery_games (game_id, names, region, menu_tag, layout, schedule, time_zone,
      draw_day_of_week, lock_seconds, source, remark, hot, sort, config)
    SELECT g."gameId", g.names, g.region, g."menuTag", g.layout, g.schedule, g."timeZone",
      g."drawDayOfWeek", g."lockSeconds", g.source, g.remark, g.hot, g.sort, g.config
    FROM jsonb_to_recordset(${JSON.stringify(games)}::jsonb) AS g(
      "gameId" text, names jsonb, region text, "menuTag" text, layout text, schedule text,
      "timeZone" text, "drawDayOfWeek" text, "lockSeconds" int, source text, remark text,
      hot boolean, sort int, config jsonb)
    ON CONFLICT (game_id) DO NOTHING`);
}

/**
 * The games once, then at every start: the scheduled draws committed again under the current
 * outcome key (older keys, seeds stored in clear by an earlier version), a check that every
 * draw still to be drawn has its key, and the draws ahead (the period generator; the job keeps
 * them coming while the server runs).
 */
export const lotterySeedSteps = (clock: Clock, keys: OutcomeKeys): SeedStep[] => [
  { name: 'lottery-games-v1', run: (tx) => insertLotteryGames(tx, lotteryGameSeeds) },
  {
    name: 'lottery-draw-commitments',
    everyStart: true,
    run: async (db) => {
      await recommitScheduledDraws(db, keys);
      await assertDrawKeys(db, keys);
    },
  },
  {
    name: 'lottery-periods',
    everyStart: true,
    run: async (db) => {
      await generatePeriods(db, clock(), keys);
    },
  },
];
