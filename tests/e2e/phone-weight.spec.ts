/**
 * Issue 35, what a phone over mobile data is sent and how still its page stands: the layout of
 * `/` and `/rng` shifts by at most 0.1 while they load on a throttled phone, and a page
 * downloads the web face of its own script only (the language menu names the other languages
 * from a tiny inline face).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// The phone of the issue: 390x844, 150 ms round trip, 1.6 Mbit/s down, CPU 4x slower.
test.use({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
});
// A throttled cold load takes a while on a loaded machine.
test.describe.configure({ timeout: 90_000 });

/** Opens `path` in `language` on the throttled phone, recording every layout shift. */
async function openOnPhone(page: Page, path: string, language: string) {
  await page.addInitScript((lang) => {
    localStorage.setItem('lang', lang);
    const shifts: { value: number; sources: string[] }[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null }[];
      })[]) {
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((source) => {
            const node = source.node;
            const element = node instanceof Element ? node : node?.parentElement;
            return element ? `${element.tagName.toLowerCase()}.${element.className}` : '?';
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, language);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 200_000,
    uploadThroughput: 93_750,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Two frames after the last font: any shift it caused is reported.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
}

const shiftsOf = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts,
  );

for (const [path, ready] of [
  ['/', 'page-home'],
  ['/rng', 'banner-carousel'],
  // The lottery's other providers and login call (and popular games) showed before its games and
  // were pushed a screen down by them (0.6).
  ['/lottery', 'lottery-games'],
] as const) {
  for (const language of ['hi', 'en'] as const) {
    test(`${path} in ${language} shifts its layout by at most 0.1 while it loads on a throttled phone`, async ({
      page,
    }) => {
      await openOnPhone(page, path, language);
      await expect(page.getByTestId(ready)).toBeVisible();
      const shifts = await shiftsOf(page);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, `shifts: ${JSON.stringify(shifts, null, 1)}`).toBeLessThanOrEqual(0.1);
    });
  }
}

/** The web font files a page fetched, by script. */
function watchFonts(page: Page) {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\.woff2?$/u.test(pathname)) fetched.push(pathname);
  });
  return {
    bengali: () => fetched.filter((path) => path.includes('bengali')),
    devanagari: () => fetched.filter((path) => path.includes('devanagari')),
  };
}

test('a Hindi page fetches the Devanagari face and no Bengali one, yet names every language', async ({
  page,
}) => {
  const fonts = watchFonts(page);
  await openOnPhone(page, '/', 'hi');
  await expect(page.getByTestId('page-home')).toBeVisible();
  expect(fonts.devanagari().length).toBeGreaterThan(0);
  expect(fonts.bengali()).toEqual([]);

  // The menu's native names come from the inline 'Language Names' face, which covers each of
  // their characters outside Latin.
  const uncovered = await page.evaluate(async () => {
    const faces = [...document.fonts].filter(
      (face) => face.family.replace(/"/g, '') === 'Language Names',
    );
    await Promise.all(faces.map((face) => face.load()));
    const names = [...document.querySelectorAll('[data-testid="language-menu"] option')].map(
      (option) => option.textContent ?? '',
    );
    const covers = (face: FontFace, code: number) =>
      face.unicodeRange.split(',').some((part) => {
        const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
        const low = parseInt(from ?? '', 16);
        return code >= low && code <= (to ? parseInt(to, 16) : low);
      });
    return [...names.join('')].filter(
      (char) =>
        /[\u0900-\u09ff]/u.test(char) &&
        !faces.some((face) => face.status === 'loaded' && covers(face, char.codePointAt(0) ?? 0)),
    );
  });
  expect(uncovered).toEqual([]);
  expect(fonts.bengali()).toEqual([]);
});

test('an English page fetches neither Indian face', async ({ page }) => {
  const fonts = watchFonts(page);
  await openOnPhone(page, '/', 'en');
  await expect(page.getByTestId('page-home')).toBeVisible();
  expect(fonts.bengali()).toEqual([]);
  expect(fonts.devanagari()).toEqual([]);
});

test('a Bengali page fetches the Bengali face and no Devanagari one', async ({ page }) => {
  const fonts = watchFonts(page);
  await openOnPhone(page, '/', 'bn');
  await expect(page.getByTestId('page-home')).toBeVisible();
  expect(fonts.bengali().length).toBeGreaterThan(0);
  expect(fonts.devanagari()).toEqual([]);
});

test("the home page's images carry their size, the first banner comes first and the rest wait", async ({
  page,
}) => {
  await openOnPhone(page, '/', 'hi');
  await expect(page.getByTestId('page-home')).toBeVisible();
  const images = await page.evaluate(() =>
    [...document.images].map((image) => ({
      src: image.getAttribute('src') ?? '',
      in: image.parentElement?.className ?? '',
      sized: image.hasAttribute('width') && image.hasAttribute('height'),
      loading: image.loading,
      priority: image.getAttribute('fetchpriority'),
      below: image.getBoundingClientRect().top > innerHeight,
    })),
  );
  expect(images.filter((image) => !image.sized)).toEqual([]);
  const banner = images.find((image) => image.src.includes('/media/banners/'));
  expect(banner?.priority).toBe('high');
  // Below the first screen: lazily loaded, natively or by the site's own rule (no src yet).
  expect(
    images.filter((image) => image.below && image.src !== '' && image.loading !== 'lazy'),
  ).toEqual([]);
});
