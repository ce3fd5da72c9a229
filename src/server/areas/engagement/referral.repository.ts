import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/**
 * Referral (issue 16, missions part): a player's own code (`referral_codes`), friends bound by
 * registering with it (`members.referral_code`, the registration's `referralCode`), the rules
 * (`referral_rules`) and the reward paid once per friend (`referral_rewards`).
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A code from the member id: an injective map (so two members never share one), in base 36
 * after a `P` (agent invitation codes are the agents' own).
 */
export const codeFor = (memberId: number) =>
  `P${(memberId * 7919 + 1_000_003).toString(36).toUpperCase()}`;

/** The member's code, made on first use. */
export async function ownCode(db: Db, memberId: number, now: Date): Promise<string> {
  const [row] = rowsOf<{ code: string }>(
    await db.execute(sql`
      WITH made AS (
        INSERT INTO referral_codes (member_id, code, created_at)
        VALUES (${memberId}, ${codeFor(memberId)}, ${now.toISOString()}::timestamptz)
        ON CONFLICT (member_id) DO NOTHING RETURNING code)
      SELECT code FROM made
      UNION ALL SELECT code FROM referral_codes WHERE member_id = ${memberId}`),
  );
  return row!.code;
}

export type RulesRow = {
  enabled: boolean;
  reward: string;
  minDeposit: string;
  minTurnover: string;
};

export async function readRules(db: Db): Promise<RulesRow | null> {
  const [row] = rowsOf<RulesRow>(
    await db.execute(sql`
      SELECT enabled, reward::text AS reward, min_deposit::text AS "minDeposit",
        min_turnover::text AS "minTurnover"
      FROM referral_rules WHERE id = 1`),
  );
  return row ?? null;
}

export async function writeRules(tx: Db, rules: RulesRow, now: Date): Promise<void> {
  await tx.execute(sql`
    INSERT INTO referral_rules (id, enabled, reward, min_deposit, min_turnover, updated_at)
    VALUES (1, ${rules.enabled}, ${rules.reward}::bigint, ${rules.minDeposit}::bigint,
      ${rules.minTurnover}::bigint, ${now.toISOString()}::timestamptz)
    ON CONFLICT (id) DO UPDATE SET enabled = excluded.enabled, reward = excluded.reward,
      min_deposit = excluded.min_deposit, min_turnover = excluded.min_turnover,
      updated_at = excluded.updated_at`);
}

export type FriendRow = {
  username: string;
  registeredAt: Date | string;
  deposit: string;
  turnover: string;
  reward: string | null;
};

/** The member's referred friends with their deposits, turnover and reward: one statement. */
export async function friendsOf(db: Db, memberId: number): Promise<FriendRow[]> {
  return rowsOf<FriendRow>(
    await db.execute(sql`
      SELECT m.username, m.created_at AS "registeredAt",
        coalesce((SELECT sum(o.amount) FROM deposit_orders o
          WHERE o.member_id = m.id AND o.status = 'paid'), 0)::text AS deposit,
        coalesce((SELECT sum(g.valid_turnover) FROM game_rollups_5m g
          WHERE g.member_id = m.id), 0)::text AS turnover,
        w.reward::text AS reward
      FROM referral_codes rc
      JOIN members m ON upper(m.referral_code) = rc.code AND m.id <> rc.member_id
      LEFT JOIN referral_rewards w ON w.friend_id = m.id
      WHERE rc.member_id = ${memberId}
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT 500`),
  );
}

/**
 * Pays every referrer whose friends met the rules and were not paid yet: ONE statement for all
 * of them (the reward rows and a `ledger_post_many` item per friend, key `referral:<friend>`).
 * Answers the referrers paid.
 */
export async function payReferralRewards(
  tx: Db,
  postManySql: (items: SQL) => SQL,
  now: Date,
): Promise<number[]> {
  const [row] = rowsOf<{ outcome: { members: number[] } | null }>(
    await tx.execute(sql`
      WITH r AS (SELECT * FROM referral_rules WHERE id = 1 AND enabled),
      f AS (
        SELECT m.id AS friend_id, rc.member_id AS referrer_id
        FROM referral_codes rc
        JOIN members m ON upper(m.referral_code) = rc.code AND m.id <> rc.member_id
        WHERE EXISTS (SELECT 1 FROM r)
          AND NOT EXISTS (SELECT 1 FROM referral_rewards w WHERE w.friend_id = m.id)
      ),
      q AS (
        SELECT f.friend_id, f.referrer_id, r.reward FROM f CROSS JOIN r
        WHERE coalesce((SELECT sum(o.amount) FROM deposit_orders o
            WHERE o.member_id = f.friend_id AND o.status = 'paid'), 0) >= r.min_deposit
          AND coalesce((SELECT sum(g.valid_turnover) FROM game_rollups_5m g
            WHERE g.member_id = f.friend_id), 0) >= r.min_turnover
      ),
      ins AS (
        INSERT INTO referral_rewards (friend_id, referrer_id, reward, paid_at)
        SELECT friend_id, referrer_id, reward, ${now.toISOString()}::timestamptz FROM q
        ON CONFLICT DO NOTHING
        RETURNING friend_id, referrer_id, reward
      )
      SELECT CASE WHEN EXISTS (SELECT 1 FROM ins) THEN ${postManySql(sql`(
        SELECT json_agg(json_build_object('key', 'referral:' || friend_id,
          'member_id', referrer_id, 'wallet_kind', 'main', 'kind', 'referral_reward',
          'amount', reward::text, 'reference', 'referral:' || friend_id,
          'actor', 'system:referral') ORDER BY referrer_id, friend_id) FROM ins)`)} END AS outcome`),
  );
  return row?.outcome?.members ?? [];
}
