import type { AgentAnnouncementBody } from '../../../contract/agent.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Operator } from '../../platform/http/auth.ts';
import { agentAnnouncements } from './agent.schema.ts';

/** The operator's announcements for agents (agentAnnouncement page): written with their audit. */
export function createAgentOpsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async announce(operator: Operator, body: AgentAnnouncementBody) {
      const now = clock();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(agentAnnouncements)
          .values({ title: body.title, content: body.content, createdAt: now })
          .returning({ id: agentAnnouncements.id, createdAt: agentAnnouncements.createdAt });
        if (!row) throw new Error('announcement not inserted');
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'agent.announcement.create',
          target: `agentAnnouncement:${row.id}`,
          before: null,
          after: { title: body.title },
        });
        return { id: row.id, createdAt: row.createdAt.toISOString() };
      });
    },
  };
}
export type AgentOpsService = ReturnType<typeof createAgentOpsService>;
