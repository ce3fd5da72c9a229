import { describe, expect, it } from 'vitest';
import { createSiteCache } from '../../src/server/areas/system/site-cache.ts';

/** A load that counts its runs and answers the run number. */
function counter() {
  let runs = 0;
  return { load: async () => ++runs, runs: () => runs };
}

describe('site cache', () => {
  it('reads once within the window and again after it', async () => {
    let now = 0;
    const cache = createSiteCache({ ttlMs: 1000, now: () => now });
    const settings = counter();
    expect(await cache.get('settings', settings.load)).toBe(1);
    now = 999;
    expect(await cache.get('settings', settings.load)).toBe(1);
    now = 1000;
    expect(await cache.get('settings', settings.load)).toBe(2);
  });

  it('shares one load between concurrent callers', async () => {
    const cache = createSiteCache({ ttlMs: 1000, now: () => 0 });
    const settings = counter();
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('settings', settings.load)));
    expect(answers).toEqual([1, 1, 1]);
    expect(settings.runs()).toBe(1);
  });

  it('runs a thenable query once, not on every await', async () => {
    const cache = createSiteCache({ ttlMs: 1000, now: () => 0 });
    let executions = 0;
    // Like a Drizzle query builder: each `then` executes the query again.
    const query = { then: (resolve: (rows: number) => void) => resolve(++executions) };
    const load = () => query as unknown as Promise<number>;
    await cache.get('modules', load);
    await cache.get('modules', load);
    expect(executions).toBe(1);
  });

  it('forgets a failed read and everything at clear()', async () => {
    const cache = createSiteCache({ ttlMs: 1000, now: () => 0 });
    await expect(
      cache.get('banners', () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow();
    expect(await cache.get('banners', async () => 'fresh')).toBe('fresh');
    cache.clear();
    expect(await cache.get('banners', async () => 'after clear')).toBe('after clear');
  });

  it('with a zero window reads every time', async () => {
    const cache = createSiteCache({ ttlMs: 0, now: () => 0 });
    const settings = counter();
    await cache.get('settings', settings.load);
    await cache.get('settings', settings.load);
    expect(settings.runs()).toBe(2);
  });
});
