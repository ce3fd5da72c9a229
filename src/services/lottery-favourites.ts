/**
 * The lottery favourites (spec section 3): game ids kept per username in local storage under
 * `LOTTFAV`, as one JSON object `{ [username]: gameId[] }`. A storage that is missing, refuses
 * access or holds something else reads as no favourites.
 */
export const lotteryFavouritesKey = 'LOTTFAV';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function localStore(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readAll(store: Store | null): Record<string, string[]> {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(lotteryFavouritesKey) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const all: Record<string, string[]> = {};
    for (const [user, ids] of Object.entries(parsed)) {
      if (Array.isArray(ids)) all[user] = ids.filter((id): id is string => typeof id === 'string');
    }
    return all;
  } catch {
    return {};
  }
}

export function createLotteryFavourites(store: Store | null = localStore()) {
  return {
    get: (username: string): string[] => readAll(store)[username] ?? [],
    set(username: string, gameIds: readonly string[]): void {
      const all = readAll(store);
      all[username] = [...new Set(gameIds)];
      try {
        store?.setItem(lotteryFavouritesKey, JSON.stringify(all));
      } catch {
        // A full or refused storage keeps the choice for this page only.
      }
    },
  };
}
