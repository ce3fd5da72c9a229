import { apiRegistration, expect, test } from './support/fixtures.ts';
import { registerPlayer } from './support/identity.ts';
import { logInThroughPopup } from './support/member.ts';
import {
  startWalk,
  viewports,
  walkAccountMenu,
  walkMemberCenterMenu,
} from './support/link-walk.ts';

// The link walk of issue 11 for a member, one page each: what only a member has (the account
// menu, every member-center page), in the two language and screen pairs links-visitor.spec.ts
// does not walk. The banners, nav, footer and side bars lead to the same pages for a member and
// a visitor (the same links, from the same bootstrap payload): the visitor's walks follow them.
test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 600_000 });
// The walk opens a page per entry, back to back: the banners and menus lead to the same few
// lobbies, each reading its game list once, so one list can be read more than 10 times in 5 s
// (11 in 4.1 s on CI's loaded run) with no page calling in a loop.
test.use({ callBounds: { windowMs: 5_000, maxReads: 25, maxWrites: 30 } });

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
    expect(walk.problems).toEqual([]);
  });
}
