import { assign, fromCallback, sendTo, setup } from 'xstate';
import type { ServerEventPayloads, SequencedEventName } from '../contract/realtime.ts';

/** A server event that carries the member's sequence number (everything but `sync`). */
export type SequencedEvent = {
  [K in SequencedEventName]: { name: K; payload: ServerEventPayloads[K] };
}[SequencedEventName];

/** Why balance and unread count must be read again over HTTP. */
export type ResyncReason = 'connected' | 'reconnected' | 'gap';

export type ConnectionEvent =
  /** The server's first message after a (re)connect: the member's current sequence number. */
  | { type: 'socket.synced'; seq: number }
  | { type: 'socket.event'; event: SequencedEvent }
  | { type: 'socket.disconnected' }
  /** The handshake was refused: the token no longer opens a session. */
  | { type: 'socket.refused'; code: string }
  /** socket.io gave up its automatic reconnection attempts. */
  | { type: 'socket.reconnectFailed' }
  | { type: 'app.offline' }
  | { type: 'app.online' }
  | { type: 'user.retry' };

export type ConnectionContext = {
  /** The last sequence number taken in; later events must follow it by one. */
  lastSeq: number;
  /** The refusal code when the server refused the handshake. */
  refusal: string | null;
};

/** What the connection actor is told: reconnect now (browser back online, user retry). */
export type ConnectionCommand = { type: 'reconnect' };

const seqOf = (event: ConnectionEvent): number =>
  event.type === 'socket.event' ? event.event.payload.seq : 0;

/**
 * The player's real-time channel: connecting, connected, reconnecting, offline, or refused.
 * Every (re)connect asks the app to read balance and unread count again over HTTP (`resync`),
 * because events may have been published while no socket was open; so does a gap in the
 * member's sequence numbers. Events are delivered in order; one already taken in is dropped.
 * The socket itself lives in the `watchConnection` actor supplied by the app.
 */
export const connectionMachine = setup({
  types: {
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
  },
  actors: {
    /** Opens the socket and reports it as `socket.*` events; takes `reconnect` commands. */
    watchConnection: fromCallback<ConnectionCommand>(() => {
      throw new Error('watchConnection is supplied by the app');
    }),
  },
  actions: {
    /** Reads balance and unread count again over HTTP. */
    resync: (_, _params: { reason: ResyncReason }) => {},
    /** Hands an event in order to the app (session machine, toasts, agent pages). */
    deliver: (_, _params: { event: SequencedEvent }) => {},
    /** An event already taken in (sent twice or out of order): not delivered again. */
    dropEvent: (_, _params: { event: SequencedEvent }) => {},
    /** The server refused the token: the app checks the session (member info). */
    reportRefused: (_, _params: { code: string }) => {},
  },
  guards: {
    isStale: ({ context, event }) => seqOf(event) <= context.lastSeq,
    isGap: ({ context, event }) => seqOf(event) > context.lastSeq + 1,
  },
}).createMachine({
  id: 'connection',
  context: { lastSeq: 0, refusal: null },
  invoke: { id: 'watchConnection', src: 'watchConnection' },
  initial: 'connecting',
  states: {
    connecting: {
      on: {
        'socket.synced': {
          target: 'connected',
          actions: [
            assign({ lastSeq: ({ event }) => event.seq }),
            { type: 'resync', params: { reason: 'connected' } },
          ],
        },
        'socket.disconnected': 'reconnecting',
        'socket.reconnectFailed': 'offline',
        'app.offline': 'offline',
      },
    },
    connected: {
      on: {
        'socket.event': [
          {
            guard: 'isStale',
            actions: { type: 'dropEvent', params: ({ event }) => ({ event: event.event }) },
          },
          {
            guard: 'isGap',
            actions: [
              assign({ lastSeq: ({ event }) => event.event.payload.seq }),
              { type: 'deliver', params: ({ event }) => ({ event: event.event }) },
              { type: 'resync', params: { reason: 'gap' } },
            ],
          },
          {
            actions: [
              assign({ lastSeq: ({ event }) => event.event.payload.seq }),
              { type: 'deliver', params: ({ event }) => ({ event: event.event }) },
            ],
          },
        ],
        'socket.disconnected': 'reconnecting',
        'app.offline': 'offline',
      },
    },
    reconnecting: {
      on: {
        'socket.synced': {
          target: 'connected',
          actions: [
            assign({ lastSeq: ({ event }) => event.seq }),
            { type: 'resync', params: { reason: 'reconnected' } },
          ],
        },
        'socket.reconnectFailed': 'offline',
        'app.offline': 'offline',
      },
    },
    offline: {
      on: {
        'app.online': {
          target: 'reconnecting',
          actions: sendTo('watchConnection', { type: 'reconnect' }),
        },
        'user.retry': {
          target: 'reconnecting',
          actions: sendTo('watchConnection', { type: 'reconnect' }),
        },
        'socket.synced': {
          target: 'connected',
          actions: [
            assign({ lastSeq: ({ event }) => event.seq }),
            { type: 'resync', params: { reason: 'reconnected' } },
          ],
        },
      },
    },
    /** The token no longer opens a session: no more attempts. */
    refused: {},
  },
  on: {
    'socket.refused': {
      target: '.refused',
      actions: [
        assign({ refusal: ({ event }) => event.code }),
        { type: 'reportRefused', params: ({ event }) => ({ code: event.code }) },
      ],
    },
  },
});
