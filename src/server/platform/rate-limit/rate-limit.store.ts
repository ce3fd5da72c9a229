import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Job } from '../scheduler/scheduler.ts';
import { rateLimitHits } from './rate-limit.schema.ts';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
/** What @fastify/rate-limit really hands `child`: the limit's options merged with its route's. */
type MergedOptions = {
  routeInfo?: { method?: string | string[]; url?: string };
  max?: unknown;
  timeWindow?: unknown;
};

/**
 * Counts one hit of `key` in one statement and returns the hits of its window and the
 * milliseconds left in it. A window starts at the key's first hit (database time, so every
 * node agrees) and lasts `windowMs`; the first hit after it ends starts a new one at 1.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<Counted> {
  const window = sql`(${windowMs}::bigint * interval '1 millisecond')`;
  const ended = sql`${rateLimitHits.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, windowEndsAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then now() + ${window} else ${rateLimitHits.windowEndsAt} end`,
      },
    })
    .returning({
      current: rateLimitHits.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitHits.windowEndsAt} - now())) * 1000))::integer`,
    });
  if (!row) throw new Error('rate limit hit not counted');
  return row;
}

/** The hits and milliseconds left of `key`'s live window, without counting one. */
export async function readHits(db: Db, key: string): Promise<Counted> {
  const [row] = await db
    .select({
      current: rateLimitHits.hits,
      ttl: sql<number>`ceil(extract(epoch from (${rateLimitHits.windowEndsAt} - now())) * 1000)::integer`,
    })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.windowEndsAt, sql`now()`)));
  return row ?? { current: 0, ttl: 0 };
}

/** A hit counted locally and not yet added to the database. */
type Tally = {
  /** Hits of the key's window the database reported at the last sync (every node's). */
  known: number;
  /** Hits since, on this node only. */
  pending: number;
  /** Local estimate of the window's end (ms), corrected by every sync. */
  endsAt: number;
  windowMs: number;
  max: number;
};

/**
 * The hits of the default limit (every API call), counted on this node and added to the
 * database every `syncMs` in one statement for all the keys hit meanwhile, which returns each
 * key's total over every node. A node refuses on what the database said at the last sync plus
 * its own hits since, so the limit still adds up across nodes and holds across restarts, a sync
 * late at most; no call waits for a database write.
 *
 * A key goes to the database once it has `syncFrom(max)` hits in its window on this node (a
 * fiftieth of the limit: 12 of 600), or already went: a visitor's first few calls cost no
 * write, and most visitors never make more. Each node keeps fewer than that many hits of a
 * key to itself, so the limit may be passed by at most that many per other node; closing the
 * node writes them all.
 */
/** The hits of a key on a node before they go to the database (see createHitBatcher). */
export const syncFrom = (max: number) => Math.max(1, Math.floor(max / 50));

/**
 * Local hits of a key are packed with its window's end in one number: (end - generation's
 * start) * PACK + hits. Relative to the generation, a one-minute window's number stays under
 * 2^30, a small integer V8 keeps in the map's slot; the absolute end (about 1.8e15 packed) was a
 * heap number of 16 bytes more per visitor.
 */
const PACK = 1024;

/** The default limit's keys: its prefix and a client address. */
const GLOBAL_PREFIX = 'global:';

/**
 * `global:<dotted quad>` as one number (the address as 32 bits), any other key as it is: a
 * number key takes a third of the memory of the string (`fullKey` gives the string back). Only
 * the canonical dotted quad (no leading zeros), so the two forms map one to one.
 */
function compactKey(key: string): string | number {
  if (!key.startsWith(GLOBAL_PREFIX)) return key;
  let address = 0;
  let octet = -1;
  let dots = 0;
  let digits = 0;
  for (let index = GLOBAL_PREFIX.length; index < key.length; index += 1) {
    const code = key.charCodeAt(index);
    if (code === 46) {
      if (octet < 0 || dots === 3) return key;
      address = address * 256 + octet;
      octet = -1;
      digits = 0;
      dots += 1;
    } else if (code >= 48 && code <= 57) {
      if (octet === 0 && digits > 0) return key;
      octet = (octet < 0 ? 0 : octet * 10) + (code - 48);
      digits += 1;
      if (octet > 255) return key;
    } else return key;
  }
  if (dots !== 3 || octet < 0) return key;
  return address * 256 + octet;
}

