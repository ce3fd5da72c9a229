import type { Page, WebSocketRoute } from '@playwright/test';
import { realtimePath } from '../../../src/contract/realtime.ts';

/**
 * The real-time channel served by the test itself (socket.io's Engine.IO v4 over the
 * websocket), for walks that decide when each event arrives: the page connects as it does in
 * production, gets `sync` with sequence 0, and then exactly the frames the walk sends. No pings:
 * a walk's fake clock may jump minutes at a time.
 */
export class ServedChannel {
  private socket: WebSocketRoute | null = null;
  private connected: () => void = () => {};
  /** Settles once the page's socket has connected. */
  readonly ready = new Promise<void>((resolve) => (this.connected = resolve));

  async route(page: Page): Promise<void> {
    await page.routeWebSocket(new RegExp(`${realtimePath}/`), (ws) => {
      ws.send(
        '0{"sid":"walk","upgrades":[],"pingInterval":1000000000,"pingTimeout":1000000000,"maxPayload":1000000}',
      );
      ws.onMessage((message) => {
        if (typeof message !== 'string') return;
        if (message.startsWith('40')) {
          ws.send('40{"sid":"walk-socket"}');
          ws.send(`42${JSON.stringify(['sync', { seq: 0 }])}`);
          this.socket = ws;
          this.connected();
        } else if (message === '2') {
          ws.send('3');
        }
      });
    });
  }

  /** One event frame, as the server's gateway emits it. */
  emit(name: string, payload: unknown): void {
    if (!this.socket) throw new Error('the page has no real-time connection');
    this.socket.send(`42${JSON.stringify([name, payload])}`);
  }
}
