/**
 * The image and launch CDNs of the bootstrap payload (`imageCDNs`, `launchGameCDNs`): one of a
 * list chosen at random, once per page load (spec section 9), so the images of a visit come
 * from one host and stay in the browser's cache. An empty entry means the site itself.
 *
 * @example
 * const cdn = createCdnChoice();
 * cdn.pick(['https://img-a.example', 'https://img-b.example']); // the same one all visit
 */
export function createCdnChoice(random: () => number = Math.random) {
  const chosen = new Map<string, string | null>();
  return {
    /** A host of `list` (no trailing slash), the same one for the same list; null for none. */
    pick(list: readonly string[]): string | null {
      const hosts = list.map((host) => host.replace(/\/+$/, '')).filter(Boolean);
      const key = hosts.join('\n');
      if (!chosen.has(key)) {
        chosen.set(key, hosts[Math.floor(random() * hosts.length)] ?? null);
      }
      return chosen.get(key) ?? null;
    },
  };
}

export type CdnChoice = ReturnType<typeof createCdnChoice>;
