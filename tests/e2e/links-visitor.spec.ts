import { expect, test } from './support/fixtures.ts';
import {
  startWalk,
  viewports,
  walkBanners,
  walkLayout,
  walkVisitorHeader,
} from './support/link-walk.ts';

// The link walk of issue 11 for a visitor, one page each. Two of the four language and screen
// pairs here, the other two in links-member.spec.ts: the links are the same in every language,
// and each walk costs minutes of CI (axe watches every page it reaches).
test.describe.configure({ timeout: 600_000 });
// The walk opens a page per entry, back to back: the banners and menus lead to the same few
// lobbies, each reading its game list once, so one list can be read more than 10 times in 5 s
// (11 in 4.1 s on CI's loaded run) with no page calling in a loop.
test.use({ callBounds: { windowMs: 5_000, maxReads: 25, maxWrites: 30 } });

for (const [language, screen] of [
  ['hi', 'phone'],
  ['en', 'desktop'],
] as const) {
  test(`every entry leads to its page: visitor, ${language}, ${screen}`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewports[screen]);
    await page.addInitScript((lng) => localStorage.setItem('lang', lng), language);
    const walk = await startWalk(page, baseURL!);
    await page.goto('/');
    await expect(page.getByTestId('page-home')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await walkBanners(walk);
    await walkLayout(walk, { hoverTiles: screen === 'desktop' });
    await walkVisitorHeader(walk);
    expect(walk.problems).toEqual([]);
  });
}
