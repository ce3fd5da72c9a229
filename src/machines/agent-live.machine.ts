import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { AgentLive } from '../contract/agent.ts';

/** What the socket tells the live view (the app turns the channel's events into these). */
export type AgentLiveSocketEvent =
  /** A bet of the team landed (`agentLive`), a wage settled (`wage`), a contract moved (`contract`). */
  | { type: 'socket.liveChanged'; reason: 'bet' | 'wage' | 'contract' }
  /** The channel dropped; the figures shown may be behind. */
  | { type: 'socket.disconnected' }
  /** The channel is back (after its resync). */
  | { type: 'socket.reconnected' };

export type AgentLiveEvent =
  | AgentLiveSocketEvent
  | { type: 'user.retry' }
  /** The countdown reached the next settlement: the window rolled over. */
  | { type: 'timer.windowClosed' };

export type AgentLiveContext = {
  live: AgentLive | null;
  /** Seconds to the next settlement, on the server's time of the last read. */
  secondsLeft: number;
  /** News came while a read was on its way: read once more after it. */
  again: boolean;
  /** The last read's error code (the error state says it). */
  error: string | null;
};

/** Seconds from the server's time of a read to the window's end (the next settlement). */
export const secondsToSettlement = (live: AgentLive): number =>
  Math.max(0, Math.ceil((Date.parse(live.windowEnd) - Date.parse(live.serverTime)) / 1000));

const errorCode = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'network_error';

/** A fresh read: its figures, the countdown from its server time, no news pending. */
const taken = (live: AgentLive) => ({
  live,
  secondsLeft: secondsToSettlement(live),
  again: false,
  error: null,
});

/**
 * `agentLiveMachine`: the agent live view (agentLive page). Loading reads the open real-time
 * wage window (`loadLive`); then live: the countdown to the next settlement runs on the server's
 * time, and every piece of news of the channel (a team bet, a wage, a contract step, `watchLive`)
 * reads it again (news during a read makes one more read after it, never a queue); the countdown
 * reaching the settlement reads the new window. A dropped channel shows the figures as stale
 * while it reconnects; once back, they are read again. A failed read while live shows them stale
 * and retries after `staleRetry` (or at once on the person's retry); a failed first read is an
 * error with a retry.
 */
export const agentLiveMachine = setup({
  types: {
    context: {} as AgentLiveContext,
    events: {} as AgentLiveEvent,
  },
  actors: {
    loadLive: fromPromise<AgentLive>(async () => {
      throw new Error('loadLive is supplied by the app');
    }),
    watchLive: fromCallback<AgentLiveEvent>(() => {
      throw new Error('watchLive is supplied by the app');
    }),
  },
  actions: {
    countDown: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
    markAgain: assign({ again: true }),
    closeWindow: raise({ type: 'timer.windowClosed' }),
  },
  guards: {
    hasMoreNews: ({ context }) => context.again,
    /** The tick that reaches the settlement (only that one: a failed read does not loop). */
    isLastSecond: ({ context }) => context.secondsLeft === 1,
  },
  delays: {
    tick: 1000,
    staleRetry: 5000,
  },
}).createMachine({
  id: 'agentLive',
  context: { live: null, secondsLeft: 0, again: false, error: null },
  invoke: { id: 'watchLive', src: 'watchLive' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadLive',
        src: 'loadLive',
        onDone: { target: 'live', actions: assign(({ event }) => taken(event.output)) },
        onError: {
          target: 'error',
          actions: assign({ error: ({ event }) => errorCode(event.error) }),
        },
      },
    },
    live: {
      type: 'parallel',
      on: { 'socket.disconnected': 'reconnecting' },
      states: {
        data: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'socket.liveChanged': 'refreshing',
                'timer.windowClosed': 'refreshing',
              },
            },
            refreshing: {
              invoke: {
                id: 'loadLive',
                src: 'loadLive',
                onDone: [
                  {
                    guard: 'hasMoreNews',
                    target: 'refreshing',
                    reenter: true,
                    actions: assign(({ event }) => taken(event.output)),
                  },
                  { target: 'idle', actions: assign(({ event }) => taken(event.output)) },
                ],
                onError: '#agentLive.stale',
              },
              on: {
                'socket.liveChanged': { actions: 'markAgain' },
                'timer.windowClosed': { actions: 'markAgain' },
              },
            },
          },
        },
        clock: {
          initial: 'counting',
          states: {
            counting: {
              after: {
                tick: [
                  {
                    guard: 'isLastSecond',
                    target: 'counting',
                    reenter: true,
                    actions: ['countDown', 'closeWindow'],
                  },
                  { target: 'counting', reenter: true, actions: 'countDown' },
                ],
              },
            },
          },
        },
      },
    },
    /** The channel is down: the figures shown may be behind. */
    reconnecting: {
      tags: ['stale'],
      on: { 'socket.reconnected': 'resyncing' },
    },
    resyncing: {
      tags: ['stale', 'busy'],
      invoke: {
        id: 'loadLive',
        src: 'loadLive',
        onDone: { target: 'live', actions: assign(({ event }) => taken(event.output)) },
        onError: 'stale',
      },
      on: { 'socket.disconnected': 'reconnecting' },
    },
    /** A read failed while the figures were shown: they stay, marked stale, and are read again. */
    stale: {
      tags: ['stale'],
      after: { staleRetry: 'resyncing' },
      on: {
        'user.retry': 'resyncing',
        'socket.liveChanged': 'resyncing',
        'socket.disconnected': 'reconnecting',
      },
    },
    error: {
      on: { 'user.retry': 'loading' },
    },
  },
});
