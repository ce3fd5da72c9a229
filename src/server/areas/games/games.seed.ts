import { sql } from 'drizzle-orm';
import type { GameCategory } from '../../../contract/routes.ts';
import type { Db } from '../../platform/db/client.ts';
import { searchTextOf } from './search-text.ts';

/**
 * The demo catalog: about 10,000 games over the demo vendors, made deterministically from word
 * lists in HI, EN and BN (some with accents, so the search's accent folding has something to
 * fold), and the built-in provider's own games. Inserted with one statement per chunk of a few
 * thousand rows (jsonb_to_recordset), never one statement per game.
 */

type Word = readonly [en: string, hi: string, bn: string];

const adjectives: readonly Word[] = [
  ['Golden', 'सुनहरा', 'সোনালী'],
  ['Lucky', 'भाग्यशाली', 'ভাগ্যবান'],
  ['Royal', 'शाही', 'রাজকীয়'],
  ['Mystic', 'रहस्यमय', 'রহস্যময়'],
  ['Wild', 'जंगली', 'বুনো'],
  ['Blazing', 'धधकता', 'জ্বলন্ত'],
  ['Sacred', 'पवित्र', 'পবিত্র'],
  ['Silver', 'चाँदी', 'রুপালি'],
  ['Crystal', 'स्फटिक', 'স্ফটিক'],
  ['Thunder', 'गरजता', 'বজ্র'],
  ['Jolly', 'मस्त', 'মজার'],
  ['Ancient', 'प्राचीन', 'প্রাচীন'],
  ['Crimson', 'लाल', 'লাল'],
  ['Emerald', 'पन्ना', 'পান্না'],
  ['Mighty', 'शक्तिशाली', 'শক্তিশালী'],
  ['Señor', 'सेन्योर', 'সেনিয়র'],
  ['Jalapeño', 'जलापेनो', 'হালাপেনো'],
  ['Crème', 'क्रीम', 'ক্রিম'],
  ['Olé', 'ओले', 'ওলে'],
  ['Café', 'कैफ़े', 'ক্যাফে'],
];

const nouns: readonly Word[] = [
  ['Tiger', 'बाघ', 'বাঘ'],
  ['Lotus', 'कमल', 'পদ্ম'],
  ['Peacock', 'मोर', 'ময়ূর'],
  ['Elephant', 'हाथी', 'হাতি'],
  ['Dragon', 'ड्रैगन', 'ড্রাগন'],
  ['Mango', 'आम', 'আম'],
  ['Cobra', 'नाग', 'গোখরা'],
  ['Diamond', 'हीरा', 'হীরা'],
  ['Temple', 'मंदिर', 'মন্দির'],
  ['Monsoon', 'मानसून', 'বর্ষা'],
  ['Phoenix', 'फ़ीनिक्स', 'ফিনিক্স'],
  ['Maharaja', 'महाराजा', 'মহারাজা'],
  ['Rani', 'रानी', 'রানি'],
  ['Fortune', 'क़िस्मत', 'ভাগ্য'],
  ['Star', 'तारा', 'তারা'],
  ['Moon', 'चाँद', 'চাঁদ'],
  ['Sun', 'सूरज', 'সূর্য'],
  ['River', 'नदी', 'নদী'],
  ['Spice', 'मसाला', 'মশলা'],
  ['Piñata', 'पिन्याटा', 'পিনিয়াটা'],
  ['Fiesta', 'फ़िएस्टा', 'ফিয়েস্তা'],
  ['Jewel', 'रत्न', 'রত্ন'],
  ['Falcon', 'बाज़', 'বাজপাখি'],
  ['Carnival', 'मेला', 'মেলা'],
  ['Kingdom', 'साम्राज्य', 'সাম্রাজ্য'],
];

const endings: readonly Word[] = [
  ['Rush', 'दौड़', 'দৌড়'],
  ['Deluxe', 'डीलक्स', 'ডিলাক্স'],
  ['Megaways', 'मेगावेज़', 'মেগাওয়েজ'],
  ['Quest', 'खोज', 'অভিযান'],
  ['Riches', 'दौलत', 'ঐশ্বর্য'],
  ['Jackpot', 'जैकपॉट', 'জ্যাকপট'],
  ['Spins', 'स्पिन', 'স্পিন'],
  ['Legends', 'किंवदंती', 'কিংবদন্তি'],
  ['Party', 'उत्सव', 'উৎসব'],
  ['Treasure', 'ख़ज़ाना', 'গুপ্তধন'],
  ['Blitz', 'तूफ़ान', 'ঝড়'],
  ['Magic', 'जादू', 'জাদু'],
  ['Nights', 'रातें', 'রাত'],
  ['Gold', 'सोना', 'সোনা'],
  ['Fever', 'जुनून', 'উন্মাদনা'],
  ['Dreams', 'सपने', 'স্বপ্ন'],
  ['Wheel', 'चक्र', 'চাকা'],
  ['Bonanza', 'बोनान्ज़ा', 'বোনানজা'],
  ['Express', 'एक्सप्रेस', 'এক্সপ্রেস'],
  ['Saga', 'गाथा', 'গাথা'],
];

