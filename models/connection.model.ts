import { connectionMachine, type SequencedEvent } from '../src/machines/connection.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { connectionMachine };

export const balanceEvent = (seq: number, balance = '125050'): SequencedEvent => ({
  name: 'balance',
  payload: { balance, seq },
});
export const unreadEvent = (seq: number, count = 2): SequencedEvent => ({
  name: 'unread',
  payload: { count, seq },
});
export const notificationEvent = (seq: number): SequencedEvent => ({
  name: 'notification',
  payload: {
    id: '6f1c2a7e-0b1d-4c55-9a43-3f2f4f1d2e10',
    kind: 'depositArrived',
    title: null,
    params: { amount: 50_000 },
    createdAt: '2026-05-01T10:00:00.000Z',
    seq,
  },
});

export const model = defineModel({
  name: 'connection',
  title: 'Real-time connection (socket.io)',
  summary:
    "The player's live channel for balance, unread count, notifications and agent events. It " +
    'starts connecting with the session token; the server first sends the member’s current ' +
    'sequence number, and then balance and unread count are read again over HTTP (resync). ' +
    'Events must follow each other by one: an event already taken in is dropped, a gap is ' +
    'delivered and triggers a resync. A lost connection reconnects by itself (resync again); ' +
    'when the browser goes offline or the attempts run out the channel is offline until the ' +
    'browser is back online or the player retries. A refused token (logged out, expired, ' +
    'disabled account) ends the channel.',
  source: 'src/machines/connection.machine.ts',
  machine: connectionMachine,
  project: (context) => ({ lastSeq: context.lastSeq }),
  events: {
    'socket.synced': [
      { label: 'nothing published yet (seq 0)', seq: 0 },
      { label: 'seq 1', seq: 1 },
    ],
    'socket.event': [
      { label: 'balance, seq 1', event: balanceEvent(1) },
      { label: 'notification, seq 2', event: notificationEvent(2) },
      { label: 'unread, seq 5 (gap)', event: unreadEvent(5) },
    ],
    'socket.disconnected': [{}],
    'socket.refused': [{ label: 'session_expired', code: 'session_expired' }],
    'socket.reconnectFailed': [{}],
    'app.offline': [{}],
    'app.online': [{}],
    'user.retry': [{}],
  },
  states: {
    'connection.connecting': {
      shows: 'the header balance as last read over HTTP; no connection notice',
      testId: 'header-account',
    },
    'connection.connected': {
      shows: 'the header balance and badges changing without a reload as events arrive',
      testId: 'header-account',
    },
    'connection.reconnecting': {
      shows: 'the header with a small "reconnecting" notice; figures stay as they were',
      testId: 'connection-reconnecting',
    },
    'connection.offline': {
      shows: 'an "offline" notice with a retry button; figures stay as they were',
      testId: 'connection-offline',
    },
    'connection.refused': {
      shows: 'the session check runs; with an ended session the header shows the login button',
      testId: 'header-login',
    },
  },
});
