import { sql } from 'drizzle-orm';
import { constants } from '../../../contract/constants.ts';
import type { AgentLiveAccrual, AgentLiveFeedItem, ContractKind } from '../../../contract/agent.ts';
import type { Db } from '../../platform/db/client.ts';

/**
 * The agent live view's reads (issue 34): ONE statement for the open window's figures and
 * accruals, ONE for the feed, ONE that finds the agents above a batch of players. Other areas'
 * tables (game_rollups_5m, game_bets, lottery_bets, sessions) are read by name, as the reports
 * and the settlement read them.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (date: Date) => date.toISOString();
const agentTypes = sql.raw(constants.agentCenterTypes.join(', '));

export type LiveFigures = {
  validTurnover: string;
  netLoss: string;
  windowBets: number;
  activeMembers: number;
  onlineMembers: number;
  recentBets: number;
  accruals: AgentLiveAccrual[];
};

/**
 * The team's figures in [from, to) (the rollups' windows, as the settlement counts them), its
 * live sessions and its bets since `recentSince`, and, per contract the agent holds (active or
 * terminating), what the window has earned so far: the settlement's rule over the agent's chain
 * of contracts only (its ancestors'), each rate the highest tier its team reached, capped
 * top-down at the payer's.
 */
export async function liveFigures(
  db: Db,
  agentId: number,
  window: { from: Date; to: Date; now: Date; recentSince: Date; idleSince: Date },
): Promise<LiveFigures> {
  const from = iso(window.from);
  const to = iso(window.to);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return tx.execute(sql`
    WITH RECURSIVE team AS MATERIALIZED (
      SELECT descendant_id AS id FROM agent_tree WHERE ancestor_id = ${agentId} AND depth > 0
    ), mine AS (
      SELECT coalesce(sum(g.valid_turnover), 0)::text AS valid_turnover,
        coalesce(sum(g.net_loss), 0)::text AS net_loss, coalesce(sum(g.bet_count), 0)::int AS bets,
        (count(DISTINCT g.member_id) FILTER (WHERE g.bet_count > 0))::int AS active
      FROM team JOIN game_rollups_5m g ON g.member_id = team.id
        AND g.window_start >= ${from}::timestamptz AND g.window_start < ${to}::timestamptz
    ), online AS (
      SELECT count(DISTINCT s.member_id)::int AS n
      FROM team JOIN sessions s ON s.member_id = team.id AND s.revoked_at IS NULL
        AND s.expires_at > ${iso(window.now)}::timestamptz
        AND s.last_seen_at > ${iso(window.idleSince)}::timestamptz
    ), recent AS (
      SELECT ((SELECT count(*) FROM team JOIN game_bets b ON b.member_id = team.id
          AND b.placed_at >= ${iso(window.recentSince)}::timestamptz)
        + (SELECT count(*) FROM team JOIN lottery_bets b ON b.member_id = team.id
          AND b.created_at >= ${iso(window.recentSince)}::timestamptz))::int AS n
    ), c AS (
      -- The contracts in force of the agent and of every agent above it (its chain).
      SELECT k.id, k.kind, k.period, k.upline_id, k.downline_id, k.tiers
      FROM agent_contracts k
      WHERE k.downline_id IN (SELECT ancestor_id FROM agent_tree WHERE descendant_id = ${agentId})
        AND k.state IN ('active', 'terminating') AND k.accepted_at IS NOT NULL
    ), chain_team AS (
      SELECT t.ancestor_id AS member_id, sum(g.valid_turnover) AS valid_turnover,
        sum(g.net_loss) AS net_loss,
        count(DISTINCT g.member_id) FILTER (WHERE g.bet_count > 0) AS active
      FROM game_rollups_5m g
      JOIN agent_tree t ON t.descendant_id = g.member_id AND t.depth > 0
      WHERE g.window_start >= ${from}::timestamptz AND g.window_start < ${to}::timestamptz
        AND t.ancestor_id IN (SELECT downline_id FROM c)
      GROUP BY t.ancestor_id
    ), reached AS (
      SELECT c.id, c.kind, c.period, c.upline_id, c.downline_id,
        greatest(CASE WHEN c.kind = 'dividend' THEN coalesce(ct.net_loss, 0)
          ELSE coalesce(ct.valid_turnover, 0) END, 0) AS base,
        coalesce((
          SELECT max((tier->>'rateBps')::int) FROM jsonb_array_elements(c.tiers) AS tier
          WHERE coalesce(ct.valid_turnover, 0) >= coalesce((tier->>'minTurnover')::bigint, 0)
            AND (coalesce((tier->>'minNetLoss')::bigint, 0) = 0
              OR coalesce(ct.net_loss, 0) >= (tier->>'minNetLoss')::bigint)
            AND coalesce(ct.active, 0) >= coalesce((tier->>'minActiveMembers')::int, 0)
        ), 0) AS rate
      FROM c LEFT JOIN chain_team ct ON ct.member_id = c.downline_id
    ), chain AS (
      SELECT r.id, r.kind, r.period, r.downline_id, r.base, r.rate AS eff, 0 AS hops
      FROM reached r WHERE r.upline_id IS NULL
      UNION ALL
      SELECT r.id, r.kind, r.period, r.downline_id, r.base, least(r.rate, ch.eff), ch.hops + 1
      FROM reached r JOIN chain ch ON r.upline_id = ch.downline_id AND r.kind = ch.kind
        AND r.period IS NOT DISTINCT FROM ch.period
      WHERE ch.hops < 64
    )
    SELECT mine.valid_turnover AS "validTurnover", mine.net_loss AS "netLoss",
      mine.bets AS "windowBets", mine.active AS "activeMembers", online.n AS "onlineMembers",
      recent.n AS "recentBets",
      (SELECT coalesce(json_agg(json_build_object('contractId', ch.id, 'kind', ch.kind,
          'period', ch.period, 'rateBps', ch.eff, 'base', ch.base::text,
          'amount', floor(ch.base::numeric * ch.eff / 10000)::bigint::text) ORDER BY ch.id), '[]')
        FROM chain ch WHERE ch.downline_id = ${agentId}) AS accruals
    FROM mine, online, recent`);
  });
  const row = rowsOf<LiveFigures>(result)[0];
  if (!row) throw new Error('live figures: no row');
  return row;
}

