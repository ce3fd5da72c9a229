/**
 * Issue 35: a second visit comes from the phone's storage, and the lobby opens offline with its
 * last list. The service worker (vite.config.ts) keeps the app's files once fetched and answers
 * the page and the public lobby calls from their last copy when the network is gone; a first
 * visit precaches nothing.
 */
import { apiRegistration, expect, test } from './support/fixtures.ts';
import { openSignedIn } from './support/member.ts';

test.use({
  serviceWorkers: 'allow',
  viewport: { width: 390, height: 844 },
  siteSettings: apiRegistration,
});

test('the slot lobby opens offline with the list of the last visit (hi phone)', async ({
  page,
  context,
}) => {
  const fromWorker: string[] = [];
  page.on('response', (response) => {
    if (response.fromServiceWorker()) fromWorker.push(new URL(response.url()).pathname);
  });
  await page.goto('/rng');
  const cards = page.getByTestId('game-list').getByTestId('game-card');
  await expect(cards.first()).toBeVisible();
  // The worker takes the page over once installed; the next visit goes through it.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  // A first visit precached nothing: the worker keeps only what a page asks for.
  const precached = await page.evaluate(async () => {
    const names = await caches.keys();
    return names.filter((name) => name.includes('precache'));
  });
  for (const name of precached) {
    expect(
      await page.evaluate(async (n) => (await (await caches.open(n)).keys()).length, name),
    ).toBe(0);
  }

  await page.reload();
  await expect(cards.first()).toBeVisible();
  const names = await cards.allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(fromWorker).toContain('/rng');
  expect(fromWorker.some((path) => path.startsWith('/assets/'))).toBe(true);

  await context.setOffline(true);
  fromWorker.length = 0;
  await page.reload();
  await expect(cards.first()).toBeVisible();
  expect(await cards.allTextContents()).toEqual(names);
  expect(fromWorker).toContain('/wps/relay/GCSGAME_gameList');
  await context.setOffline(false);
});

test('a member’s calls are never kept by the worker', async ({ page, baseURL }) => {
  await openSignedIn(page, baseURL!, '/rng');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  // Through the worker now: the member's lobby, balance and member info.
  await page.reload();
  await expect(page.getByTestId('game-list').getByTestId('game-card').first()).toBeVisible();
  const kept = await page.evaluate(async () => {
    const found: { url: string; signed: boolean }[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        found.push({ url: request.url, signed: request.headers.has('authorization') });
      }
    }
    return found;
  });
  // The worker kept the app's files ...
  expect(kept.some(({ url }) => new URL(url).pathname.startsWith('/assets/'))).toBe(true);
  // ... and no call that carried the member's token, nor any member or wallet call.
  expect(kept.filter(({ signed }) => signed)).toEqual([]);
  expect(
    kept.filter(({ url }) => /^\/wps\/(member|v2|session)\//.test(new URL(url).pathname)),
  ).toEqual([]);
});
