import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { filter, map, Observable, share, type Subscriber } from 'rxjs';
import {
  realtimePath,
  serverEventSchemas,
  type ClientToServerEvents,
  type LotteryDrawEvent,
  type SequencedEventName,
  type ServerEventName,
  type ServerEventPayloads,
  type ServerToClientEvents,
} from '../contract/realtime.ts';

/** A validated server event that carries the member's sequence number. */
export type SequencedServerEvent = {
  [K in SequencedEventName]: { name: K; payload: ServerEventPayloads[K] };
}[SequencedEventName];

/**
 * What the connection reports, shaped as the connection machine's `socket.*` events so the app
 * can send them on unchanged.
 */
export type RealtimeSignal =
  | { type: 'socket.synced'; seq: number }
  | { type: 'socket.event'; event: SequencedServerEvent }
  /** A broadcast to every socket, outside the member's sequence (a lottery draw's news). */
  | { type: 'socket.broadcast'; event: { name: 'lotteryDraw'; payload: LotteryDrawEvent } }
  | { type: 'socket.disconnected' }
  | { type: 'socket.refused'; code: string }
  | { type: 'socket.reconnectFailed' };

export type RealtimeOptions = {
  /** The session token (session storage); sent in the handshake's `auth.token`. */
  token: string;
  /** The server; default: the page's own origin. */
  url?: string;
  /** Automatic reconnection attempts before `socket.reconnectFailed`. */
  reconnectionAttempts?: number;
};

export type RealtimeConnection = {
  /** Every signal, in order. Subscribing opens the socket; the last unsubscribe closes it. */
  signals$: Observable<RealtimeSignal>;
  /** One validated stream per event type (as they arrive, not gated by sequence). */
  stream<K extends SequencedEventName>(name: K): Observable<ServerEventPayloads[K]>;
  /** Connects again now (after `socket.reconnectFailed` or when the browser is back online). */
  reconnect(): void;
};

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketFactory = (
  url: string | undefined,
  options: Partial<ManagerOptions & SocketOptions>,
) => ClientSocket;

const defaultFactory: SocketFactory = (url, options) =>
  url === undefined ? io(options) : io(url, options);

const sequencedNames: readonly SequencedEventName[] = [
  'balance',
  'unread',
  'notification',
  'wage',
  'contract',
  'agentLive',
  'lotteryBet',
  'badges',
  'mission',
  'points',
];

/** Validates a payload with the contract's schema; anything else is dropped (null). */
export function parseServerEvent<K extends ServerEventName>(
  name: K,
  payload: unknown,
): ServerEventPayloads[K] | null {
  const parsed = serverEventSchemas[name].safeParse(payload);
  return parsed.success ? (parsed.data as ServerEventPayloads[K]) : null;
}

/**
 * The one owner of the socket.io connection. WebSocket transport only (no long-polling), so
 * several server nodes need no sticky sessions. A refusal (`connect_error` while socket.io does
 * not retry) is reported as `socket.refused` with the server's code; a disconnect by the server
 * (logout elsewhere, node shutting down) is retried once at once, so a dead session shows up as
 * a refusal and a node restart as a reconnect.
 */
export function connectRealtime(
  options: RealtimeOptions,
  createSocket: SocketFactory = defaultFactory,
): RealtimeConnection {
  let socket: ClientSocket | null = null;

  const signals$ = new Observable<RealtimeSignal>((subscriber: Subscriber<RealtimeSignal>) => {
    const current = createSocket(options.url, {
      path: realtimePath,
      transports: ['websocket'],
      auth: { token: options.token },
      reconnectionAttempts: options.reconnectionAttempts ?? 10,
      autoConnect: false,
      forceNew: true,
    });
    socket = current;
    const listen = current.on.bind(current) as (
      name: string,
      listener: (payload: unknown) => void,
    ) => void;

    listen('sync', (payload) => {
      const sync = parseServerEvent('sync', payload);
      if (sync) subscriber.next({ type: 'socket.synced', seq: sync.seq });
    });
    for (const name of sequencedNames) {
      listen(name, (payload) => {
        const parsed = parseServerEvent(name, payload);
        if (!parsed) return;
        subscriber.next({
          type: 'socket.event',
          event: { name, payload: parsed } as SequencedServerEvent,
        });
      });
    }
    // No sequence number: delivered as it comes, never counted as a gap or a duplicate.
    listen('lotteryDraw', (payload) => {
      const parsed = parseServerEvent('lotteryDraw', payload);
      if (parsed)
        subscriber.next({
          type: 'socket.broadcast',
          event: { name: 'lotteryDraw', payload: parsed },
        });
    });
    current.on('connect_error', (error) => {
      // socket.active is false when the server's middleware refused the handshake.
      if (current.active) subscriber.next({ type: 'socket.disconnected' });
      else subscriber.next({ type: 'socket.refused', code: error.message });
    });
    current.on('disconnect', (reason) => {
      subscriber.next({ type: 'socket.disconnected' });
      if (reason === 'io server disconnect') current.connect();
    });
    current.io.on('reconnect_failed', () => subscriber.next({ type: 'socket.reconnectFailed' }));
    current.connect();

    return () => {
      current.removeAllListeners();
      current.io.removeAllListeners();
      current.close();
      if (socket === current) socket = null;
    };
  }).pipe(share());

  return {
    signals$,
    stream: <K extends SequencedEventName>(name: K) =>
      signals$.pipe(
        filter(
          (signal): signal is Extract<RealtimeSignal, { type: 'socket.event' }> =>
            signal.type === 'socket.event' && signal.event.name === name,
        ),
        map((signal) => signal.event.payload as ServerEventPayloads[K]),
      ),
    reconnect() {
      if (socket && !socket.connected) socket.connect();
    },
  };
}
