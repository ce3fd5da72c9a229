import {
  agentCenterPageKeys,
  contractKindPages,
  contractKinds,
  type AgentCenter,
  type AgentCenterPageKey,
} from '../../../contract/agent.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { MemberRow } from '../../platform/http/auth.ts';
import type { SystemPort } from '../system/system.port.ts';
import { enabledKinds } from './access.ts';
import { inForceKindsOf } from './contracts.repository.ts';
import { directUplineOf } from './tree.repository.ts';

/** The real-time wage window (AGENT_REALTIME_WINDOW_SECONDS, default 300 s). */
export function realtimeWindowSeconds(config: Config): number {
  const seconds = (config as Partial<Record<'agentRealtimeWindowSeconds', number>>)
    .agentRealtimeWindowSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : 300;
}

/**
 * The kinds an agent may offer to its downline: the kind's flag is on and the agent holds an
 * in-force contract of it (a top agent's is the operator's root contract), whose rate caps
 * the offer; without one there is nothing to pass down.
 */
export async function offerableKinds(
  db: Db,
  system: Pick<SystemPort, 'whitelabel'>,
  agentId: number,
) {
  const [modules, held] = await Promise.all([system.whitelabel(), inForceKindsOf(db, agentId)]);
  return enabledKinds(modules).filter((kind) => held.includes(kind));
}

export function createCenterService(deps: {
  db: Db;
  config: Config;
  system: Pick<SystemPort, 'whitelabel'>;
}) {
  const { db, system } = deps;
  return {
    /** The agent center's menu and the agent (`agentPaths.center`). */
    async center(agent: MemberRow): Promise<AgentCenter> {
      const modules = await system.whitelabel();
      const on = enabledKinds(modules);
      const hidden = new Set<AgentCenterPageKey>(
        contractKinds.filter((kind) => !on.includes(kind)).map((kind) => contractKindPages[kind]),
      );
      const [upline, offerable] = await Promise.all([
        directUplineOf(db, agent.id),
        offerableKinds(db, system, agent.id),
      ]);
      return {
        username: agent.username,
        type: agent.type,
        pages: agentCenterPageKeys.filter((page) => !hidden.has(page)),
        offerableKinds: offerable,
        realtimeWindowSeconds: realtimeWindowSeconds(deps.config),
        upline: upline?.username ?? null,
      };
    },
  };
}
export type CenterService = ReturnType<typeof createCenterService>;
