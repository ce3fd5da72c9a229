import { sql } from 'drizzle-orm';
import { gameTypeName } from '../../../contract/game-type-names.ts';
import type { ClaimableItem, ClaimableSource } from './claimables.ts';

type Rows<T> = { rows: T[] };

const titles: Record<string, string> = {
  hi: 'रिबेट',
  en: 'Rebate',
  bn: 'রিবেট',
};

/**
 * The rebate as a claimable source (issue 16): one item per game type with unclaimed rebate
 * (`rebate_accruals`), its amount the sum; claimed on manualRebate (`POST /wps/rebate/claim`).
 */
export const rebateClaimables: ClaimableSource = {
  kind: 'rebate',
  async count(db, memberId) {
    const result = (await db.execute(sql`
      SELECT count(DISTINCT game_type)::int AS n FROM rebate_accruals
      WHERE member_id = ${memberId} AND claimed_at IS NULL AND amount > 0`)) as unknown as Rows<{
      n: number;
    }>;
    return result.rows[0]?.n ?? 0;
  },
  async list(db, memberId, language) {
    const result = (await db.execute(sql`
      SELECT game_type, sum(amount)::text AS amount FROM rebate_accruals
      WHERE member_id = ${memberId} AND claimed_at IS NULL AND amount > 0
      GROUP BY game_type ORDER BY game_type`)) as unknown as Rows<{
      game_type: string;
      amount: string;
    }>;
    const title = titles[language] ?? titles.en!;
    return result.rows.map((row): ClaimableItem => ({
      kind: 'rebate',
      ref: row.game_type,
      amount: BigInt(row.amount),
      title: `${title} · ${gameTypeName(row.game_type, language)}`,
    }));
  },
};
