import { sql, type SQL } from 'drizzle-orm';
import type { ContractKind, DividendPeriod } from '../../../contract/agent.ts';
import type { Db } from '../../platform/db/client.ts';
import type { WalletPort } from '../wallet/wallet.port.ts';
import { endContracts, type ContractChange } from './contracts.service.ts';

/**
 * Settlement of agent contracts (issue 15), set-based: one run settles every contract of one
 * kind (and dividend period) for one period in a constant number of statements, whatever the
 * number of members, bets or contracts (never a loop per member or contract).
 *
 * The model: a contract (upline U, or the house, -> downline agent X) pays X, per period,
 * floor(base x rate / 10000). The base is X's whole team's valid turnover recorded in the period
 * (wages) or its net loss, stakes less wins (dividend; nothing when <= 0). The rate is the
 * highest tier whose thresholds the team reached, capped at U's own effective rate of the same
 * kind and period (U with no contract settled in the period, a top agent included, passes
 * nothing down), so U always keeps the difference of rates. Team totals come from the closure
 * table over the rollups; the caps go top-down along the contract chain; every wage is one
 * `ledger_post_many` item pair (the payee's credit `agent-wage:<contract>:<periodStart>`, the
 * payer's debit with `:paid`), and one `agent_wages` row per (contract, period start), in the
 * same statement.
 *
 * Exactly once: the run works inside the scheduler's claim of (job, period), its mark
 * (`agent_settlement_marks`) moves in the same transaction, and the ledger keys and the wages'
 * primary key refuse a second posting. Late bets: before reading, the run seals the rollup
 * windows up to its period's end (see `agent_rollup_seal`), so a bet transaction committing
 * afterwards lands in the next window.
 */

type Ledger = Pick<WalletPort['ledger'], 'postManySql' | 'postManyError' | 'currency'>;

/** What to settle: a wage kind, or dividends of one period length. */
export type SettlementTarget =
  { kind: Exclude<ContractKind, 'dividend'> } | { kind: 'dividend'; period: DividendPeriod };

/** One wage paid (what the payee's `wage` event says). */
export type PaidWage = {
  contractId: number;
  kind: ContractKind;
  payerId: number | null;
  payeeId: number;
  base: string;
  rateBps: number;
  amount: string;
};

export type SettlementOutcome = {
  /** The settled span: from the previous run's end (or the period's start) to the period's end. */
  from: Date;
  to: Date;
  wages: PaidWage[];
  /** Members whose balance moved. */
  members: number[];
  /** Contracts moved from terminating to ended (their last period was this one). */
  ended: number[];
  /** The downline contracts that the ends cancelled (above their upline's new cap). */
  changes: ContractChange[];
};

/** Exclusive against the rollup trigger's shared lock (migration 0028). */
const sealLock = sql`pg_advisory_xact_lock(7450, 0)`;

/**
 * Seals the rollups before `end` in the caller's transaction: waits for every bet transaction
 * that wrote a rollup row (they hold the trigger's shared lock until they commit), then moves
 * every later row of a window starting before `end` to the first open instant. After it, the
 * rows with `window_start < end` are final: a run reading them counts each bet once. Take it
 * after any wallet locks of the same transaction (bets hold their wallet, then the shared lock).
 */
export async function sealRollupsBefore(tx: Db, end: Date): Promise<void> {
  await tx.execute(sql`
    WITH locked AS (SELECT ${sealLock})
    UPDATE agent_rollup_seal
    SET sealed_before = greatest(sealed_before, ${end.toISOString()}::timestamptz)
    WHERE id = 1 AND EXISTS (SELECT 1 FROM locked)`);
}

/** Agent settlements (and the loyalty count) one at a time: each takes it first. */
export const settlementLock = sql`SELECT pg_advisory_xact_lock(7451, 0)`;

const markPeriod = (target: SettlementTarget) => (target.kind === 'dividend' ? target.period : '');

