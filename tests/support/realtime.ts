import { io, type Socket } from 'socket.io-client';
import {
  realtimePath,
  type ClientToServerEvents,
  type SequencedEventName,
  type ServerEventName,
  type ServerEventPayloads,
  type ServerToClientEvents,
} from '../../src/contract/realtime.ts';

export type Received = {
  [K in ServerEventName]: { name: K; payload: ServerEventPayloads[K] };
}[ServerEventName];

const eventNames: ServerEventName[] = [
  'sync',
  'balance',
  'unread',
  'notification',
  'wage',
  'contract',
  'agentLive',
  'badges',
  'points',
];

/**
 * A socket.io client as the app connects (WebSocket, `auth.token`), recording every event.
 * `next(name)` waits for the next event of that name not yet taken; `connected()` resolves on
 * connect and rejects with the server's refusal code.
 */
export function realtimeClient(baseUrl: string, token: string | null) {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(baseUrl, {
    path: realtimePath,
    transports: ['websocket'],
    auth: token === null ? {} : { token },
    reconnection: false,
    forceNew: true,
  });
  const received: Received[] = [];
  const taken = new Set<number>();
  const waiters: Array<() => void> = [];
  // Listens by name; the payload's type follows from the name (Received).
  const listen = socket.on.bind(socket) as (
    name: string,
    listener: (payload: unknown) => void,
  ) => void;
  for (const name of eventNames) {
    listen(name, (payload) => {
      received.push({ name, payload } as Received);
      for (const wake of waiters.splice(0)) wake();
    });
  }
  const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));
  return {
    socket,
    received,
    disconnected,
    connected: () =>
      new Promise<void>((resolve, reject) => {
        if (socket.connected) resolve();
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error) => reject(error));
      }),
    refusal: () =>
      new Promise<string>((resolve, reject) => {
        socket.once('connect', () => reject(new Error('connected')));
        socket.once('connect_error', (error) => resolve(error.message));
      }),
    async next<K extends ServerEventName>(name: K): Promise<ServerEventPayloads[K]> {
      for (;;) {
        const index = received.findIndex((event, i) => event.name === name && !taken.has(i));
        if (index >= 0) {
          taken.add(index);
          return received[index]?.payload as ServerEventPayloads[K];
        }
        await new Promise<void>((wake) => waiters.push(wake));
      }
    },
    /**
     * The next `name` event newer than `seq` (the `sync` event's): a member event published
     * before the connection can still arrive after it through the PostgreSQL adapter, and the
     * client drops it as already known, as the site does.
     */
    async nextAfter<K extends SequencedEventName>(
      name: K,
      seq: number,
    ): Promise<ServerEventPayloads[K]> {
      for (;;) {
        const event = await this.next(name);
        if (event.seq > seq) return event;
      }
    },
    close: () => socket.close(),
  };
}
