import type { FastifyBaseLogger } from 'fastify';
import type { PublishedEvent, SequencedEventName } from '../../../contract/realtime.ts';
import type { Db } from '../db/client.ts';
import { nextMemberSeq } from './realtime.repository.ts';

/** Room names: every socket of a member, of one session, and of an agent's account. */
export const rooms = {
  member: (memberId: number) => `member:${memberId}`,
  session: (sessionId: number) => `session:${sessionId}`,
  agent: (memberId: number) => `agent:${memberId}`,
};

/** Agent events go to the agent room (only agent accounts join it); the rest to the member. */
const agentEvents: readonly SequencedEventName[] = ['wage', 'contract'];

/** Emits one event to a room, on this node and (through the adapter) on every other node. */
export type RoomEmitter = (room: string, name: SequencedEventName, payload: object) => void;

export type Publisher = {
  /**
   * Numbers the event with the member's next sequence number and sends it to the member's
   * sockets on every node. Call it AFTER the transaction that made the change has committed.
   * Never throws: a failure is logged and answered with null (the next event, or the client's
   * re-read on reconnect, brings the figure back).
   */
  publish(memberId: number, event: PublishedEvent): Promise<number | null>;
};

export function createPublisher(deps: {
  db: Db;
  emit: RoomEmitter;
  log: Pick<FastifyBaseLogger, 'error'>;
}): Publisher {
  return {
    async publish(memberId, event) {
      try {
        const seq = await nextMemberSeq(deps.db, memberId);
        const room = agentEvents.includes(event.name)
          ? rooms.agent(memberId)
          : rooms.member(memberId);
        deps.emit(room, event.name, { ...event.payload, seq });
        return seq;
      } catch (error) {
        deps.log.error({ err: error, memberId, event: event.name }, 'real-time publish failed');
        return null;
      }
    },
  };
}