/** The name of the i-th game (0..9,999 all distinct) in each language. */
export function demoGameName(index: number): { hi: string; en: string; bn: string } {
  const pick = (list: readonly Word[], at: number): Word => {
    const word = list[at % list.length];
    if (!word) throw new Error('empty word list');
    return word;
  };
  const a = pick(adjectives, index);
  const n = pick(nouns, Math.floor(index / adjectives.length));
  const e = pick(endings, Math.floor(index / (adjectives.length * nouns.length)));
  return {
    en: `${a[0]} ${n[0]} ${e[0]}`,
    hi: `${a[1]} ${n[1]} ${e[1]}`,
    bn: `${a[2]} ${n[2]} ${e[2]}`,
  };
}

/** Games per demo vendor of each category: 10,000 over the demo vendors. */
export const gamesPerVendor: Record<GameCategory, number> = {
  RNG: 500,
  FISH: 300,
  PVP: 300,
  LIVE: 250,
  SPORTS: 100,
  ESPORTS: 100,
  COCKFIGHT: 100,
  ELOTT: 200,
  LOTT: 250,
};

/** Games per vendor of the small catalog (DEMO_CATALOG=small: tests of other areas). */
export const smallPerVendor = 5;

/** Minimum bets in paise: 0.01, 0.05, 0.1, 0.5, 0.75 and 1 rupee. */
const minBets = [1n, 5n, 10n, 50n, 75n, 100n] as const;
const rngLines = [1, 9, 20, 25, 50] as const;

/** The built-in provider's vendor and games (served by this server, played in /game). */
export const builtinVendor = {
  vassalage: 'BUILTIN',
  gameType: 'RNG' as const,
  displayName: 'Rajwin Originals',
  logo: '/media/vendors/BUILTIN.svg',
};
export const builtinGames = [
  {
    gameCode: 'slot',
    gameClassify: 'slots',
    names: { en: 'Rajwin Slot', hi: 'राजविन स्लॉट', bn: 'রাজউইন স্লট' },
    minBet: 100n,
    minLineNum: 10,
  },
  {
    gameCode: 'dice',
    gameClassify: 'classic',
    names: { en: 'Rajwin Dice', hi: 'राजविन पासा', bn: 'রাজউইন পাশা' },
    minBet: 100n,
    minLineNum: 1,
  },
  {
    gameCode: 'crash',
    gameClassify: 'classic',
    names: { en: 'Rajwin Crash', hi: 'राजविन क्रैश', bn: 'রাজউইন ক্র্যাশ' },
    minBet: 100n,
    minLineNum: 1,
  },
] as const;

/**
 * The FB sports vendor's lobby game: what GCS_gameLaunchFB launches and /fbsports opens (the
 * whole sports book, not one match). Played once an operator connects a provider serving FB.
 */
export const fbLobbyGame = {
  vassalage: 'FB',
  gameType: 'SPORTS' as const,
  gameCode: 'lobby',
  gameClassify: 'lobby',
  names: { en: 'FB Sports', hi: 'FB स्पोर्ट्स', bn: 'FB স্পোর্টস' },
  minBet: 100n,
};

/** The FB lobby row when the FB vendor is among `vendors` (none without it). */
export function fbLobbyRows(vendors: readonly SeedVendor[]): CatalogSeedRow[] {
  const vendor = vendors.find((v) => v.vassalage === fbLobbyGame.vassalage);
  if (!vendor) return [];
  const game = fbLobbyGame;
  return [
    {
      vassalage: game.vassalage,
      game_type: game.gameType,
      game_code: game.gameCode,
      name_hi: game.names.hi,
      name_en: game.names.en,
      name_bn: game.names.bn,
      search_text: searchTextOf(game.names, game.gameCode),
      game_classify: game.gameClassify,
      display_name: vendor.displayName,
      min_bet: String(game.minBet),
      min_line_num: 1,
      is_hot: 1,
      popularity: 20_000,
      sort: 0,
    },
  ];
}

export type SeedVendor = { vassalage: string; gameType: GameCategory; displayName: string };
export type SeedLane = { gameType: GameCategory; gameClassify: string[] };

