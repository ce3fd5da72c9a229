import { randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/client.ts';
import { insertSession, prepareSessionLookup, touchSession } from './sessions.repository.ts';
import type { MemberSession } from '../../platform/http/auth.ts';
import type { SessionEnds } from '../../platform/members/session-end.ts';
import type { MemberCache } from '../../platform/members/member-cache.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken } from '../../platform/hash-token.ts';

/** Writes last-seen at most this often per session, so every call is not a write. */
const TOUCH_EVERY_MS = 30_000;

export type SessionPolicy = { idleMinutes: number; maxHours: number };
export type LiveSession = MemberSession;

/**
 * Player sessions: an opaque 256-bit random token, stored only as its SHA-256; a session ends
 * when revoked, after `idleMinutes` without a call, or `maxHours` after login, whichever first.
 */
export function createSessionService(deps: {
  db: Db;
  clock: Clock;
  policy: SessionPolicy;
  /** An expired session found here ends like any other (its sockets cut on every node). */
  ends: SessionEnds;
  /** The node's member cache: a login changes the member (its last login). */
  cache?: Pick<MemberCache, 'sessions' | 'membersChanged'>;
}) {
  const end = (sessionId: number) =>
    deps.ends.run((_tx, endSessions) => endSessions({ sessionId }));
  const idleMs = deps.policy.idleMinutes * 60_000;
  const lookup = prepareSessionLookup(deps.db);
  const maxMs = deps.policy.maxHours * 3_600_000;
  return {
    /** A new session (new token) for the member, inside the caller's transaction. */
    async start(tx: Db, memberId: number, options: { ip: string; mustChangePassword: boolean }) {
      const token = randomBytes(32).toString('base64url');
      const now = deps.clock();
      const session = await insertSession(tx, {
        tokenHash: hashToken(token),
        memberId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + maxMs),
        mustChangePassword: options.mustChangePassword,
        ip: options.ip,
      });
      // The login writes the member's last login, which member info shows. Dropped here, in
      // the login's transaction: a read in the instant before it commits may keep the former
      // time for MEMBER_CACHE_MS at most (the only change announced before its commit).
      deps.cache?.membersChanged([memberId]);
      return { token, session };
    },

    /**
     * The live session of a bearer token; 401 not_logged_in or session_expired otherwise. With
     * `cached`, the node's member cache answers a session it holds that is neither past its end
     * nor due for its last-seen write; anything else is read (and then kept).
     */
    async authenticate(token: string, options?: { cached?: boolean }): Promise<LiveSession> {
      if (!/^[A-Za-z0-9_-]{16,256}$/.test(token)) throw new AppError(401, 'not_logged_in');
      const cache = deps.cache;
      // The node's cache is keyed by the token itself, which this request already holds in
      // memory: a hit costs no SHA-256 (4% of a cached member-info call's CPU). Only the
      // database keeps the hash alone.
      if (options?.cached && cache) {
        const hit = cache.sessions.get(token);
        if (hit) {
          const now = deps.clock().getTime();
          const { session } = hit;
          if (
            session.expiresAt.getTime() > now &&
            now - session.lastSeenAt.getTime() < TOUCH_EVERY_MS
          ) {
            return hit;
          }
        }
      }
      const started = cache?.sessions.started() ?? 0;
      const [found] = await lookup.execute({ tokenHash: hashToken(token) });
      if (!found) throw new AppError(401, 'not_logged_in');
      const now = deps.clock();
      const { member, totpBound, vipLevel } = found;
      let { session } = found;
      const idleSince = now.getTime() - session.lastSeenAt.getTime();
      if (session.expiresAt.getTime() <= now.getTime() || idleSince >= idleMs) {
        await end(session.id);
        throw new AppError(401, 'session_expired');
      }
      if (member.status !== 'active') {
        await end(session.id);
        throw new AppError(401, 'not_logged_in');
      }
      if (idleSince >= TOUCH_EVERY_MS) {
        await touchSession(deps.db, session.id, now);
        session = { ...session, lastSeenAt: now };
      }
      const live = { session, member, totpBound, vipLevel };
      cache?.sessions.set(token, live, started);
      return live;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
