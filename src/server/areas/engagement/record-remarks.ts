import { sql } from 'drizzle-orm';
import type { Language } from '../../../contract/constants.ts';
import { gameTypeName } from '../../../contract/game-type-names.ts';
import type { Db } from '../../platform/db/client.ts';
import type { RemarkSource } from '../wallet/wallet.port.ts';

type Rows<T> = { rows: T[] };
type Localized = Partial<Record<Language, string>>;

const words: Record<'rebate' | 'referral' | 'vipLevel', Record<Language, string>> = {
  rebate: { hi: 'रिबेट', en: 'Rebate', bn: 'রিবেট' },
  referral: { hi: 'रेफ़रल इनाम', en: 'Referral reward', bn: 'রেফারেল পুরস্কার' },
  vipLevel: { hi: 'VIP स्तर', en: 'VIP level', bn: 'VIP স্তর' },
};

const numericIds = (ids: readonly string[]) => ids.filter((id) => /^\d{1,9}$/.test(id)).map(Number);
/** The ids as one int[] parameter (`= ANY(...)`), whatever their number. */
const idArray = (ids: readonly string[]) =>
  sql`string_to_array(${numericIds(ids).join(',')}, ',')::int[]`;

/** One statement: the localized name of each id (`jsonb` titles or one column per language). */
async function namesOf(db: Db, query: ReturnType<typeof sql>, language: Language) {
  const result = (await db.execute(query)) as unknown as Rows<{ id: number; title: Localized }>;
  return new Map(
    result.rows.map((row) => [String(row.id), row.title[language] ?? row.title.en ?? '']),
  );
}

/**
 * What the bonus entries engagement posts were for, for the member's records (bonus details,
 * the account record): the promotion's, the mission's and the redeemed item's title, the
 * rebate's game type, the VIP level reached, the friend a referral reward is for. Registered
 * into the wallet's records (`app.wallet.remarks`); each answers a page in one statement.
 */
export function engagementRemarkSources(db: Db): RemarkSource[] {
  /** The `title` (jsonb, per language) of the rows of a table of this area. */
  const titled =
    (table: 'promotions' | 'mission_definitions'): RemarkSource['names'] =>
    (ids, language) =>
      namesOf(
        db,
        sql`SELECT id, title FROM ${sql.identifier(table)} WHERE id = ANY(${idArray(ids)})`,
        language,
      );
  return [
    { prefix: 'promotion', names: titled('promotions') },
    { prefix: 'mission', names: titled('mission_definitions') },
    {
      prefix: 'points-redemption',
      names: (ids, language) =>
        namesOf(
          db,
          sql`SELECT r.id, jsonb_build_object('hi', i.name_hi, 'en', i.name_en, 'bn', i.name_bn)
            AS title FROM points_redemptions r JOIN points_items i ON i.id = r.item_id
            WHERE r.id = ANY(${idArray(ids)})`,
          language,
        ),
    },
    {
      prefix: 'referral',
      names: async (ids, language) => {
        const result = (await db.execute(
          sql`SELECT id, username FROM members WHERE id = ANY(${idArray(ids)})`,
        )) as unknown as Rows<{ id: number; username: string }>;
        return new Map(
          result.rows.map((row) => [
            String(row.id),
            `${words.referral[language]}: ${row.username}`,
          ]),
        );
      },
    },
    {
      prefix: 'rebate',
      names: async (ids, language) =>
        new Map(ids.map((id) => [id, `${words.rebate[language]} · ${gameTypeName(id, language)}`])),
    },
    {
      prefix: 'vip-level',
      names: async (ids, language) =>
        new Map(
          numericIds(ids).map((level) => [String(level), `${words.vipLevel[language]} ${level}`]),
        ),
    },
  ];
}
