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
