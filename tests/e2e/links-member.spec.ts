import { apiRegistration, expect, test } from './support/fixtures.ts';
import { registerPlayer } from './support/identity.ts';
import { logInThroughPopup } from './support/member.ts';
import {
  startWalk,
  viewports,
  walkAccountMenu,
  walkBanners,
  walkLayout,
  walkMemberCenterMenu,
} from './support/link-walk.ts';

// The link walk of issue 11 for a member, one page each: the two language and screen pairs
// links-visitor.spec.ts does not walk. The nav's hover tiles are the visitor's (the same for both).
test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 600_000 });

for (const [language, screen] of [
  ['en', 'phone'],
  ['hi', 'desktop'],
] as const) {
  test(`every entry leads to its page: member, ${language}, ${screen}`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewports[screen]);
    await page.addInitScript((lng) => localStorage.setItem('lang', lng), language);
    const player = await registerPlayer(baseURL!);
    const walk = await startWalk(page, baseURL!);
    await page.goto('/');
    await expect(page.getByTestId('page-home')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await logInThroughPopup(page, player);
    await walkAccountMenu(walk);
    await walkMemberCenterMenu(walk);
    await walkBanners(walk);
    await walkLayout(walk, { hoverTiles: false });
    expect(walk.problems).toEqual([]);
  });
}
