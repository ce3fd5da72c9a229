import type { FastifyBaseLogger } from 'fastify';
import { agentLiveFeedSize, type AgentLive } from '../../../contract/agent.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { MemberRow } from '../../platform/http/auth.ts';
import type { Publisher } from '../../platform/realtime/publisher.ts';
import { LRUCache } from 'lru-cache';
import { createBatcher } from '../../platform/batcher.ts';
import { agentsAbove, liveFeed, liveFigures } from './live.repository.ts';

/** "Bets in the last 5 minutes" of the live view. */
const recentMs = 5 * 60_000;

/** The open real-time window at `now`: multiples of the window since the epoch, as settled. */
export function openWindow(now: Date, windowSeconds: number): { from: Date; to: Date } {
  const ms = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / ms) * ms;
  return { from: new Date(start), to: new Date(start + ms) };
}

/**
 * The agent live view (issue 34): the snapshot of the open real-time wage window
 * (`agentPaths.live`: two statements, the figures with the accruals, and the feed).
 */
export function createLiveService(deps: {
  db: Db;
  clock: Clock;
  windowSeconds: number;
  sessionIdleMinutes: number;
}) {
  const { db, clock, windowSeconds } = deps;
  return {
    async snapshot(agent: MemberRow): Promise<AgentLive> {
      const now = clock();
      const window = openWindow(now, windowSeconds);
      // Two independent reads: one round trip's wait, not two.
      const [figures, feed] = await Promise.all([
        liveFigures(db, agent.id, {
          ...window,
          now,
          recentSince: new Date(now.getTime() - recentMs),
          idleSince: new Date(now.getTime() - deps.sessionIdleMinutes * 60_000),
        }),
        liveFeed(db, agent.id, agentLiveFeedSize),
      ]);
      const accruedTotal = figures.accruals.reduce((sum, one) => sum + BigInt(one.amount), 0n);
      return {
        serverTime: now.toISOString(),
        windowStart: window.from.toISOString(),
        windowEnd: window.to.toISOString(),
        windowSeconds,
        validTurnover: figures.validTurnover,
        netLoss: figures.netLoss,
        windowBets: figures.windowBets,
        activeMembers: figures.activeMembers,
        onlineMembers: figures.onlineMembers,
        recentBets: figures.recentBets,
        accruals: figures.accruals,
        accruedTotal: accruedTotal.toString(),
        feed,
      };
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;

/**
 * Tells the agents above the players whose play just committed that their live view should read
 * again: an `agentLive` event to each agent's room, at most one per agent per `throttleMs`
 * (the first at once, one more at the end of the pause when more play came meanwhile). Cheap per
 * update: the players of one turn of the event loop not seen lately make ONE statement (their
 * agents, then kept), and the events of one turn are numbered in ONE statement (the publisher's
 * batch).
 */
export function createLiveNotifier(deps: {
  db: Db;
  clock: Clock;
  publisher: Pick<Publisher, 'publishMany'>;
  log: Pick<FastifyBaseLogger, 'error'>;
  throttleMs: number;
}) {
  /** Agents in their pause: whether more play came for them meanwhile. */
  const pausing = new Map<number, { again: boolean; timer: NodeJS.Timeout }>();
  let stopped = false;

  const push = (agentIds: readonly number[]) => {
    if (agentIds.length === 0 || stopped) return;
    const at = deps.clock().toISOString();
    void deps.publisher.publishMany(
      agentIds.map((memberId) => ({
        memberId,
        event: { name: 'agentLive', payload: { reason: 'bet', at } },
      })),
    );
    for (const id of agentIds) pause(id);
  };

  function pause(agentId: number) {
    const timer = setTimeout(() => {
      const entry = pausing.get(agentId);
      pausing.delete(agentId);
      if (entry?.again) push([agentId]);
    }, deps.throttleMs);
    timer.unref();
    pausing.set(agentId, { again: false, timer });
  }

  // A member's upline never changes (the closure tree): its agents are looked up once, then
  // kept a while (an ancestor made an agent later is seen when the entry expires).
  const known = new LRUCache<number, readonly number[]>({ max: 50_000, ttl: 10 * 60_000 });
  const lookups = createBatcher(async (memberIds: number[]): Promise<null[]> => {
    try {
      const agents = new Set<number>();
      const unknown = memberIds.filter((id) => !known.has(id));
      const found = await agentsAbove(deps.db, unknown);
      for (const [id, above] of found) known.set(id, above);
      for (const id of memberIds)
        for (const agent of known.get(id) ?? found.get(id) ?? []) agents.add(agent);
      const now: number[] = [];
      for (const id of agents) {
        const entry = pausing.get(id);
        if (entry) entry.again = true;
        else now.push(id);
      }
      push(now);
    } catch (error) {
      deps.log.error({ err: error }, 'agent live notice failed');
    }
    return memberIds.map(() => null);
  });

  return {
    /** Members whose play committed (the ledger's `onPlayed`). */
    played(memberIds: readonly number[]) {
      if (stopped || memberIds.length === 0) return;
      void lookups.addMany(memberIds);
    },
    stop() {
      stopped = true;
      for (const { timer } of pausing.values()) clearTimeout(timer);
      pausing.clear();
    },
  };
}
