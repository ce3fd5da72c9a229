import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

// axe, every impact, in both themes: the public pages, the login and after-login popups, every
// member-center page (desktop and phone) and the account record. The fixture (support/axe.ts)
// also checks every view the other specs open; this walk makes sure the member's pages and
// popups are seen in the dark theme too. axe reads every node: a larger budget.
test.describe.configure({ timeout: 240_000 });
// This walk runs axe itself on each view it names, at the moment it names it; the fixture's
// watcher would read the same views a second time.
test.use({ axe: false });

const pages = [
  { path: '/', testId: 'page-home' },
  { path: '/help', testId: 'page-help' },
  { path: '/noticePage', testId: 'page-notice' },
  { path: '/join', testId: 'page-join' },
  { path: '/down', testId: 'page-download' },
  { path: '/rng', testId: 'jackpot-counter' },
  { path: '/vip', testId: 'page-vip' },
  { path: '/no-such-page', testId: 'page-not-found' },
];

const memberCenterPages = [
  'securityCenter',
  'withdraw',
  'depositv2',
  'transferFund',
  'transferUpline',
  'transactionHistory',
  'bonusDetails',
  'messageV2',
];

async function expectNoViolations(page: Page, where: string) {
  expect(await axeViolations(page), `axe on ${where}`).toEqual([]);
}

async function logIn(page: Page) {
  await page.getByTestId('header-login-button').click();
  await expect(page.getByTestId('login-username')).toBeVisible();
  await expectNoViolations(page, 'the login popup');
  await page.getByTestId('login-username').fill('demo_player1');
  await page.getByTestId('login-password').fill('demo1234');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('after-login-modal')).toBeVisible();
  await expectNoViolations(page, 'the after-login popup');
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('header-account')).toContainText('demo_player1');
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    });

    test(`the public pages have no axe violations (${theme})`, async ({ page }) => {
      for (const { path, testId } of pages) {
        await page.goto(path);
        // The first page of the run waits for a cold server and browser.
        await expect(page.getByTestId(testId)).toBeVisible({ timeout: 30_000 });
        // The route's page is loaded (its lazy chunk's spinner gone).
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expect(page.locator('main h1').first()).toBeAttached();
        await expectNoViolations(page, path);
      }
    });

    test(`the login popups and every member-center page have no axe violations, desktop and phone (${theme})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/');
      await expect(page.getByTestId('page-home')).toBeVisible({ timeout: 30_000 });
      await logIn(page);
      await expectNoViolations(page, 'home as a member');
      // Every page from the member center's menu on a desktop; on a phone the account record.
      await page.goto(`/?mc=${memberCenterPages[0]}`);
      const center = page.getByTestId('member-center');
      await expect(center).toBeVisible({ timeout: 20_000 });
      for (const key of memberCenterPages) {
        await center.getByTestId(`mc-menu-${key}`).click();
        await expect(center).toHaveAttribute('data-page', key);
        await expect(center.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNoViolations(page, `?mc=${key}`);
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(center.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoViolations(page, '?mc=messageV2 on a phone');
      await center.getByTestId('mc-menu-transactionHistory').click();
      await expect(center.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoViolations(page, '?mc=transactionHistory on a phone');
    });
  });
}