function fullKey(key: string | number): string {
  if (typeof key === 'string') return key;
  return `${GLOBAL_PREFIX}${key >>> 24}.${(key >>> 16) & 255}.${(key >>> 8) & 255}.${key & 255}`;
}

/** Past this share of taken slots, the typed arrays are made again (larger if need be). */
const MOST_FULL = 0.75;
/** The share of its slots a new map's expected keys take. */
const SIZED_FULL = 0.6;

/** A packed map's typed arrays: the IPv4 keys, and the packed numbers (0: a free slot). */
type PackedArrays = { keys: Uint32Array; values: Int32Array };

/**
 * A map of a generation's kept visitors: IPv4 keys (as 32-bit numbers) with their packed number
 * in two typed arrays, open addressing at most three quarters full (8 bytes a slot, 11-21 a
 * visitor, outside the heap the collector walks); any other key, or a number past 31 bits, in a
 * Map beside it. A Map of numbers took about 35 bytes a visitor, 7 MB for the 200,000 addresses
 * of the HTTP bench. A packed number is never 0 (it holds at least one hit): 0 marks a free
 * slot, -1 a removed one.
 */
export function createPackedMap(expected = 0, spare?: PackedArrays) {
  // Room for `expected` keys from the start: a generation sized from the last one's count does
  // not grow through every size, each step's arrays left to the collector (as many bytes again
  // as the final arrays). Any size will do (not only powers of two): the slot is the hash scaled
  // to it, so a map is never twice as large as its keys need.
  let capacity = Math.max(1024, Math.ceil(expected / SIZED_FULL));
  // A dropped map's arrays, when they are of about that size: a flood of addresses starts a
  // generation every second or so, and arrays of this size (under 1 MB each) come from glibc's
  // heap, which kept its high-water mark (13 MB more of it under the HTTP bench) as they came
  // and went. A slot is free by its value alone, so only the values are cleared.
  const reuse =
    spare !== undefined && spare.values.length >= capacity && spare.values.length <= capacity * 2;
  if (reuse) capacity = spare.values.length;
  let keys = reuse ? spare.keys : new Uint32Array(capacity);
  let values = reuse ? spare.values.fill(0) : new Int32Array(capacity);
  /** Slots taken, removed ones included (they keep probes going until the next resize). */
  let used = 0;
  let live = 0;
  const others = new Map<string | number, number>();
  const fits = (key: string | number): key is number =>
    typeof key === 'number' && key >= 0 && key <= 0xffffffff;
  /** The slot of `key`, or the free slot where it would go. */
  const slotOf = (key: number) => {
    // Fibonacci hashing: the product's high bits, scaled to the capacity. Exact enough in a
    // double: the product is under capacity * 2^32, and its rounding error under capacity.
    let slot = Math.floor(((Math.imul(key, 0x9e3779b1) >>> 0) * capacity) / 0x100000000);
    while (values[slot] !== 0 && keys[slot] !== key) slot = slot + 1 === capacity ? 0 : slot + 1;
    return slot;
  };
  const resize = () => {
    const [oldKeys, oldValues] = [keys, values];
    // Only removed slots to drop when the live keys would leave half the slots free.
    if (live * 2 > capacity) capacity *= 2;
    keys = new Uint32Array(capacity);
    values = new Int32Array(capacity);
    used = live;
    for (let slot = 0; slot < oldValues.length; slot += 1) {
      const value = oldValues[slot] as number;
      if (value <= 0) continue;
      const key = oldKeys[slot] as number;
      const to = slotOf(key);
      keys[to] = key;
      values[to] = value;
    }
  };
  const remove = (key: number) => {
    const slot = slotOf(key);
    if ((values[slot] as number) > 0) {
      values[slot] = -1;
      live -= 1;
    }
  };
  return {
    get(key: string | number): number | undefined {
      if (fits(key)) {
        const value = values[slotOf(key)] as number;
        if (value > 0) return value;
      }
      return others.size === 0 ? undefined : others.get(key);
    },
    set(key: string | number, value: number) {
      if (!fits(key) || value < 1 || value > 0x7fffffff) {
        if (fits(key)) remove(key);
        others.set(key, value);
        return;
      }
      if (others.size > 0) others.delete(key);
      let slot = slotOf(key);
      const was = values[slot] as number;
      if (was === 0) {
        if (used + 1 > capacity * MOST_FULL) {
          resize();
          slot = slotOf(key);
        }
        used += 1;
      }
      if (was <= 0) live += 1;
      keys[slot] = key;
      values[slot] = value;
    },
    delete(key: string | number) {
      if (fits(key)) remove(key);
      if (others.size > 0) others.delete(key);
    },
    get size() {
      return live + others.size;
    },
    /** Slots in the typed arrays (at least 1,024, and a third more than the IPv4 keys). */
    get capacity() {
      return capacity;
    },
    /** The typed arrays, for a new map to take over (`spare`) once this one is dropped. */
    get arrays(): PackedArrays {
      return { keys, values };
    },
    *entries(): Generator<[string | number, number]> {
      for (let slot = 0; slot < values.length; slot += 1) {
        const value = values[slot] as number;
        if (value > 0) yield [keys[slot] as number, value];
      }
      yield* others;
    },
  };
}

