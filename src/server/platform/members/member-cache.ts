import type { MemberSession } from '../http/auth.ts';

/** What one node tells the others: these members changed, these sessions ended. */
export type MemberCacheNews = { members?: readonly number[]; sessions?: readonly number[] };

/** Entries kept at most; past it the oldest half goes (a Map keeps insertion order). */
const MAX_ENTRIES = 20_000;

/** Entries of one kind, each kept `ttlMs` at most. */
function createKeyedCache<K, V>(ttlMs: number, now: () => number) {
  const entries = new Map<K, { at: number; value: V }>();
  return {
    entries,
    get(key: K): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (now() - hit.at < ttlMs) return hit.value;
      entries.delete(key);
      return undefined;
    },
    put(key: K, value: V) {
      if (entries.size >= MAX_ENTRIES) {
        let drop = entries.size / 2;
        for (const k of entries.keys()) {
          if (drop-- <= 0) break;
          entries.delete(k);
        }
      }
      entries.set(key, { at: now(), value });
    },
  };
}

export type MemberCache = ReturnType<typeof createMemberCache>;

/**
 * The per-node cache of the member calls every page makes: the session behind a bearer token
 * (keyed by the token, as the request carries it; with its member and authenticator flag) and
 * the member's balance. Entries live `ttlMs` at
 * most; every change drops them at once on this node and, through the real-time adapter, on
 * every other node, once it has committed. A read that started before a drop is not kept (it
 * may have seen the row before the change), so nothing read before a change outlives it.
 *
 * - `membersChanged(ids)`: a member's row or authenticator changed (contact, language, password,
 *   status, login); `sessionsEnded(ids)`: sessions ended (`app.sessionEnds` calls it);
 *   `balancesChanged(ids)`: a posting committed. Each drops the entries here at once and tells
 *   the other nodes (`tell`, the real-time adapter); `heard` applies what another node told.
 * - `ttlMs` 0 (or a deployment with no way to tell other nodes) keeps nothing.
 *
 * @example
 * const started = cache.sessions.started();
 * const value = await readFromDatabase();
 * cache.sessions.set(token, value, started);
 */
export function createMemberCache(options: {
  ttlMs: number;
  now?: () => number;
  /** Sends a change to every other node (none on a single node). */
  tell?: (news: MemberCacheNews) => void;
}) {
  const now = options.now ?? (() => performance.now());
  const enabled = options.ttlMs > 0;
  const sessions = createKeyedCache<string, MemberSession>(options.ttlMs, now);
  const balances = createKeyedCache<number, unknown>(options.ttlMs, now);
  /** Count drops: a read that started before one is not kept. */
  let sessionDrops = 0;
  let balanceDrops = 0;

  function dropSessionsWhere(match: (value: MemberSession) => boolean) {
    for (const [key, { value }] of sessions.entries) if (match(value)) sessions.entries.delete(key);
  }
  function forgetMembers(ids: readonly number[]) {
    if (!enabled || ids.length === 0) return;
    sessionDrops += 1;
    const set = new Set(ids);
    dropSessionsWhere((value) => set.has(value.member.id));
  }
  function forgetSessions(ids: readonly number[]) {
    if (!enabled || ids.length === 0) return;
    sessionDrops += 1;
    const set = new Set(ids);
    dropSessionsWhere((value) => set.has(value.session.id));
  }
  function forgetBalances(ids: readonly number[]) {
    if (!enabled || ids.length === 0) return;
    balanceDrops += 1;
    for (const id of ids) balances.entries.delete(id);
  }

  return {
    enabled,
    sessions: {
      get: (token: string) => (enabled ? sessions.get(token) : undefined),
      /** Where a read begins; pass it to `set` so a read older than a drop is not kept. */
      started: () => sessionDrops,
      set(token: string, value: MemberSession, started: number) {
        if (!enabled || started !== sessionDrops) return;
        sessions.put(token, value);
      },
    },
    balances: {
      get: <T>(memberId: number) =>
        enabled ? (balances.get(memberId) as T | undefined) : undefined,
      started: () => balanceDrops,
      set<T>(memberId: number, value: T, started: number) {
        if (!enabled || started !== balanceDrops) return;
        balances.put(memberId, value);
      },
    },
    membersChanged(ids: readonly number[]) {
      forgetMembers(ids);
      if (enabled && ids.length > 0) options.tell?.({ members: [...ids] });
    },
    sessionsEnded(ids: readonly number[]) {
      forgetSessions(ids);
      if (enabled && ids.length > 0) options.tell?.({ sessions: [...ids] });
    },
    /**
     * A posting committed. The other nodes learn it from the balance events the ledger
     * publishes (`balanceEventsHeard`), so this tells no one.
     */
    balancesChanged: forgetBalances,
    /** Balance events another node published: those members' balances changed. */
    balanceEventsHeard: forgetBalances,
    /** What another node told. */
    heard(news: MemberCacheNews) {
      forgetMembers(news.members ?? []);
      forgetSessions(news.sessions ?? []);
    },
  };
}
