import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that holds a connection's traffic to the server from the
 * first chunk `holdWhen` picks (say, the adapter's LISTEN): the client waits for an answer that
 * never comes, as it would on a slow or busy network.
 */
export async function startPgProxy(databaseUrl: string, holdWhen: (chunk: Buffer) => boolean) {
  const target = new URL(databaseUrl);
  const open = new Set<Socket>();
  let holding = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    open.add(client);
    let held = false;
    client.on('data', (chunk) => {
      if (!held && holdWhen(chunk)) {
        held = true;
        holding += 1;
      }
      if (!held) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      if (open.delete(client) && held) holding -= 1;
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    /** Connections whose traffic is held and still open. */
    holding: () => holding,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
