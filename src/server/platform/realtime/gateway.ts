import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { constants } from '../../../contract/constants.ts';
import {
  handshakeAuthSchema,
  realtimePath,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../../contract/realtime.ts';
import type { Db } from '../db/client.ts';
import { currentMemberSeq, liveSessionIds, sessionEndOf } from './realtime.repository.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { MemberAuthenticator } from '../http/auth.ts';
import { createPublisher, rooms, type Emission, type Publisher } from './publisher.ts';
import { createPostgresAdapter } from './postgres-adapter.ts';
import type { MemberCacheNews } from '../members/member-cache.ts';

const memberRoomPrefix = rooms.member(0).slice(0, -1);

/** The server-side event that carries a batch of published events to the other nodes. */
const remoteEmissions = 'realtime:emissions';
/** The server-side event that tells the other nodes which members changed (their caches). */
const remoteMemberNews = 'members:news';

/** setTimeout's longest delay (about 24.8 days); a later end is re-checked then. */
const MAX_TIMER_MS = 2_147_483_647;

/** What the gateway keeps on each socket (socket.data). */
export type SocketData = {
  memberId: number;
  sessionId: number;
  isAgent: boolean;
  /** When the session ends unless used again: its absolute end or its idle end (epoch ms). */
  endsAt: number;
  /** The session must change its password first: no member events until it has. */
  mustChangePassword: boolean;
};

/** Between nodes (through the adapter): a batch of published events, in publishing order. */
type InterServerEvents = {
  [remoteEmissions]: (emissions: Emission[]) => void;
  [remoteMemberNews]: (news: MemberCacheNews) => void;
};
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
type MemberSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

export type RealtimeGateway = {
  io: RealtimeServer;
  publisher: Publisher;
  /**
   * Disconnects every socket of these sessions, on every node (through the adapter). Called by
   * the platform's session ends (`app.sessionEnds`) after the commit that ended them.
   */
  disconnectSessions(sessionIds: readonly number[]): void;
  /** Checks the sessions of this node's sockets now; ended ones are disconnected. */
  sweep(): Promise<number>;
  /**
   * The sockets of a session that has just made its forced password change join the member's
   * rooms (and the agent room for agent accounts), on every node: its events flow from now on.
   */
  admitSession(sessionId: number, memberId: number, memberType: number): void;
  /**
   * Tells every other node (through the adapter; nothing on a single node) that these members
   * changed or these sessions ended: their member caches drop them.
   */
  tellNodes(news: MemberCacheNews): void;
  /** Whether other nodes hear `tellNodes` (the PostgreSQL adapter is on). */
  readonly crossNode: boolean;
  /** Drops this node's connections (clients reconnect) and stops the periodic check. */
  stop(): void;
  /** Closes socket.io and the adapter's database connections. */
  close(): Promise<void>;
};

export type GatewayOptions = {
  /** The Fastify app's HTTP server: socket.io answers `/socket.io` on it. */
  server: HttpServer;
  db: Db;
  sessions: MemberAuthenticator;
  clock: Clock;
  log: FastifyBaseLogger;
  /** With PostgreSQL: events reach sockets on every node through the socket.io PostgreSQL adapter. */
  databaseUrl: string | null;
  sessionIdleMinutes: number;
  /**
   * How often each node re-checks the sessions of its sockets (a backstop: every end of a
   * session cuts its sockets at once, and each socket has a timer to its session's end).
   */
  sweepSeconds: number;
  /** Where what other nodes tell lands: member news, and the balance events they publish. */
  memberNews?: {
    heard(news: MemberCacheNews): void;
    balanceEventsHeard(memberIds: readonly number[]): void;
  };
};

const isAgentType = (type: number) =>
  (constants.agentCenterTypes as readonly number[]).includes(type);

/** The rooms of a member's events: the member's, and the agent room for agent accounts. */
const memberRooms = (memberId: number, isAgent: boolean) => [
  rooms.member(memberId),
  ...(isAgent ? [rooms.agent(memberId)] : []),
];

/**
 * The socket.io gateway on the site's HTTP server. A connection must carry a live session token
 * in `auth.token` (the same check as a Bearer call: revoked, idle or past its absolute end is
 * refused). Each socket joins its member's room, its session's room, the `lottery` room (draw
 * news for everyone) and, for agent accounts, the agent room; the first event it gets is `sync` with the member's current sequence number.
 */
export function createRealtimeGateway(options: GatewayOptions): RealtimeGateway {
  const io: RealtimeServer = new Server(options.server, {
    path: realtimePath,
    serveClient: false,
    // Same origin only: the app is served by this server.
    cors: undefined,
    maxHttpBufferSize: 4096,
  });

  const idleMs = options.sessionIdleMinutes * 60_000;
  const adapter = options.databaseUrl
    ? createPostgresAdapter({ databaseUrl: options.databaseUrl, log: options.log })
    : null;
  if (adapter) io.adapter(adapter.adapter);

  io.use((socket, next) => {
    const auth = handshakeAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success) {
      next(new Error('not_logged_in'));
      return;
    }
    options.sessions.authenticate(auth.data.token).then(
      ({ member, session }) => {
        socket.data = {
          memberId: member.id,
          sessionId: session.id,
          isAgent: isAgentType(member.type),
          endsAt: Math.min(session.expiresAt.getTime(), session.lastSeenAt.getTime() + idleMs),
          mustChangePassword: session.mustChangePassword,
        };
        next();
      },
      (error: unknown) => {
        if (!(error instanceof AppError)) {
          options.log.error({ err: error }, 'real-time handshake failed');
        }
        next(new Error(error instanceof AppError ? error.code : 'system_error'));
      },
    );
  });

  /**
   * A timer per socket to its session's end: then the session is read again; ended (idle, past
   * its absolute end, revoked, member disabled) the socket is cut, else the timer waits for the
   * new end (a call since moved the idle end).
   */
  function watchSessionEnd(socket: MemberSocket) {
    let timer: NodeJS.Timeout | undefined;
    const arm = (endsAt: number) => {
      const delay = Math.min(Math.max(endsAt - options.clock().getTime(), 0), MAX_TIMER_MS);
      timer = setTimeout(check, delay);
      timer.unref();
    };
    const check = () => {
      sessionEndOf(options.db, socket.data.sessionId, idleMs).then(
        (endsAt) => {
          if (!socket.connected) return;
          if (endsAt === null || endsAt <= options.clock().getTime()) socket.disconnect(true);
          else arm(endsAt);
        },
        (error: unknown) => {
          options.log.error({ err: error }, 'real-time session end check failed');
          if (socket.connected) arm(options.clock().getTime() + options.sweepSeconds * 1000);
        },
      );
    };
    arm(socket.data.endsAt);
    socket.once('disconnect', () => clearTimeout(timer));
  }

  io.on('connection', (socket: MemberSocket) => {
    const { memberId, sessionId, isAgent, mustChangePassword } = socket.data;
    watchSessionEnd(socket);
    // Join first, then read the number: an event published in between is either counted in
    // `sync` (and covered by the client's re-read) or arrives after it with a higher number.
    // A session that must change its password joins only its own room (to be cut or admitted).
    // Every socket hears the lottery's draw news (the `lottery` room).
    void socket.join([
      rooms.session(sessionId),
      rooms.lottery,
      ...(mustChangePassword ? [] : memberRooms(memberId, isAgent)),
    ]);
    currentMemberSeq(options.db, memberId).then(
      (seq) => socket.emit('sync', { seq }),
      (error: unknown) => {
        options.log.error({ err: error }, 'real-time sync failed');
        socket.disconnect(true);
      },
    );
  });

  /** This node's sockets only, in order. */
  const emitHere = (emissions: readonly Emission[]) => {
    for (const { room, name, payload } of emissions) {
      // The contract types each payload; the publisher builds it from the same types.
      (io.local.to(room).emit as (event: string, payload: object) => boolean)(name, payload);
    }
  };
  // A batch reaches this node's sockets at once and in order, and the other nodes as ONE
  // message. (An emit through the adapter would send one NOTIFY per event and deliver each,
  // here too, only once its NOTIFY is done: on a pool of several connections, out of order.)
  if (adapter) {
    io.on(remoteEmissions, (emissions) => {
      // Another node's balance events: those members' balances changed (their caches here).
      const balances: number[] = [];
      for (const { room, name } of emissions) {
        if (name === 'balance' && room.startsWith(memberRoomPrefix)) {
          balances.push(Number(room.slice(memberRoomPrefix.length)));
        }
      }
      if (balances.length > 0) options.memberNews?.balanceEventsHeard(balances);
      emitHere(emissions);
    });
    io.on(remoteMemberNews, (news) => options.memberNews?.heard(news));
  }
  const publisher = createPublisher({
    db: options.db,
    log: options.log,
    emit: (emissions) => {
      if (emissions.length === 0) return;
      emitHere(emissions);
      if (adapter) io.serverSideEmit(remoteEmissions, [...emissions]);
    },
  });

  async function sweep(): Promise<number> {
    const local = await io.local.fetchSockets();
    const ids = [...new Set(local.map((socket) => socket.data.sessionId))];
    const now = options.clock();
    const idleSince = new Date(now.getTime() - options.sessionIdleMinutes * 60_000);
    const live = new Set(await liveSessionIds(options.db, ids, now, idleSince));
    let ended = 0;
    for (const socket of local) {
      if (live.has(socket.data.sessionId)) continue;
      socket.disconnect(true);
      ended += 1;
    }
    return ended;
  }

  const timer = setInterval(() => {
    sweep().catch((error: unknown) =>
      options.log.error({ err: error }, 'real-time session check failed'),
    );
  }, options.sweepSeconds * 1000);
  timer.unref();

  return {
    io,
    publisher,
    // This node at once, then every node through the adapter (which tells the others before it
    // applies it here; applying it twice here is harmless).
    admitSession(sessionId, memberId, memberType) {
      const joined = memberRooms(memberId, isAgentType(memberType));
      io.local.in(rooms.session(sessionId)).socketsJoin(joined);
      io.in(rooms.session(sessionId)).socketsJoin(joined);
    },
    disconnectSessions(sessionIds) {
      if (sessionIds.length === 0) return;
      const sessionRooms = sessionIds.map((id) => rooms.session(id));
      io.local.in(sessionRooms).disconnectSockets(true);
      io.in(sessionRooms).disconnectSockets(true);
    },
    sweep,
    crossNode: adapter !== null,
    tellNodes(news) {
      if (adapter) io.serverSideEmit(remoteMemberNews, news);
    },
    stop() {
      clearInterval(timer);
      // Closing the transports (not a server-side disconnect) makes clients reconnect, to
      // another node behind the load balancer or to this one once it is back.
      io.engine.close();
    },
    async close() {
      clearInterval(timer);
      // The HTTP server is Fastify's and closes with it; close only socket.io's own parts.
      io.engine.close();
      await io.of('/').adapter.close();
      await adapter?.close();
    },
  };
}