/** Keys a statement when a closing node writes the hits it kept. */
const CLOSE_CHUNK = 10_000;

/** Generations per window: a key is kept at most a window and a quarter. */
const GENERATIONS = 4;

/**
 * A flood of addresses: a generation that has taken this many keys ends early (the next one
 * begins), and past `MOST_GENERATIONS` the oldest goes with the local hits of its keys, so a
 * node keeps at most about 390,000 visitors of a limit (under 1 MB of typed arrays a
 * generation), however many addresses call it. Before, a node kept every visitor of the last
 * window and a quarter, 11-21 bytes each: at 50,000 calls a second from as many addresses (the
 * HTTP bench on a fast machine) that was 28 MiB of its memory, and an attacker who varied the
 * address grew it without bound. What a forgotten visitor loses is fewer than `syncFrom(max)`
 * hits, none of them yet in the database. A visitor who calls at the limit's pace reaches
 * `syncFrom(max)` hits, and the database, within a fiftieth of the window (1.2 s of a minute),
 * so it is forgotten only if more than 390,000 other addresses called in that time (over
 * 300,000 a second); the visitors forgotten sooner are those far below their limit.
 */
export const KEYS_PER_GENERATION = 65_536;
export const MOST_GENERATIONS = GENERATIONS + 2;

/**
 * The keys of one limit (window, max) whose hits are all still on this node, under
 * `syncFrom(max)`: most visitors, who never make more. Kept as one number per key (the window's
 * end and the hits; IPv4 keys as numbers too) in generations a quarter of a window long: every
 * window of a generation began before its end, so a window after it they have all ended and
 * the generation goes whole, without visiting its keys. (As an object per visitor of the last
 * minute, swept every sync, they were most of the memory a busy node took.)
 */
