import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ContractKind,
  ContractState,
  ContractTier,
  DividendPeriod,
} from '../../../contract/agent.ts';
import type { Db } from '../../platform/db/client.ts';
import { members } from '../../platform/members/members.schema.ts';
import { agentContracts } from './agent.schema.ts';

/** The states a contract is in force in (paid by settlement; at most one per (downline, kind)). */
export const inForceStates: ContractState[] = ['active', 'terminating'];

export type ContractRow = typeof agentContracts.$inferSelect;
/** A contract with its parties' accounts (upline '' for the house). */
export type ContractWithParties = ContractRow & { uplineName: string; downlineName: string };

const uplines = alias(members, 'contract_upline');
const downlines = alias(members, 'contract_downline');

async function withParties(db: Db, where: SQL | undefined, limit = 500) {
  const rows = await db
    .select({
      contract: agentContracts,
      uplineName: uplines.username,
      downlineName: downlines.username,
    })
    .from(agentContracts)
    .leftJoin(uplines, eq(uplines.id, agentContracts.uplineId))
    .innerJoin(downlines, eq(downlines.id, agentContracts.downlineId))
    .where(where)
    .orderBy(desc(agentContracts.id))
    .limit(limit);
  return rows.map((row): ContractWithParties => ({
    ...row.contract,
    uplineName: row.uplineName ?? '',
    downlineName: row.downlineName,
  }));
}

/** Contracts by id, with their parties. */
export function contractsByIds(db: Db, ids: readonly number[]): Promise<ContractWithParties[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return withParties(db, inArray(agentContracts.id, [...ids]));
}

/** The member's contracts of a kind (or every kind), either role, newest first. */
export function contractsOfMember(
  db: Db,
  memberId: number,
  kind?: ContractKind,
): Promise<ContractWithParties[]> {
  const party = or(eq(agentContracts.uplineId, memberId), eq(agentContracts.downlineId, memberId));
  return withParties(db, kind ? and(party, eq(agentContracts.kind, kind)) : party);
}

/** One contract, locked for the caller's transaction. */
export async function lockContract(tx: Db, id: number): Promise<ContractRow | undefined> {
  const [row] = await tx
    .select()
    .from(agentContracts)
    .where(eq(agentContracts.id, id))
    .for('update');
  return row;
}

/** The downline's in-force contract of the kind, locked. */
export async function lockInForce(
  tx: Db,
  downlineId: number,
  kind: ContractKind,
): Promise<ContractRow | undefined> {
  const [row] = await tx
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.downlineId, downlineId),
        eq(agentContracts.kind, kind),
        inArray(agentContracts.state, inForceStates),
      ),
    )
    .for('update');
  return row;
}

/** The kinds the member holds an in-force contract of, as downline. */
export async function inForceKindsOf(db: Db, memberId: number): Promise<ContractKind[]> {
  const rows = await db
    .select({ kind: agentContracts.kind })
    .from(agentContracts)
    .where(
      and(eq(agentContracts.downlineId, memberId), inArray(agentContracts.state, inForceStates)),
    );
  return rows.map((row) => row.kind);
}

/** The member's pending offers (as downline) and in-force contracts per kind, in one statement. */
export async function contractCountsOf(db: Db, memberId: number) {
  return db
    .select({
      kind: agentContracts.kind,
      pending: sql<number>`count(*) filter (where ${agentContracts.state} = 'pending')::int`,
      inForce: sql<number>`count(*) filter (where ${agentContracts.state} in ('active', 'terminating'))::int`,
    })
    .from(agentContracts)
    .where(eq(agentContracts.downlineId, memberId))
    .groupBy(agentContracts.kind);
}

/** A contract an upline made with this key (a retried offer). */
export async function findByOfferKey(tx: Db, uplineId: number, offerKey: string) {
  const [row] = await tx
    .select()
    .from(agentContracts)
    .where(and(eq(agentContracts.uplineId, uplineId), eq(agentContracts.offerKey, offerKey)));
  return row;
}

export async function insertContract(
  tx: Db,
  values: {
    kind: ContractKind;
    state: ContractState;
    uplineId: number | null;
    downlineId: number;
    period: DividendPeriod | null;
    tiers: ContractTier[];
    maxRateBps: number;
    offerKey: string | null;
    now: Date;
  },
): Promise<ContractRow> {
  const { now, ...rest } = values;
  const [row] = await tx
    .insert(agentContracts)
    .values({
      ...rest,
      createdAt: now,
      updatedAt: now,
      acceptedAt: values.state === 'active' ? now : null,
    })
    .returning();
  if (!row) throw new Error('contract not inserted');
  return row;
}

/**
 * Moves contracts from one of `from` states to `to` (conditional: a contract already moved by
 * another request is left alone); answers the ones moved.
 */
export async function moveContracts(
  tx: Db,
  where: SQL,
  from: readonly ContractState[],
  set: Partial<Pick<ContractRow, 'state' | 'acceptedAt' | 'endsAt' | 'terminatedBy'>> & {
    now: Date;
  },
): Promise<ContractRow[]> {
  const { now, ...values } = set;
  return tx
    .update(agentContracts)
    .set({ ...values, updatedAt: now })
    .where(and(where, inArray(agentContracts.state, [...from])))
    .returning();
}

export type CancelledContract = { id: number; downlineId: number; uplineId: number | null };

/**
 * The automatic cancellation one level down: every pending or in-force contract of the kind
 * offered by one of `uplineIds` whose highest rate is above that upline's own cap (the highest
 * rate of its in-force contract of the kind; 0 without one, a top agent's included). One
 * statement; answers the cancelled rows.
 */
export async function cancelAboveCaps(
  tx: Db,
  kind: ContractKind,
  uplineIds: readonly number[],
  now: Date,
): Promise<CancelledContract[]> {
  if (uplineIds.length === 0) return [];
  const ids = `{${[...new Set(uplineIds)].join(',')}}`;
  const result = (await tx.execute(sql`
    WITH caps AS (
      SELECT u.id AS upline_id,
        (SELECT max(c.max_rate_bps) FROM agent_contracts c
          WHERE c.downline_id = u.id AND c.kind = ${kind}
            AND c.state IN ('active', 'terminating')) AS cap
      FROM unnest(${ids}::int[]) AS u(id)
    )
    UPDATE agent_contracts c
    SET state = 'cancelled', ends_at = ${now.toISOString()}::timestamptz,
      updated_at = ${now.toISOString()}::timestamptz
    FROM caps
    WHERE c.upline_id = caps.upline_id AND c.kind = ${kind}
      AND c.state IN ('pending', 'active', 'terminating')
      AND c.max_rate_bps > coalesce(caps.cap, 0)
    RETURNING c.id, c.downline_id AS "downlineId", c.upline_id AS "uplineId"
  `)) as unknown as { rows: { id: number; downlineId: number; uplineId: number | null }[] };
  return result.rows.map((row) => ({
    id: Number(row.id),
    downlineId: Number(row.downlineId),
    uplineId: row.uplineId === null ? null : Number(row.uplineId),
  }));
}
