/**
 * The call guard (issue 34): no page may issue a call in a loop. Every browser context a test
 * opens (the `context` fixture and any `browser.newContext()`) is watched; each request of its
 * pages to the site's API is counted by method and path: the query string is dropped (a loop
 * that changes only a parameter is still a loop), ids in the path are kept (one call for each of
 * many resources, a lobby's tile images, is a fan-out, not a loop). When one of them goes out
 * more than its bound within `windowMs`, the test fails after it ends, naming the call.
 *
 * The bounds (`defaultCallBounds`), against what the app does on its own and what tests drive:
 * - the app's own timers call at most once every 5 s per call (the lottery list every 7-30 s,
 *   spec section 4; a draw's result every 5 s, its path naming the draw; the jackpot and the
 *   countdowns call nothing), so a page left alone sends one or two of a call in 5 s;
 * - a test drives a call once per act, and each act waits for the last one's outcome;
 * - the storm of issue 34 sent 32-117 calls a second (584 in 18 s, 587 in 5 s).
 * Reads (GET, HEAD), which pages send by themselves (loads, re-reads, polls), may go out 10
 * times in 5 s; a write goes out only for a player's act, and the suite plays 20 slot rounds back
 * to back with motion reduced (engagement.spec.ts), so writes may go out 30 times in 5 s. Either
 * is far below a loop and far above a page on its own. A spec whose journey needs more says so
 * with `test.use({ callBounds: { ... } })` and the reason beside it.
 *
 * It costs no waiting: a listener on each context's requests, a check after the test.
 */
import type { Browser, BrowserContext, Request } from '@playwright/test';

/** The site's API: what the contract's paths start with (src/contract). */
export const apiPrefixes = ['/wps/', '/lgw/', '/lotto/', '/ops/', '/builtin-games/'] as const;

export type CallBounds = {
  /** The window the calls are counted in. */
  windowMs: number;
  /** At most this many of one read (GET, HEAD) within the window. */
  maxReads: number;
  /** At most this many of one write (POST, PUT, PATCH, DELETE) within the window. */
  maxWrites: number;
};

export const defaultCallBounds: CallBounds = { windowMs: 5_000, maxReads: 10, maxWrites: 30 };

/** A call over its bound: how many went out within how long. */
export type CallBurst = { call: string; count: number; withinMs: number; bound: number };

export type CallGuard = {
  /** Watches a context's requests (the `context` fixture's; others are found on their own). */
  watch(context: BrowserContext): void;
  /** Stops watching; answers the calls that went over their bound, and each call's peak. */
  finish(): { bursts: CallBurst[]; peaks: Map<string, number> };
};

/** `GET /wps/v2/withdraw/info` for a request to the site's API; null for anything else. */
export function callKeyOf(request: Request): string | null {
  let path: string;
  try {
    path = new URL(request.url()).pathname;
  } catch {
    return null;
  }
  if (!apiPrefixes.some((prefix) => path.startsWith(prefix))) return null;
  return `${request.method()} ${path}`;
}

const isRead = (call: string) => call.startsWith('GET ') || call.startsWith('HEAD ');

/** Starts counting the API calls of every context `browser` has or opens. */
export function startCallGuard(browser: Browser, bounds: CallBounds): CallGuard {
  const times = new Map<string, number[]>();
  const peaks = new Map<string, number>();
  const bursts = new Map<string, CallBurst>();
  const watched = new Set<BrowserContext>();

  const onRequest = (request: Request) => {
    const call = callKeyOf(request);
    if (!call) return;
    const now = Date.now();
    const seen = times.get(call) ?? [];
    seen.push(now);
    while (seen.length > 0 && now - seen[0]! > bounds.windowMs) seen.shift();
    times.set(call, seen);
    peaks.set(call, Math.max(peaks.get(call) ?? 0, seen.length));
    const bound = isRead(call) ? bounds.maxReads : bounds.maxWrites;
    if (seen.length > bound) {
      const burst = { call, count: seen.length, withinMs: now - seen[0]!, bound };
      // The worst moment is the one reported.
      if ((bursts.get(call)?.count ?? 0) < burst.count) bursts.set(call, burst);
    }
  };
  const watch = (context: BrowserContext) => {
    if (watched.has(context)) return;
    watched.add(context);
    context.on('request', onRequest);
  };
  for (const context of browser.contexts()) watch(context);
  browser.on('context', watch);

  return {
    watch,
    finish() {
      browser.off('context', watch);
      for (const context of watched) context.off('request', onRequest);
      watched.clear();
      return { bursts: [...bursts.values()], peaks };
    },
  };
}

/** The failure text: each call over its bound. */
export function describeBursts(bursts: CallBurst[], bounds: CallBounds): string {
  return bursts
    .map(
      (burst) =>
        `${burst.call}: ${burst.count} calls within ${burst.withinMs} ms ` +
        `(at most ${burst.bound} within ${bounds.windowMs} ms)`,
    )
    .join('\n');
}