function createLocalHits(windowMs: number) {
  const span = Math.max(1, Math.ceil(windowMs / GENERATIONS));
  /** Oldest first; `ends`: when the generation stopped taking new windows; `base`: its start. */
  const generations: {
    base: number;
    ends: number;
    keys: ReturnType<typeof createPackedMap>;
  }[] = [];
  const find = (key: string | number) => {
    for (let index = generations.length - 1; index >= 0; index -= 1) {
      const generation = generations[index] as (typeof generations)[number];
      const packed = generation.keys.get(key);
      if (packed !== undefined) return { generation, packed };
    }
    return undefined;
  };
  return {
    /**
     * Drops the generations whose windows have all ended; starts a new one when it is time, or
     * when the newest is full (and then drops the oldest past `MOST_GENERATIONS`).
     */
    rotate(at: number) {
      let dropped: (typeof generations)[number] | undefined;
      while (generations.length > 0 && (generations[0]?.ends ?? 0) + windowMs <= at) {
        dropped = generations.shift();
      }
      const newest = generations.at(-1);
      const full = newest !== undefined && newest.keys.size >= KEYS_PER_GENERATION;
      if (!newest || at >= newest.ends || full) {
        // Every window it holds began by now: they have all ended a window from now.
        if (full) newest.ends = Math.min(newest.ends, at);
        if (generations.length >= MOST_GENERATIONS) dropped = generations.shift();
        // Sized for as many visitors as the generation before took in its quarter window.
        const keys = createPackedMap(newest?.keys.size ?? 0, dropped?.keys.arrays);
        generations.push({ base: at, ends: at + span, keys });
      }
    },
    get(key: string, at: number): { hits: number; endsAt: number } | undefined {
      const found = find(compactKey(key));
      if (!found) return undefined;
      const endsAt = found.generation.base + Math.floor(found.packed / PACK);
      return endsAt > at ? { hits: found.packed % PACK, endsAt } : undefined;
    },
    /** Sets a key's hits: in place while its window lasts, a new window in the newest generation. */
    set(key: string, hits: number, endsAt: number) {
      const compact = compactKey(key);
      const found = find(compact);
      if (found && found.generation.base + Math.floor(found.packed / PACK) === endsAt) {
        found.generation.keys.set(compact, (endsAt - found.generation.base) * PACK + hits);
        return;
      }
      found?.generation.keys.delete(compact);
      const newest = generations.at(-1);
      newest?.keys.set(compact, (endsAt - newest.base) * PACK + hits);
    },
    delete(key: string) {
      const compact = compactKey(key);
      for (const { keys } of generations) keys.delete(compact);
    },
    get size() {
      return generations.reduce((sum, { keys }) => sum + keys.size, 0);
    },
    /**
     * Hands over every kept key of a live window and forgets them all. The generations are taken
     * at the first key, so a hit counted while a closing node awaits its writes goes to a new
     * generation instead of one being read (or its arrays, handed on).
     */
    *drain(at: number): Generator<[string, number, number]> {
      const taken = generations.splice(0);
      for (const { base, keys } of taken) {
        for (const [key, packed] of keys.entries()) {
          const endsAt = base + Math.floor(packed / PACK);
          if (endsAt > at) yield [fullKey(key), packed % PACK, endsAt];
        }
      }
    },
  };
}

