import { constants } from '../../contract/constants.ts';

const { attempts, cacheSize, preload } = constants.lazyImages;

/** A site path ("/media/...") on the chosen image CDN; other addresses as they are. */
export function onImageCdn(src: string, cdn: string | null): string {
  if (!cdn || !src.startsWith('/') || src.startsWith('//')) return src;
  return `${cdn}${src}`;
}

/** The address of an attempt: the first as it is, later ones with a new query (a new request). */
export function attemptUrl(src: string, attempt: number): string {
  return attempt <= 1 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt - 1}`;
}

/** After a failed attempt: the next attempt, 'retry later' once all 3 failed, or 'fallback'. */
export function afterFailure(
  attempt: number,
  retried: boolean,
): number | 'retryInView' | 'fallback' {
  if (attempt < attempts) return attempt + 1;
  return retried ? 'fallback' : 'retryInView';
}

/** The observer's margin: the viewport stretched to `preload` times its height. */
export const observerMargin = `${Math.round((preload - 1) * 100)}% 0px`;

/** The last `cacheSize` (200) addresses that loaded; those show at once, without waiting. */
export function createLoadedCache(size: number = cacheSize) {
  const urls = new Set<string>();
  return {
    has: (url: string) => urls.has(url),
    add(url: string) {
      urls.delete(url);
      urls.add(url);
      if (urls.size > size) urls.delete(urls.values().next().value as string);
    },
    get size() {
      return urls.size;
    },
  };
}
