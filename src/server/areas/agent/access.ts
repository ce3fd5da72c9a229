import { isModuleEnabled, type ModuleNode } from '../../../contract/system.ts';
import { contractKindFlags, contractKinds, type ContractKind } from '../../../contract/agent.ts';
import { AppError } from '../../platform/errors.ts';
import type { Db } from '../../platform/db/client.ts';
import type { SystemPort } from '../system/system.port.ts';
import { findTeamMember, type TeamMember } from './tree.repository.ts';

/**
 * The agent area's access rules (issue 15), beside the platform's `app.requireAgent` guard that
 * every agent route runs first (a live session of an agent type 1, 2, 41 or 42; players and
 * trial accounts 403 error_not_agent):
 * - a call naming a member acts only on the caller's own team (any depth): anyone else, an
 *   unknown account included, is 403 `not_in_team`, checked before anything is written;
 * - a contract kind whose module flag is off is 403 `contract_kind_disabled`.
 */

/** The member of the caller's team named by `username`, else 403 not_in_team. */
export async function teamMemberOr403(
  db: Db,
  agentId: number,
  username: string,
): Promise<TeamMember> {
  const member = await findTeamMember(db, agentId, username);
  if (!member) throw new AppError(403, 'not_in_team');
  return member;
}

/** The contract kinds whose module flag is on (spec section 2), in contract order. */
export function enabledKinds(modules: readonly ModuleNode[]): ContractKind[] {
  return contractKinds.filter((kind) => isModuleEnabled(modules, contractKindFlags[kind]));
}

/** 403 contract_kind_disabled when the kind's module flag is off. */
export async function kindEnabledOr403(
  system: Pick<SystemPort, 'whitelabel'>,
  kind: ContractKind,
): Promise<void> {
  if (!enabledKinds(await system.whitelabel()).includes(kind)) {
    throw new AppError(403, 'contract_kind_disabled');
  }
}