export function createHitBatcher(db: Db, options: { syncMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const tallies = new Map<string, Tally>();
  /** Keys with only local hits, by limit (`${windowMs}/${max}`). */
  const locals = new Map<
    string,
    { windowMs: number; max: number; hits: ReturnType<typeof createLocalHits> }
  >();
  let timer: NodeJS.Timeout | undefined;
  let syncing: Promise<void> | undefined;
  let closed = false;

  function localsOf(windowMs: number, max: number) {
    const name = `${windowMs}/${max}`;
    let group = locals.get(name);
    if (!group) {
      group = { windowMs, max, hits: createLocalHits(windowMs) };
      locals.set(name, group);
    }
    return group.hits;
  }

  /** Adds hits to the database in one statement; answers each key's total over every node. */
  async function addHits(windowMs: number, hits: { k: string; n: number }[]) {
    const window = sql`(${windowMs}::bigint * interval '1 millisecond')`;
    const ended = sql`${rateLimitHits.windowEndsAt} <= now()`;
    const result = await db.execute(sql`
      insert into ${rateLimitHits} (key, hits, window_ends_at)
      select t.k, t.n, now() + ${window} from jsonb_to_recordset(${JSON.stringify(hits)}::jsonb) as t(k text, n integer)
      on conflict (key) do update set
        hits = case when ${ended} then excluded.hits else ${rateLimitHits.hits} + excluded.hits end,
        window_ends_at = case when ${ended} then excluded.window_ends_at else ${rateLimitHits.windowEndsAt} end
      returning key, hits as current,
        greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::integer as ttl`);
    return (result as unknown as { rows: { key: string; current: number; ttl: number }[] }).rows;
  }

  async function syncWindow(windowMs: number, batch: [string, Tally, number][]): Promise<void> {
    const rows = await addHits(
      windowMs,
      batch.map(([key, , count]) => ({ k: key, n: count })),
    );
    const at = now();
    const totals = new Map(rows.map((row) => [row.key, row]));
    for (const [key, tally, count] of batch) {
      const total = totals.get(key);
      tally.pending -= count;
      if (!total) continue;
      tally.known = Number(total.current);
      tally.endsAt = at + Number(total.ttl);
      // A key well under its limit need not be remembered: the next sync tells its total.
      if (tally.pending === 0 && tally.known * 2 <= tally.max && tallies.get(key) === tally) {
        tallies.delete(key);
      }
    }
  }

  /**
   * Closing: the hits kept on the node go too, `CLOSE_CHUNK` keys a statement, straight from
   * the generations (a busy node holds a few hundred thousand visitors of the last minute; as one
   * statement, or as a tally each, they took over 100 MB for the moment of the close).
   */
  async function writeLocals(at: number): Promise<void> {
    for (const { windowMs, hits } of locals.values()) {
      let chunk: { k: string; n: number }[] = [];
      for (const [key, count] of hits.drain(at)) {
        if (tallies.has(key)) continue;
        chunk.push({ k: key, n: count });
        if (chunk.length === CLOSE_CHUNK) {
          await addHits(windowMs, chunk);
          chunk = [];
        }
      }
      if (chunk.length > 0) await addHits(windowMs, chunk);
    }
  }

  /** `all`: every pending hit (at close), not only the keys past `syncFrom`. */
  async function sync(all = false): Promise<void> {
    timer = undefined;
    const at = now();
    if (all) await writeLocals(at);
    const byWindow = new Map<number, [string, Tally, number][]>();
    for (const [key, tally] of tallies) {
      const local = tally.known === 0 && tally.pending < syncFrom(tally.max);
      // A window that has ended counts no more (the hits of one never written included).
      if (tally.endsAt <= at && (tally.pending === 0 || local)) {
        tallies.delete(key);
        continue;
      }
      if (tally.pending === 0 || (local && !all)) continue;
      const batch = byWindow.get(tally.windowMs) ?? [];
      batch.push([key, tally, tally.pending]);
      byWindow.set(tally.windowMs, batch);
    }
    for (const [windowMs, batch] of byWindow) await syncWindow(windowMs, batch);
  }

  function runSync(all = false): Promise<void> {
    syncing ??= sync(all).finally(() => {
      syncing = undefined;
      if (closed || timer) return;
      for (const tally of tallies.values()) {
        if (tally.pending > 0) {
          schedule();
          return;
        }
      }
    });
    return syncing;
  }

  function schedule() {
    timer = setTimeout(() => {
      runSync().catch((error: unknown) => {
        // The hits stay pending and go with the next sync.
        process.emitWarning(`rate limit hits not synced: ${String(error)}`);
      });
    }, options.syncMs);
    timer.unref();
  }

  return {
    /** Counts a hit of `key` and answers at once with the hits of its window as known here. */
    hit(key: string, windowMs: number, max: number): Counted {
      const at = now();
      let tally = tallies.get(key);
      if (!tally || tally.endsAt <= at) {
        const local = localsOf(windowMs, max);
        local.rotate(at);
        // A window of a key that went to the database has ended: it counts from 1 on the node.
        if (tally) tallies.delete(key);
        const kept = tally ? undefined : local.get(key, at);
        const hits = (kept?.hits ?? 0) + 1;
        const endsAt = kept?.endsAt ?? Math.ceil(at + windowMs);
        if (hits < syncFrom(max) && hits < PACK - 1) {
          local.set(key, hits, endsAt);
          return { current: hits, ttl: Math.max(0, endsAt - at) };
        }
        local.delete(key);
        tally = { known: 0, pending: hits - 1, endsAt, windowMs, max };
        tallies.set(key, tally);
      }
      tally.pending += 1;
      if (!closed && !timer && !syncing) schedule();
      return { current: tally.known + tally.pending, ttl: Math.max(0, tally.endsAt - at) };
    },
    read(key: string): Counted {
      const tally = tallies.get(key);
      const at = now();
      if (!tally) {
        for (const { hits } of locals.values()) {
          const kept = hits.get(key, at);
          if (kept) return { current: kept.hits, ttl: kept.endsAt - at };
        }
      }
      if (!tally || tally.endsAt <= at) return { current: 0, ttl: 0 };
      return { current: tally.known + tally.pending, ttl: tally.endsAt - at };
    },
    /** How many keys the node holds (ended windows included until they are dropped). */
    keys(): number {
      let count = tallies.size;
      for (const { hits } of locals.values()) count += hits.size;
      return count;
    },
    /** Adds the pending hits to the database now (with `all`, those kept on the node too). */
    async flush(all = false): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await syncing;
      await runSync(all);
    },
    /** The last flush, before the database closes; no sync is scheduled after it. */
    async close(): Promise<void> {
      closed = true;
      await this.flush(true);
    },
  };
}

