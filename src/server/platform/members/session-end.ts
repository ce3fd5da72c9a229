import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { sessions } from './members.schema.ts';

/** Which sessions end: one session, or every open session of a member (but one, when named). */
export type SessionSelector =
  { sessionId: number } | { memberId: number; exceptSessionId?: number | null };

/** Ends sessions inside the running transaction; answers the ids it ended. */
export type EndSessions = (selector: SessionSelector) => Promise<number[]>;

export type SessionEnds = {
  /**
   * The one way a session ends (logout, password change, password reset, disabling, expiry):
   * `work` runs in one transaction and ends sessions with `end`; once it has committed, every
   * socket of those sessions is disconnected, on every node.
   *
   * @example
   * await app.sessionEnds.run(async (tx, end) => {
   *   await end({ memberId, exceptSessionId: session.id });
   *   await insertAudit(tx, { ... });
   * });
   */
  run<T>(work: (tx: Db, end: EndSessions) => Promise<T>): Promise<T>;
};

/** Revokes the open sessions the selector names, in the caller's transaction. */
async function revokeSessions(tx: Db, selector: SessionSelector, now: Date): Promise<number[]> {
  const which =
    'sessionId' in selector
      ? eq(sessions.id, selector.sessionId)
      : and(
          eq(sessions.memberId, selector.memberId),
          selector.exceptSessionId == null ? undefined : ne(sessions.id, selector.exceptSessionId),
        );
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(which, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/**
 * Session ends over the database and the real-time gateway's cut (`cutSockets` disconnects the
 * sockets of the given sessions on every node). `membersChanged` hears the members whose
 * sessions were ended by member (a password change, a reset, disabling): their rows changed
 * with it, and the session kept by a password change no longer must change it.
 */
export function createSessionEnds(deps: {
  db: Db;
  clock: Clock;
  cutSockets: (sessionIds: readonly number[]) => void;
  membersChanged?: (memberIds: readonly number[]) => void;
}): SessionEnds {
  return {
    async run(work) {
      const ended: number[] = [];
      const members: number[] = [];
      const result = await deps.db.transaction((tx) =>
        work(tx, async (selector) => {
          const ids = await revokeSessions(tx, selector, deps.clock());
          ended.push(...ids);
          if ('memberId' in selector) members.push(selector.memberId);
          return ids;
        }),
      );
      // After the commit: a socket cut before it could reconnect on a session still open.
      if (members.length > 0) deps.membersChanged?.(members);
      if (ended.length > 0) deps.cutSockets(ended);
      return result;
    },
  };
}
