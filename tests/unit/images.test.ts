import { describe, expect, it } from 'vitest';
import { createCdnChoice } from '../../src/services/cdn.ts';
import {
  afterFailure,
  attemptUrl,
  createLoadedCache,
  observerMargin,
  onImageCdn,
} from '../../src/ui/components/lazy-image-rules.ts';

describe('CDN choice: one of the list at random, once per page load', () => {
  const cdns = ['https://img-a.example/', 'https://img-b.example', 'https://img-c.example'];

  it('picks by the random number and keeps the pick for the page load', () => {
    const draws = [0.7, 0.1];
    const cdn = createCdnChoice(() => draws.shift() ?? 0);
    expect(cdn.pick(cdns)).toBe('https://img-c.example');
    expect(cdn.pick(cdns)).toBe('https://img-c.example');
    expect(createCdnChoice(() => 0.1).pick(cdns)).toBe('https://img-a.example');
  });

  it('reaches every CDN of the list over page loads', () => {
    const seen = new Set([0, 0.34, 0.99].map((r) => createCdnChoice(() => r).pick(cdns)));
    expect(seen.size).toBe(3);
  });

  it('means the site itself for an empty list or empty entries', () => {
    expect(createCdnChoice().pick([])).toBeNull();
    expect(createCdnChoice().pick([''])).toBeNull();
  });

  it('puts site paths on the CDN, other addresses as they are', () => {
    expect(onImageCdn('/media/games/1.svg', 'https://img-a.example')).toBe(
      'https://img-a.example/media/games/1.svg',
    );
    expect(onImageCdn('https://x.example/a.png', 'https://img-a.example')).toBe(
      'https://x.example/a.png',
    );
    expect(onImageCdn('/media/games/1.svg', null)).toBe('/media/games/1.svg');
  });
});

describe('the lazy image rule: threshold 0.1, preload 1.3, 3 attempts, one retry, cache 200', () => {
  it('tries 3 times, then once more when in view again, then gives up', () => {
    expect(afterFailure(1, false)).toBe(2);
    expect(afterFailure(2, false)).toBe(3);
    expect(afterFailure(3, false)).toBe('retryInView');
    expect(afterFailure(3, true)).toBe('fallback');
    expect(attemptUrl('/a.png', 1)).toBe('/a.png');
    expect(attemptUrl('/a.png', 2)).toBe('/a.png?retry=1');
    expect(attemptUrl('/a.png?v=2', 3)).toBe('/a.png?v=2&retry=2');
  });

  it('loads within 1.3 viewports', () => {
    expect(observerMargin).toBe('30% 0px');
  });

  it('keeps the last 200 loaded addresses', () => {
    const cache = createLoadedCache();
    for (let i = 0; i < 250; i++) cache.add(`/img/${i}.png`);
    expect(cache.size).toBe(200);
    expect(cache.has('/img/49.png')).toBe(false);
    expect(cache.has('/img/50.png')).toBe(true);
    cache.add('/img/50.png');
    cache.add('/img/250.png');
    expect(cache.has('/img/50.png')).toBe(true);
    expect(cache.has('/img/51.png')).toBe(false);
  });
});
