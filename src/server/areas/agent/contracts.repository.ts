import { and, eq, inArray } from 'drizzle-orm';
import type { ContractKind } from '../../../contract/agent.ts';
import type { Db } from '../../platform/db/client.ts';
import { agentContracts } from './agent.schema.ts';

/** The kinds the member holds an in-force (active or terminating) contract of, as downline. */
export async function inForceKindsOf(db: Db, memberId: number): Promise<ContractKind[]> {
  const rows = await db
    .select({ kind: agentContracts.kind })
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.downlineId, memberId),
        inArray(agentContracts.state, ['active', 'terminating']),
      ),
    );
  return rows.map((row) => row.kind);
}
