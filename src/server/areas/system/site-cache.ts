/**
 * The site configuration every page load reads (settings, module tree, validators, banners...)
 * changes only when an operator edits it. Each node keeps what it read for a moment, one load
 * at a time per key: the node an operator used clears it at once, the others see the change
 * within `ttlMs`.
 */
export function createSiteCache(options: { ttlMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < options.ttlMs) return hit.value as Promise<T>;
      // Promise.resolve runs a thenable once: a Drizzle query re-runs on every `await` of it.
      const value = Promise.resolve(load());
      entries.set(key, { at: now(), value });
      // A failed read is not kept: the next request tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type SiteCache = ReturnType<typeof createSiteCache>;