/**
 * Settles one target for the span ending at `end` (the scheduler's period), from where the last
 * run of the target stopped (or `start` for the first run). Writes through `tx` only.
 */
export async function settle(
  tx: Db,
  ledger: Ledger,
  target: SettlementTarget,
  period: { start: Date; end: Date },
  now: Date,
): Promise<SettlementOutcome> {
  const kind = target.kind;
  const dividendPeriod = markPeriod(target);
  const end = period.end.toISOString();

  // 0. One settlement at a time (the real-time and hourly runs meet at every hour): each takes
  //    its wallets, then the seal, so two of them never wait on each other in a cycle.
  await tx.execute(settlementLock);
  // The statements below cost more than PostgreSQL's JIT threshold on a big team, and compiling
  // them (the ledger function's inner statements too) took longer than running them: about
  // 1.5 s of a 2 s run in the bench. Off for this transaction only.
  await tx.execute(sql`SET LOCAL jit = off`);
  // 1. The parties' main wallets first, in the ledger's lock order, so a bet of a party (which
  //    holds its wallet, then wants the shared seal lock) never waits in a cycle with this run.
  await tx.execute(sql`
    SELECT 1 FROM wallets w
    WHERE w.currency = ${ledger.currency} AND w.kind = 'main' AND w.member_id IN (
      SELECT c.downline_id FROM agent_contracts c
      WHERE c.kind = ${kind} AND c.state IN ('active', 'terminating')
      UNION SELECT c.upline_id FROM agent_contracts c
      WHERE c.kind = ${kind} AND c.state IN ('active', 'terminating') AND c.upline_id IS NOT NULL)
    ORDER BY w.member_id, w.kind COLLATE "C"
    FOR UPDATE OF w`);
  // 2. The seal: waits for the bet transactions that wrote a rollup before it, and moves every
  //    later one past `end`.
  await sealRollupsBefore(tx, period.end);
  // 3. The mark: where the last run stopped.
  await tx.execute(sql`
    INSERT INTO agent_settlement_marks (kind, period, settled_until)
    VALUES (${kind}, ${dividendPeriod}, ${period.start.toISOString()}::timestamptz)
    ON CONFLICT DO NOTHING`);
  const marked = (await tx.execute(sql`
    SELECT (extract(epoch FROM settled_until) * 1000)::bigint::text AS "fromMs"
    FROM agent_settlement_marks
    WHERE kind = ${kind} AND period = ${dividendPeriod}
    FOR UPDATE`)) as unknown as { rows: { fromMs: string }[] };
  const from = new Date(Number(marked.rows[0]!.fromMs));
  if (from.getTime() >= period.end.getTime()) {
    return { from, to: period.end, wages: [], members: [], ended: [], changes: [] };
  }
  // 4. The wages, their postings and rows: one statement.
  let paid: { wages: PaidWage[] | null; members: number[] | null };
  try {
    const result = (await tx.execute(
      settleStatement(ledger, target, from, period.end, now),
    )) as unknown as { rows: { wages: PaidWage[] | null; members: number[] | null }[] };
    paid = result.rows[0] ?? { wages: [], members: [] };
  } catch (error) {
    throw ledger.postManyError(error);
  }
  // 5. The mark moves on; terminating contracts whose last period this was end (and their
  //    downline contracts above the new cap are cancelled, down the tree).
  await tx.execute(sql`
    UPDATE agent_settlement_marks SET settled_until = ${end}::timestamptz
    WHERE kind = ${kind} AND period = ${dividendPeriod}`);
  const due = (await tx.execute(sql`
    SELECT id FROM agent_contracts
    WHERE kind = ${kind} AND state = 'terminating' AND ends_at <= ${end}::timestamptz
      AND ${dividendFilter(target, 'agent_contracts')}`)) as unknown as { rows: { id: number }[] };
  const { ended, changes } = await endContracts(
    tx,
    due.rows.map((row) => row.id),
    now,
  );
  return {
    from,
    to: period.end,
    wages: paid.wages ?? [],
    members: paid.members ?? [],
    ended,
    changes,
  };
}

