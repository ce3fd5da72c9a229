/**
 * What other areas may use of the agent area (issue 15): the downline tree's queries and the
 * tables, for reads inside their own transactions. Inside the area, settlement and reports
 * import the services directly (contracts.service.ts: the automatic cancellations).
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
