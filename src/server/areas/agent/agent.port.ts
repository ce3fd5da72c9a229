/**
 * What other areas may use of the agent area (issue 15): the downline tree's queries and the
 * tables, for reads inside their own transactions. Inside the area, settlement and reports
 * import the files directly: contracts.service.ts has `endContracts(tx, ids, now)` (terminating
 * -> ended, then the cascade), `cascadeCancellations(tx, kind,
 * agentIds, now)` (after contracts end or fall: their downline contracts above the new cap are
 * cancelled, down the tree), `contractEvents(db, changes, at)` (the `contract` events of both
 * sides, to `publishMany` after the commit), `nextPeriodBoundary` and `maxRateOf`.
 *
 * `sealRollupsBefore` and `settlementLock` are for a run that counts the bet rollups exactly once
 * (the loyalty count): the lock first, then the seal, then the rows before it are final.
 */
export {
  wholeTeam,
  directDownline,
  teamSize,
  depthInTeam,
  isInTeam,
  findTeamMember,
  directUplineOf,
  pathTo,
  type TeamMember,
} from './tree.repository.ts';
export { agentTree, agentContracts, agentWages, agentAnnouncements } from './agent.schema.ts';
export { sealRollupsBefore, settlementLock } from './settlement.ts';