function dividendFilter(target: SettlementTarget, alias: string): SQL {
  return target.kind === 'dividend' ? sql`${sql.raw(alias)}.period = ${target.period}` : sql`true`;
}

/** The wages' one statement (exported for EXPLAIN in the bench). */
export function settleStatement(
  ledger: Pick<Ledger, 'postManySql' | 'currency'>,
  target: SettlementTarget,
  from: Date,
  end: Date,
  now: Date,
): SQL {
  const kind = target.kind;
  const fromIso = from.toISOString();
  const endIso = end.toISOString();
  const base =
    kind === 'dividend' ? sql`greatest(ch.net_loss, 0)` : sql`greatest(ch.valid_turnover, 0)`;
  return sql`
    WITH RECURSIVE c AS (
      -- The contracts in force for the whole span's end, accepted before it.
      SELECT k.id, k.upline_id, k.downline_id, k.tiers
      FROM agent_contracts k
      WHERE k.kind = ${kind} AND ${dividendFilter(target, 'k')}
        AND (k.state = 'active' OR (k.state = 'terminating' AND k.ends_at >= ${endIso}::timestamptz))
        AND k.accepted_at < ${endIso}::timestamptz
    ), team AS (
      -- Each payee's whole team (depth > 0) in the span: one pass over the span's rollups.
      SELECT t.ancestor_id AS member_id, sum(g.valid_turnover) AS valid_turnover,
        sum(g.net_loss) AS net_loss, count(DISTINCT g.member_id) FILTER (WHERE g.bet_count > 0)
          AS active
      FROM game_rollups_5m g
      JOIN agent_tree t ON t.descendant_id = g.member_id AND t.depth > 0
      WHERE g.window_start >= ${fromIso}::timestamptz AND g.window_start < ${endIso}::timestamptz
        AND t.ancestor_id IN (SELECT downline_id FROM c)
      GROUP BY t.ancestor_id
    ), reached AS (
      SELECT c.id, c.upline_id, c.downline_id,
        coalesce(team.valid_turnover, 0) AS valid_turnover, coalesce(team.net_loss, 0) AS net_loss,
        coalesce((
          SELECT max((tier->>'rateBps')::int) FROM jsonb_array_elements(c.tiers) AS tier
          WHERE coalesce(team.valid_turnover, 0) >= coalesce((tier->>'minTurnover')::bigint, 0)
            -- A zero threshold is no threshold (a team that won is not below net loss 0).
            AND (coalesce((tier->>'minNetLoss')::bigint, 0) = 0
              OR coalesce(team.net_loss, 0) >= (tier->>'minNetLoss')::bigint)
            AND coalesce(team.active, 0) >= coalesce((tier->>'minActiveMembers')::int, 0)
        ), 0) AS rate
      FROM c LEFT JOIN team ON team.member_id = c.downline_id
    ), chain AS (
      -- Top-down: a house contract keeps its rate; below, the rate is capped at the payer's.
      SELECT r.id, r.upline_id, r.downline_id, r.valid_turnover, r.net_loss, r.rate AS eff, 0 AS hops
      FROM reached r
      -- An agent without a contract of its own, a top agent included, passes nothing down.
      WHERE r.upline_id IS NULL
      UNION ALL
      SELECT r.id, r.upline_id, r.downline_id, r.valid_turnover, r.net_loss,
        least(r.rate, ch.eff), ch.hops + 1
      FROM reached r JOIN chain ch ON r.upline_id = ch.downline_id
      WHERE ch.hops < 64
    ), pay AS (
      SELECT ch.id, ch.upline_id AS payer_id, ch.downline_id AS payee_id, ch.eff AS rate, b.base,
        floor(b.base::numeric * ch.eff / 10000)::bigint AS amount
      FROM chain ch CROSS JOIN LATERAL (SELECT ${base} AS base) b
    ), outs AS (
      SELECT p.payer_id, sum(p.amount) AS total FROM pay p
      WHERE p.payer_id IS NOT NULL GROUP BY p.payer_id
    ), funded AS (
      -- Top-down again: a payer pays its downline contracts only when its balance and what it
      -- receives in this run cover them together (a dividend team's net loss can be lower than
      -- its downline teams' together); what it does not pay, its downline does not receive.
      SELECT p.id, p.payee_id,
        CASE WHEN p.payer_id IS NULL OR coalesce((SELECT w.balance FROM wallets w
            WHERE w.member_id = p.payer_id AND w.kind = 'main'
              AND w.currency = ${ledger.currency}), 0) >= o.total
          THEN p.amount ELSE 0 END AS received,
        0 AS hops
      FROM pay p LEFT JOIN outs o ON o.payer_id = p.payer_id
      WHERE p.payer_id IS NULL OR p.payer_id NOT IN (SELECT payee_id FROM pay)
      UNION ALL
      SELECT p.id, p.payee_id,
        CASE WHEN coalesce((SELECT w.balance FROM wallets w WHERE w.member_id = p.payer_id
            AND w.kind = 'main' AND w.currency = ${ledger.currency}), 0) + f.received >= o.total
          THEN p.amount ELSE 0 END,
        f.hops + 1
      FROM pay p JOIN funded f ON p.payer_id = f.payee_id JOIN outs o ON o.payer_id = p.payer_id
      WHERE f.hops < 64
    ), payable AS (
      SELECT p.* FROM pay p JOIN funded f ON f.id = p.id WHERE f.received > 0
    ), items AS (
      SELECT coalesce(json_agg(json_build_object('key', i.key, 'member_id', i.member_id,
        'wallet_kind', 'main', 'kind', i.kind, 'amount', i.amount::text,
        'reference', i.reference, 'actor', 'system:agent-settlement') ORDER BY i.ord), '[]'::json)
        AS list
      FROM (
        SELECT 'agent-wage:' || p.id || ':' || ${fromIso}::text AS key, p.payee_id AS member_id,
          'wage' AS kind, p.amount, 'agent-contract:' || p.id AS reference, 2 * p.id AS ord
        FROM payable p
        UNION ALL
        SELECT 'agent-wage:' || p.id || ':' || ${fromIso}::text || ':paid', p.payer_id, 'wage_paid',
          -p.amount, 'agent-contract:' || p.id, 2 * p.id + 1
        FROM payable p WHERE p.payer_id IS NOT NULL
      ) i
    ), posted AS (
      SELECT ${ledger.postManySql(sql`(SELECT list FROM items)`)} AS outcome
    ), wages AS (
      INSERT INTO agent_wages (contract_id, period_start, period_end, kind, payer_id, payee_id,
        base, rate_bps, amount, settled_at)
      SELECT p.id, ${fromIso}::timestamptz, ${endIso}::timestamptz, ${kind}, p.payer_id,
        p.payee_id, p.base, p.rate, p.amount, ${now.toISOString()}::timestamptz
      FROM payable p
      WHERE EXISTS (SELECT 1 FROM posted)
      ON CONFLICT DO NOTHING
      RETURNING contract_id, payer_id, payee_id, base, rate_bps, amount
    )
    SELECT
      (SELECT json_agg(json_build_object('contractId', w.contract_id, 'kind', ${kind}::text,
        'payerId', w.payer_id, 'payeeId', w.payee_id, 'base', w.base::text,
        'rateBps', w.rate_bps, 'amount', w.amount::text) ORDER BY w.contract_id)
        FROM wages w) AS wages,
      (SELECT outcome->'members' FROM posted) AS members`;
}
