import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import type { MemberAuthenticator } from '../http/auth.ts';
import { createRealtimeGateway, type GatewayOptions, type RealtimeGateway } from './gateway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket.io gateway: `realtime.publisher.publish(memberId, event)` after a commit. */
    realtime: RealtimeGateway;
  }
}

/**
 * Attaches the socket.io gateway to the app's HTTP server (it answers once the app listens) and
 * ties it to the app's life: sockets are dropped before the HTTP server closes, socket.io and
 * the adapter's connections after.
 */
export function registerRealtime(
  app: FastifyInstance,
  config: Config,
  deps: {
    db: Db;
    clock: Clock;
    sessions: MemberAuthenticator;
    memberNews?: GatewayOptions['memberNews'];
  },
): RealtimeGateway {
  const gateway = createRealtimeGateway({
    server: app.server,
    db: deps.db,
    sessions: deps.sessions,
    clock: deps.clock,
    log: app.log,
    databaseUrl: config.realtimeAdapter === 'postgres' ? config.databaseUrl : null,
    sessionIdleMinutes: config.sessionIdleMinutes,
    sweepSeconds: config.realtimeSweepSeconds,
    memberNews: deps.memberNews,
  });
  app.decorate('realtime', gateway);
  app.addHook('preClose', async () => gateway.stop());
  app.addHook('onClose', async () => gateway.close());
  return gateway;
}