export type CatalogSeedRow = {
  vassalage: string;
  game_type: GameCategory;
  game_code: string;
  name_hi: string;
  name_en: string;
  name_bn: string;
  search_text: string;
  game_classify: string;
  display_name: string;
  min_bet: string;
  min_line_num: number;
  is_hot: 0 | 1;
  popularity: number;
  sort: number;
};

/** The demo rows for these vendors, in a fixed order (same input, same rows). */
export function demoCatalog(
  vendors: readonly SeedVendor[],
  lanes: readonly SeedLane[],
  size: 'full' | 'small' = 'full',
) {
  const classifyOf = new Map(lanes.map((lane) => [lane.gameType, lane.gameClassify]));
  const rows: CatalogSeedRow[] = [];
  let index = 0;
  for (const vendor of vendors) {
    if (vendor.vassalage === builtinVendor.vassalage) continue;
    const classify = classifyOf.get(vendor.gameType) ?? [];
    const perVendor = size === 'full' ? gamesPerVendor[vendor.gameType] : smallPerVendor;
    for (let position = 0; position < perVendor; position++, index++) {
      const names = demoGameName(index % 10_000);
      const gameCode = `${vendor.vassalage.toLowerCase()}_${String(position + 1).padStart(4, '0')}`;
      rows.push({
        vassalage: vendor.vassalage,
        game_type: vendor.gameType,
        game_code: gameCode,
        name_hi: names.hi,
        name_en: names.en,
        name_bn: names.bn,
        search_text: searchTextOf(names, gameCode),
        game_classify: classify[position % Math.max(classify.length, 1)] ?? 'classic',
        display_name: vendor.displayName,
        min_bet: String(minBets[(index * 7) % minBets.length]),
        min_line_num: vendor.gameType === 'RNG' ? (rngLines[index % rngLines.length] ?? 1) : 1,
        is_hot: index % 37 === 0 ? 1 : 0,
        // A fixed spread so the popular list has an order before anyone plays.
        popularity: (index * 7919) % 10_007,
        sort: position + 1,
      });
    }
  }
  for (const [position, game] of builtinGames.entries()) {
    rows.push({
      vassalage: builtinVendor.vassalage,
      game_type: builtinVendor.gameType,
      game_code: game.gameCode,
      name_hi: game.names.hi,
      name_en: game.names.en,
      name_bn: game.names.bn,
      search_text: searchTextOf(game.names, game.gameCode),
      game_classify: game.gameClassify,
      display_name: builtinVendor.displayName,
      min_bet: String(game.minBet),
      min_line_num: game.minLineNum,
      is_hot: 1,
      popularity: 20_000 - position,
      sort: position + 1,
    });
  }
  return rows;
}

/** Rows per insert statement: well under any statement size limit, few statements in all. */
export const seedChunk = 2500;

/** The name search's trigram index, as migration 0019 creates it. */
const searchIndex = sql`create index games_search_trgm_idx on games using gin (search_text gin_trgm_ops)`;

/**
 * Inserts the rows, one statement per chunk; rows already there (vendor, code) are kept.
 * `bulk`: the name search's trigram index is dropped first and built again after the insert,
 * in the same transaction. One build over the demo catalog's ~10,000 rows took 750-890 ms on
 * PGlite against 1,080-1,420 ms kept up row by row, most of a first start's seeding.
 */
export async function insertCatalogRows(
  tx: Db,
  rows: readonly CatalogSeedRow[],
  options: { bulk?: boolean } = {},
) {
  if (options.bulk) await tx.execute(sql`drop index if exists games_search_trgm_idx`);
  for (let start = 0; start < rows.length; start += seedChunk) {
    const chunk = JSON.stringify(rows.slice(start, start + seedChunk));
    await tx.execute(sql`
      insert into games (vassalage, game_type, game_code, name_hi, name_en, name_bn, search_text,
        game_classify, display_name, min_bet, min_line_num, is_hot, popularity, sort)
      select r.vassalage, r.game_type, r.game_code, r.name_hi, r.name_en, r.name_bn, r.search_text,
        r.game_classify, r.display_name, r.min_bet::bigint, r.min_line_num, r.is_hot, r.popularity,
        r.sort
      from jsonb_to_recordset(${chunk}::jsonb) as r(vassalage text, game_type text,
        game_code text, name_hi text, name_en text, name_bn text, search_text text,
        game_classify text, display_name text, min_bet text, min_line_num int, is_hot int,
        popularity int, sort int)
      on conflict (vassalage, game_code) do nothing`);
  }
  if (options.bulk) await tx.execute(searchIndex);
  // Statistics now: the planner picks the trigram index for a name search only with them, and
  // PGlite runs no autovacuum to gather them later.
  await tx.execute(sql`analyze games`);
}
