import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type GatewayRequest = { headers: IncomingHttpHeaders; body: unknown };

/**
 * A local HTTP SMS gateway for tests: records what it receives and answers with the status the
 * test sets (and, when asked, only after a delay).
 */
export async function startSmsGateway() {
  const received: GatewayRequest[] = [];
  const state = { status: 200, delayMs: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body: text ? JSON.parse(text) : null });
      setTimeout(() => {
        response.writeHead(state.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ ok: state.status < 300 }));
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    answer(status: number, delayMs = 0) {
      state.status = status;
      state.delayMs = delayMs;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