export type HitBatcher = ReturnType<typeof createHitBatcher>;

/**
 * A store for @fastify/rate-limit (its `store` option: `new Store(options)`, `incr`, `read`,
 * `child(routeOptions)`) that keeps the counters in the database. The default limit of every
 * API call counts through `batcher` (no write per call); a route's own limit (`config.rateLimit`,
 * the strict ones: logins, SMS, trial accounts...) counts each hit in the database at once, one
 * statement per call, so it is exact across nodes. Each route's store prefixes its keys with
 * the method and URL, as the plugin's own stores do.
 *
 * @example
 * const batcher = createHitBatcher(database.db, { syncMs: 500 });
 * await app.register(rateLimit, { store: databaseRateLimitStore(database.db, batcher), max: 600 });
 */
export function databaseRateLimitStore(db: Db, batcher: HitBatcher) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    /** A route's own limit: every hit counted in the database before the call goes on. */
    readonly exact: boolean;

    constructor(_options?: unknown, prefix = 'global:', exact = false) {
      this.prefix = prefix;
      this.exact = exact;
    }

    incr(key: string, callback: Callback, timeWindow: number, max?: number): void {
      if (!this.exact) {
        callback(null, batcher.hit(this.prefix + key, timeWindow, max ?? Number.MAX_SAFE_INTEGER));
        return;
      }
      countHit(db, this.prefix + key, timeWindow).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      if (!this.exact) {
        callback(null, batcher.read(this.prefix + key));
        return;
      }
      readHits(db, this.prefix + key).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: RouteOptions): DatabaseRateLimitStore {
      const merged = routeOptions as unknown as MergedOptions;
      const { method, url } = merged.routeInfo ?? {};
      // A limiter made with app.rateLimit() has no route: it is named by its limit.
      const name = url
        ? `${[method].flat().join(',')} ${url}`
        : `limit ${String(merged.max)}/${String(merged.timeWindow)}`;
      return new DatabaseRateLimitStore(undefined, `${name}:`, true);
    }
  };
}

/** Every ten minutes, drops the counters whose window has ended (they count from 1 again). */
export const rateLimitPruneJob: Job = {
  name: 'rate-limit-prune',
  cron: '*/10 * * * *',
  async run(tx) {
    await tx.delete(rateLimitHits).where(lt(rateLimitHits.windowEndsAt, sql`now()`));
  },
};
