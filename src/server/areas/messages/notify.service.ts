import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { notifyBodySchema } from '../../../contract/realtime.ts';
import type { Db } from '../../platform/db/client.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { findMemberById } from '../../platform/members/members.queries.ts';
import type { Publisher } from '../../platform/realtime/publisher.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Operator } from '../../platform/http/auth.ts';

type NotifyBody = z.infer<typeof notifyBodySchema>;

/**
 * An operator's live note to one player: audited, then (after the commit) sent as a
 * `notification` of kind `message` to the player's open sockets on every node.
 */
export function createNotifyService(deps: { db: Db; clock: Clock; publisher: Publisher }) {
  return {
    async notify(operator: Operator, memberId: number, body: NotifyBody) {
      const id = randomUUID();
      const createdAt = deps.clock();
      await deps.db.transaction(async (tx) => {
        const member = await findMemberById(tx, memberId);
        if (!member) throw new AppError(404, 'not_found');
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'member.notify',
          target: `member:${memberId}`,
          before: null,
          after: { id, title: body.title, text: body.text },
        });
      });
      const seq = await deps.publisher.publish(memberId, {
        name: 'notification',
        payload: {
          id,
          kind: 'message',
          title: body.title,
          params: { text: body.text },
          createdAt: createdAt.toISOString(),
        },
      });
      if (seq === null) throw new AppError(503, 'system_error');
      return { id, seq };
    },
  };
}

export type NotifyService = ReturnType<typeof createNotifyService>;
