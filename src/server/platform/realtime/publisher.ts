import type { FastifyBaseLogger } from 'fastify';
import type {
  LotteryDrawEvent,
  PublishedEvent,
  SequencedEventName,
} from '../../../contract/realtime.ts';
import { createBatcher } from '../batcher.ts';
import type { Db } from '../db/client.ts';
import { takeMemberSeqs } from './realtime.repository.ts';

/** Room names: every socket of a member, of one session, and of an agent's account. */
export const rooms = {
  member: (memberId: number) => `member:${memberId}`,
  session: (sessionId: number) => `session:${sessionId}`,
  agent: (memberId: number) => `agent:${memberId}`,
  /** Every socket: the lottery's draw news (`lotteryDraw`, unnumbered). */
  lottery: 'lottery',
};

/** Agent events go to the agent room (only agent accounts join it); the rest to the member. */
const agentEvents: readonly SequencedEventName[] = ['wage', 'contract', 'agentLive'];

/** One event for one room: numbered for a member, or an unnumbered broadcast. */
export type Emission = {
  room: string;
  name: SequencedEventName | BroadcastEvent['name'];
  payload: object;
};

/** An event for every socket on every node, without a member sequence number. */
export type BroadcastEvent = { name: 'lotteryDraw'; payload: LotteryDrawEvent };

/**
 * Emits a batch of events, in order, to their rooms on this node and (through the adapter) on
 * every other node.
 */
export type RoomEmitter = (emissions: readonly Emission[]) => void;

/** One event for one member (`publishMany`). */
export type MemberEvent = { memberId: number; event: PublishedEvent };

export type Publisher = {
  /**
   * Numbers the event with the member's next sequence number and sends it to the member's
   * sockets on every node. Call it AFTER the transaction that made the change has committed.
   * Events published during one turn of the event loop are numbered together in ONE statement
   * (and those published while it runs, in the next one), then emitted in the order they were
   * published. Never throws: a failure is logged and answered with null (the next event, or the
   * client's re-read on reconnect, brings the figure back).
   */
  publish(memberId: number, event: PublishedEvent): Promise<number | null>;
  /**
   * Many events at once (a settlement): numbered in one statement, emitted in order (a member's
   * events get consecutive numbers). Answers each event's number, or null as `publish` does.
   */
  publishMany(events: readonly MemberEvent[]): Promise<(number | null)[]>;
  /**
   * Unnumbered events to every socket (the `lottery` room) on every node, in order, at once
   * (no statement). Call it after the commit. Never throws: a failure is logged.
   */
  broadcast(events: readonly BroadcastEvent[]): void;
};

export function createPublisher(deps: {
  db: Db;
  emit: RoomEmitter;
  log: Pick<FastifyBaseLogger, 'error'>;
}): Publisher {
  const batcher = createBatcher(async (batch: MemberEvent[]): Promise<(number | null)[]> => {
    let last: Map<number, number>;
    try {
      last = await takeMemberSeqs(
        deps.db,
        batch.map((one) => one.memberId),
      );
    } catch (error) {
      deps.log.error({ err: error, events: batch.length }, 'real-time publish failed');
      return batch.map(() => null);
    }
    // The batch's events of a member take the numbers up to `last`, in publishing order.
    const next = new Map<number, number>();
    for (const { memberId } of batch) next.set(memberId, (next.get(memberId) ?? 0) + 1);
    for (const [memberId, count] of next) {
      const seq = last.get(memberId);
      if (seq === undefined) next.delete(memberId);
      else next.set(memberId, seq - count + 1);
    }
    const emissions: Emission[] = [];
    const seqs = batch.map(({ memberId, event }) => {
      const seq = next.get(memberId);
      if (seq === undefined) {
        deps.log.error({ memberId, event: event.name }, 'real-time publish to an unknown member');
        return null;
      }
      next.set(memberId, seq + 1);
      const room = agentEvents.includes(event.name)
        ? rooms.agent(memberId)
        : rooms.member(memberId);
      emissions.push({ room, name: event.name, payload: { ...event.payload, seq } });
      return seq;
    });
    try {
      deps.emit(emissions);
      return seqs;
    } catch (error) {
      deps.log.error({ err: error, events: batch.length }, 'real-time publish failed');
      return batch.map(() => null);
    }
  });

  return {
    publish: (memberId, event) => batcher.add({ memberId, event }),
    publishMany: (events) => batcher.addMany(events),
    broadcast(events) {
      if (events.length === 0) return;
      try {
        deps.emit(events.map(({ name, payload }) => ({ room: rooms.lottery, name, payload })));
      } catch (error) {
        deps.log.error({ err: error, events: events.length }, 'real-time broadcast failed');
      }
    },
  };
}
