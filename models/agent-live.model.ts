import type { AgentLive } from '../src/contract/agent.ts';
import { agentLiveMachine } from '../src/machines/agent-live.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { agentLiveMachine };

/** A read of the open window, `secondsLeft` before the next settlement. */
export const liveRead = (secondsLeft: number, validTurnover = '2000000'): AgentLive => ({
  serverTime: new Date(Date.parse('2026-12-03T10:05:00.000Z') - secondsLeft * 1000).toISOString(),
  windowStart: '2026-12-03T10:00:00.000Z',
  windowEnd: '2026-12-03T10:05:00.000Z',
  windowSeconds: 300,
  validTurnover,
  netLoss: '150000',
  windowBets: 12,
  activeMembers: 3,
  onlineMembers: 5,
  recentBets: 14,
  accruals: [
    {
      contractId: 7,
      kind: 'realtime',
      period: null,
      rateBps: 50,
      base: validTurnover,
      amount: String((BigInt(validTurnover) * 50n) / 10_000n),
    },
  ],
  accruedTotal: String((BigInt(validTurnover) * 50n) / 10_000n),
  feed: [
    {
      id: 'wage:7:2026-12-03T09:55:00.000Z',
      type: 'wage',
      kind: 'realtime',
      contractId: 7,
      direction: 'received',
      status: null,
      counterparty: 'uplineagent',
      amount: '9000',
      at: '2026-12-03T10:00:01.000Z',
    },
  ],
});

const failure = { code: 'network_error', message: 'Network error' };

export const model = defineModel({
  name: 'agent-live',
  title: 'Agent live view (agentLive)',
  summary:
    'The open real-time wage window of an agent, live: the team turnover, the wage accrued so ' +
    'far per contract, who is online and the latest wages and contract steps, with a countdown ' +
    "to the next settlement on the server's time. Loading reads it; every piece of news of the " +
    'channel (a team bet, a wage, a contract step) reads it again, and news during a read makes ' +
    'one more read after it; the countdown reaching the settlement reads the new window. A ' +
    'dropped channel marks the figures stale until it is back and they are read again; a failed ' +
    'read marks them stale and retries after 5 s or on retry; a failed first read is an error ' +
    'with a retry.',
  source: 'src/machines/agent-live.machine.ts',
  machine: agentLiveMachine,
  // The guards read whether news is pending and whether the next tick reaches the settlement.
  project: (context) => ({ again: context.again, last: context.secondsLeft === 1 }),
  events: {
    'socket.liveChanged': [
      { label: 'a team bet', reason: 'bet' },
      { label: 'a wage settled', reason: 'wage' },
    ],
    'socket.disconnected': [{}],
    'socket.reconnected': [{}],
    'user.retry': [{}],
    'timer.windowClosed': [{}],
    'xstate.done.actor.loadLive': [
      { label: '4 min to the settlement', output: liveRead(240) },
      { label: '1 s to the settlement', output: liveRead(1) },
    ],
    'xstate.error.actor.loadLive': [{ label: 'network error', error: failure }],
    'xstate.after.tick.agentLive.live.clock.counting': [{}],
    'xstate.after.staleRetry.agentLive.stale': [{}],
  },
  states: {
    'agentLive.loading': {
      shows: 'a loading indicator in the live view',
      testId: 'ag-live-loading',
    },
    'agentLive.live': {
      shows: 'the window figures, the accrued wage, the team activity and the feed',
      testId: 'ag-live',
    },
    'agentLive.live.data': {
      shows: 'the figures of the last read',
      testId: 'ag-live-figures',
    },
    'agentLive.live.data.idle': {
      shows: 'the figures of the last read, marked live',
      testId: 'ag-live-status',
    },
    'agentLive.live.data.refreshing': {
      shows: 'the figures of the last read while they are read again (no spinner)',
      testId: 'ag-live-figures',
    },
    'agentLive.live.clock': {
      shows: 'the countdown to the next settlement',
      testId: 'ag-live-countdown',
    },
    'agentLive.live.clock.counting': {
      shows: 'the countdown going down by one second every second',
      testId: 'ag-live-countdown',
    },
    'agentLive.reconnecting': {
      shows: 'the figures of the last read, marked stale: reconnecting',
      testId: 'ag-live-stale',
    },
    'agentLive.resyncing': {
      shows: 'the figures of the last read, marked stale, while they are read again',
      testId: 'ag-live-stale',
    },
    'agentLive.stale': {
      shows: 'the figures of the last read, marked stale, with a retry button',
      testId: 'ag-live-stale',
    },
    'agentLive.error': {
      shows: 'the error with a retry button',
      testId: 'ag-live-error',
    },
  },
});