type FeedRow = {
  type: 'wage' | 'contract';
  kind: ContractKind;
  contractId: number;
  direction: AgentLiveFeedItem['direction'];
  state: string | null;
  counterparty: string | null;
  amount: string | null;
  at: Date | string;
  periodStart: Date | string | null;
};

const statusOfState: Record<string, AgentLiveFeedItem['status']> = {
  pending: 'requested',
  active: 'accepted',
  rejected: 'rejected',
  terminating: 'terminated',
  ended: 'terminated',
  cancelled: 'cancelled',
};

/** The agent's latest wages (received and paid) and contract steps, newest first. */
export async function liveFeed(
  db: Db,
  agentId: number,
  limit: number,
): Promise<AgentLiveFeedItem[]> {
  const rows = rowsOf<FeedRow>(
    await db.execute(sql`
    SELECT * FROM (
      (SELECT 'wage' AS type, w.kind, w.contract_id AS "contractId", 'received' AS direction,
        NULL AS state, m.username AS counterparty, w.amount::text AS amount, w.settled_at AS at,
        w.period_start AS "periodStart"
      FROM agent_wages w LEFT JOIN members m ON m.id = w.payer_id
      WHERE w.payee_id = ${agentId} ORDER BY w.settled_at DESC LIMIT ${limit})
      UNION ALL
      (SELECT 'wage', w.kind, w.contract_id, 'paid', NULL, m.username, w.amount::text,
        w.settled_at, w.period_start
      FROM agent_wages w JOIN members m ON m.id = w.payee_id
      WHERE w.payer_id = ${agentId} ORDER BY w.settled_at DESC LIMIT ${limit})
      UNION ALL
      (SELECT 'contract', k.kind, k.id,
        CASE WHEN k.downline_id = ${agentId} THEN 'downline' ELSE 'upline' END, k.state,
        CASE WHEN k.downline_id = ${agentId} THEN u.username ELSE d.username END, NULL,
        k.updated_at, NULL
      FROM agent_contracts k JOIN members d ON d.id = k.downline_id
        LEFT JOIN members u ON u.id = k.upline_id
      WHERE k.downline_id = ${agentId} OR k.upline_id = ${agentId}
      ORDER BY k.updated_at DESC LIMIT ${limit})
    ) f ORDER BY f.at DESC, f."contractId" DESC LIMIT ${limit}`),
  );
  return rows.map((row) => {
    const at = new Date(row.at).toISOString();
    const status = row.type === 'contract' ? (statusOfState[row.state ?? ''] ?? null) : null;
    return {
      id:
        row.type === 'wage'
          ? `wage:${row.contractId}:${new Date(row.periodStart ?? row.at).toISOString()}`
          : `contract:${row.contractId}:${status ?? ''}`,
      type: row.type,
      kind: row.kind,
      contractId: Number(row.contractId),
      direction: row.direction,
      status,
      counterparty: row.counterparty ?? '',
      amount: row.amount,
      at,
    };
  });
}

/**
 * Per member, the agents (types 1, 2, 41, 42) above it at any depth (none: an empty list), in one
 * statement for the whole batch.
 */
export async function agentsAbove(
  db: Db,
  memberIds: readonly number[],
): Promise<Map<number, number[]>> {
  if (memberIds.length === 0) return new Map();
  const ids = `{${[...new Set(memberIds.map((id) => Math.trunc(id)))].join(',')}}`;
  const rows = rowsOf<{ id: number; agents: number[] }>(
    await db.execute(sql`
    SELECT b.id, coalesce(array_agg(t.ancestor_id) FILTER (WHERE m.id IS NOT NULL), '{}') AS agents
    FROM unnest(${ids}::int[]) AS b(id)
    LEFT JOIN agent_tree t ON t.descendant_id = b.id AND t.depth > 0
    LEFT JOIN members m ON m.id = t.ancestor_id AND m.type IN (${agentTypes})
    GROUP BY b.id`),
  );
  return new Map(rows.map((row) => [Number(row.id), row.agents.map(Number)]));
}
