import { sql } from 'drizzle-orm';
import type { Language } from '../../../contract/constants.ts';
import type {
  LoyaltySettings,
  RebateClaimReply,
  RebateRatesBody,
  RebateSummary,
  VipInfo,
  VipLevelsBody,
} from '../../../contract/loyalty.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Operator } from '../../platform/http/auth.ts';
import type { WalletPort } from '../wallet/wallet.port.ts';
import { payRebate } from './loyalty.jobs.ts';
import type { Badges } from './badges.ts';

type Rows<T> = { rows: T[] };
const suffix = (language: Language) => (language === 'hi' ? 'hi' : language === 'bn' ? 'bn' : 'en');

/** The spec's rule: the VIP service channel above rank 4, else live chat. */
export const vipServiceAbove = 4;

/**
 * Rebate (manualRebate: the unclaimed amount per game type and its claim, one ledger posting
 * per counted span and game type, never twice), VIP levels (the member's level, progress and
 * every level's benefits) and the operator's loyalty settings, rates and levels.
 */
export function createRebateService(deps: {
  db: Db;
  clock: Clock;
  ledger: Pick<WalletPort['ledger'], 'postManySql' | 'postManyError' | 'posted'>;
  /** The area's red badges: a paid claim empties the rebate's part of the reward center's. */
  badges?: Pick<Badges, 'push'>;
}) {
  const { db, clock, ledger } = deps;

  async function levelOf(conn: Db, memberId: number) {
    const result = (await conn.execute(
      sql`SELECT level, level_since FROM member_vip WHERE member_id = ${memberId}`,
    )) as unknown as Rows<{ level: number; level_since: string }>;
    return result.rows[0] ?? null;
  }

  async function settings(): Promise<LoyaltySettings> {
    const result = (await db.execute(sql`
      SELECT turnover_per_point::text AS "turnoverPerPoint", rebate_auto AS "rebateAuto",
        vip_service_url AS "vipServiceUrl", live_chat_url AS "liveChatUrl"
      FROM loyalty_settings WHERE id = 1`)) as unknown as Rows<LoyaltySettings>;
    return (
      result.rows[0] ?? {
        turnoverPerPoint: '10000',
        rebateAuto: false,
        vipServiceUrl: '',
        liveChatUrl: '',
      }
    );
  }

  return {
    settings,

    async summary(memberId: number): Promise<RebateSummary> {
      const vip = await levelOf(db, memberId);
      const level = vip?.level ?? 0;
      const result = (await db.execute(sql`
        SELECT a.game_type, sum(a.valid_turnover)::text AS vt, sum(a.amount)::text AS amount,
          coalesce((SELECT rr.rate_bps FROM rebate_rates rr WHERE rr.game_type = a.game_type
            AND rr.vip_level <= ${level} ORDER BY rr.vip_level DESC LIMIT 1), 0) AS rate
        FROM rebate_accruals a WHERE a.member_id = ${memberId} AND a.claimed_at IS NULL
        GROUP BY a.game_type ORDER BY a.game_type`)) as unknown as Rows<{
        game_type: string;
        vt: string;
        amount: string;
        rate: number;
      }>;
      const list = result.rows.map((row) => ({
        gameType: row.game_type,
        validTurnover: row.vt,
        amount: row.amount,
        rateBps: row.rate,
      }));
      const total = list.reduce((sum, row) => sum + BigInt(row.amount), 0n);
      return {
        vipLevel: level,
        total: total.toString(),
        list,
        auto: (await settings()).rebateAuto,
      };
    },

    async claim(memberId: number, gameType: string | undefined): Promise<RebateClaimReply> {
      const filter = sql`a.member_id = ${memberId} AND (${gameType ?? null}::text IS NULL
        OR a.game_type = ${gameType ?? null}::text)`;
      const paid = await db.transaction((tx) => payRebate(tx, ledger, filter, clock()));
      if (paid.postings === 0) throw new AppError(409, 'rebate_nothing_to_claim');
      if (paid.members?.length) ledger.posted(paid.members);
      void deps.badges?.push([memberId]);
      return { amount: paid.amount, postings: paid.postings };
    },

    async vipInfo(memberId: number, language: Language): Promise<VipInfo> {
      const s = suffix(language);
      const [vip, levels, rates, figures, current] = await Promise.all([
        levelOf(db, memberId),
        db.execute(sql`
          SELECT level, ${sql.raw(`name_${s}`)} AS name, min_deposit::text AS "minDeposit",
            min_turnover::text AS "minTurnover", keep_deposit::text AS "keepDeposit",
            keep_turnover::text AS "keepTurnover", upgrade_bonus::text AS "upgradeBonus",
            ${sql.raw(`benefits_${s}`)} AS benefits
          FROM vip_levels ORDER BY level`) as unknown as Promise<
          Rows<Omit<VipInfo['levels'][number], 'rebate'>>
        >,
        db.execute(
          sql`SELECT game_type AS "gameType", vip_level AS "vipLevel", rate_bps AS "rateBps"
            FROM rebate_rates ORDER BY game_type, vip_level`,
        ) as unknown as Promise<Rows<{ gameType: string; vipLevel: number; rateBps: number }>>,
        db.execute(sql`
          SELECT coalesce((SELECT turnover_total FROM member_loyalty WHERE member_id = ${memberId}), 0)::text AS turnover,
            coalesce((SELECT sum(amount) FROM deposit_orders WHERE member_id = ${memberId}
              AND status = 'paid'), 0)::text AS deposits`) as unknown as Promise<
          Rows<{ turnover: string; deposits: string }>
        >,
        settings(),
      ]);
      const level = vip?.level ?? 0;
      const rateAt = (lvl: number) => {
        const best = new Map<string, number>();
        for (const rate of rates.rows)
          if (rate.vipLevel <= lvl) best.set(rate.gameType, rate.rateBps);
        return [...best].map(([gameType, rateBps]) => ({ gameType, rateBps }));
      };
      const next = levels.rows.find((row) => row.level > level);
      const { turnover, deposits } = figures.rows[0] ?? { turnover: '0', deposits: '0' };
      const vipChannel = level > vipServiceAbove;
      return {
        vipRankLevel: level,
        hasVip: level > 0,
        levelSince: vip ? new Date(vip.level_since).toISOString() : null,
        deposits,
        turnover,
        next: next
          ? { level: next.level, deposit: next.minDeposit, turnover: next.minTurnover }
          : null,
        levels: levels.rows.map((row) => ({ ...row, rebate: rateAt(row.level) })),
        service: vipChannel
          ? { kind: 'vip', url: current.vipServiceUrl }
          : { kind: 'liveChat', url: current.liveChatUrl },
      };
    },

    async saveSettings(operator: Operator, body: LoyaltySettings) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          UPDATE loyalty_settings SET turnover_per_point = ${body.turnoverPerPoint}::bigint,
            rebate_auto = ${body.rebateAuto}, vip_service_url = ${body.vipServiceUrl},
            live_chat_url = ${body.liveChatUrl}, updated_at = ${clock().toISOString()}::timestamptz
          WHERE id = 1`);
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'loyalty.settings',
          target: 'loyalty-settings',
          before: null,
          after: body,
        });
      });
      return settings();
    },

    async saveRates(operator: Operator, body: RebateRatesBody) {
      const keys = new Set(body.rates.map((r) => `${r.gameType}:${r.vipLevel}`));
      if (keys.size !== body.rates.length) throw new AppError(400, 'bad_request');
      await db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM rebate_rates`);
        if (body.rates.length > 0) {
          await tx.execute(sql`
            INSERT INTO rebate_rates (game_type, vip_level, rate_bps)
            SELECT r."gameType", r."vipLevel", r."rateBps"
            FROM json_to_recordset(${JSON.stringify(body.rates)}::json)
              AS r("gameType" text, "vipLevel" smallint, "rateBps" int)`);
        }
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'rebate.rates',
          target: 'rebate-rates',
          before: null,
          after: body,
        });
      });
      return { ok: true as const };
    },

    async saveLevels(operator: Operator, body: VipLevelsBody) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM vip_levels`);
        if (body.levels.length > 0) {
          await tx.execute(sql`
            INSERT INTO vip_levels (level, name_hi, name_en, name_bn, min_deposit, min_turnover,
              keep_deposit, keep_turnover, upgrade_bonus, benefits_hi, benefits_en, benefits_bn)
            SELECT l.level, l."nameHi", l."nameEn", l."nameBn", l."minDeposit", l."minTurnover",
              l."keepDeposit", l."keepTurnover", l."upgradeBonus", coalesce(l."benefitsHi", ''),
              coalesce(l."benefitsEn", ''), coalesce(l."benefitsBn", '')
            FROM json_to_recordset(${JSON.stringify(body.levels)}::json) AS l(level smallint,
              "nameHi" text, "nameEn" text, "nameBn" text, "minDeposit" bigint,
              "minTurnover" bigint, "keepDeposit" bigint, "keepTurnover" bigint,
              "upgradeBonus" bigint, "benefitsHi" text, "benefitsEn" text, "benefitsBn" text)`);
        }
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'vip.levels',
          target: 'vip-levels',
          before: null,
          after: body,
        });
      });
      return { ok: true as const };
    },
  };
}

export type RebateService = ReturnType<typeof createRebateService>;
