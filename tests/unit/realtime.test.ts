import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstValueFrom, take, tap, toArray } from 'rxjs';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimePath } from '../../src/contract/realtime.ts';
import {
  connectRealtime,
  parseServerEvent,
  type RealtimeSignal,
} from '../../src/realtime/realtime-client.ts';

/** A bare socket.io server speaking the contract: tokens it knows, events the test sends. */
let http: HttpServer;
let server: Server;
let url = '';
const liveTokens = new Set(['tok-live', 'tok-ends']);

beforeAll(async () => {
  http = createServer();
  server = new Server(http, { path: realtimePath });
  server.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: string }).token ?? '';
    next(liveTokens.has(token) ? undefined : new Error('not_logged_in'));
  });
  server.on('connection', (socket) => {
    const token = (socket.handshake.auth as { token: string }).token;
    void socket.join(token);
    socket.emit('sync', { seq: 3 });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server.close();
});

/** Collects signals until `until` says stop. */
function collect(signals: RealtimeSignal[], until: (signal: RealtimeSignal) => boolean) {
  return (signal: RealtimeSignal) => {
    signals.push(signal);
    return until(signal);
  };
}

describe('connectRealtime', () => {
  it('reports sync, then validated events; payloads that break the contract are dropped', async () => {
    const connection = connectRealtime({ url, token: 'tok-live' });
    const signals: RealtimeSignal[] = [];
    const balances: string[] = [];
    const balanceSub = connection
      .stream('balance')
      .subscribe((event) => balances.push(event.balance));
    const done = new Promise<void>((resolve) => {
      const stop = collect(
        signals,
        (signal) => signal.type === 'socket.event' && signal.event.name === 'unread',
      );
      const sub = connection.signals$.subscribe((signal) => {
        if (signal.type === 'socket.synced') {
          server.to('tok-live').emit('balance', { balance: '1050', seq: 4 });
          server.to('tok-live').emit('balance', { balance: '10.5', seq: 5 });
          server.to('tok-live').emit('balance', { balance: 1050, seq: 5 });
          server.to('tok-live').emit('unread', { count: 2, seq: 5 });
        }
        if (stop(signal)) {
          sub.unsubscribe();
          resolve();
        }
      });
    });
    await done;
    balanceSub.unsubscribe();
    expect(signals).toEqual([
      { type: 'socket.synced', seq: 3 },
      { type: 'socket.event', event: { name: 'balance', payload: { balance: '1050', seq: 4 } } },
      { type: 'socket.event', event: { name: 'unread', payload: { count: 2, seq: 5 } } },
    ]);
    expect(balances).toEqual(['1050']);
  });

  it('reports a refused token with the server code', async () => {
    const connection = connectRealtime({ url, token: 'tok-unknown' });
    expect(await firstValueFrom(connection.signals$)).toEqual({
      type: 'socket.refused',
      code: 'not_logged_in',
    });
  });

  it('after a disconnect by the server it tries once more: a dead session shows as refused', async () => {
    const connection = connectRealtime({ url, token: 'tok-ends' });
    const signals = connection.signals$.pipe(
      tap((signal) => {
        if (signal.type !== 'socket.synced') return;
        // Logged out elsewhere: the session ends and the server drops the socket.
        liveTokens.delete('tok-ends');
        server.in('tok-ends').disconnectSockets(true);
      }),
      take(3),
      toArray(),
    );
    expect(await firstValueFrom(signals)).toEqual([
      { type: 'socket.synced', seq: 3 },
      { type: 'socket.disconnected' },
      { type: 'socket.refused', code: 'not_logged_in' },
    ]);
  });

  it('a node going away is a disconnect followed by a new sync', async () => {
    const connection = connectRealtime({ url, token: 'tok-live' });
    let synced = 0;
    const signals = connection.signals$.pipe(
      tap((signal) => {
        if (signal.type !== 'socket.synced' || (synced += 1) > 1) return;
        // The connection drops under the socket (a node restarting, a network change).
        for (const socket of server.of('/').sockets.values()) socket.conn.close();
      }),
      take(3),
      toArray(),
    );
    expect((await firstValueFrom(signals)).map((signal) => signal.type)).toEqual([
      'socket.synced',
      'socket.disconnected',
      'socket.synced',
    ]);
  });

  it('reads any server event with the contract schemas', () => {
    expect(parseServerEvent('sync', { seq: 0 })).toEqual({ seq: 0 });
    expect(parseServerEvent('unread', { count: -1, seq: 1 })).toBeNull();
    expect(
      parseServerEvent('notification', {
        id: 'n1',
        kind: 'withdrawApproved',
        title: null,
        params: { amount: 5000 },
        createdAt: '2026-05-01T10:00:00.000Z',
        seq: 2,
      }),
    ).toMatchObject({ kind: 'withdrawApproved' });
    expect(parseServerEvent('contract', { contractId: 1, status: 'signed', seq: 1 })).toBeNull();
  });
});
