/**
 * The public catalog answers a node keeps for a moment (SITE_CACHE_MS, like the site
 * configuration): the lobby lists, menus, hot and popular games are the same for every visitor
 * and change only when an operator edits the catalog, which clears them at once on the node that
 * made the change (other nodes within the TTL). The promise is kept, so concurrent requests for
 * one key share one query. Member-specific answers (favourites, recent) are never kept.
 */
export function createCatalogCache(options: { ttlMs: number; maxEntries?: number }) {
  const maxEntries = options.maxEntries ?? 2000;
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (options.ttlMs <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < options.ttlMs) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { at: now, value });
      // A failed load is not kept.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
