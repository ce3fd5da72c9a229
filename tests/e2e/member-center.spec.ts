import type { Page } from '@playwright/test';
import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { AxeBuilder } from '@axe-core/playwright';
import { notifyPath } from '../../src/contract/realtime.ts';
import { registerPlayer } from './support/identity.ts';
import { logInThroughPopup, memberIdOf, opsPost as opsCall } from './support/member.ts';
import { lookShot } from './support/look.ts';

const baseURL = workerBaseURL;

test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 90_000 });

/** Serious or critical WCAG A/AA problems inside `selector`. */
async function seriousProblems(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .include(selector)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const notify = (id: number, title: string, text: string) =>
  opsCall(baseURL(), notifyPath.replace(':memberId', String(id)), { title, text });

test('the header balance follows an operator credit live, hides and refreshes; a notification toasts and is listed; the member center opens and closes (Hindi, desktop)', async ({
  page,
  wallet,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const player = await registerPlayer(baseURL());
  await page.goto('/');
  await logInThroughPopup(page, player);
  const id = await memberIdOf(page, baseURL());

  const value = page.getByTestId('header-balance-value');
  await expect(value).toHaveText('₹0.00');
  await wallet.credit(id, '123456', 'e2e member center credit');
  // No reload: the real-time channel carries the committed balance.
  await expect(value).toHaveText('₹1,234.56');

  await page.getByTestId('header-balance-toggle').click();
  await expect(value).toContainText('***');
  await page.reload();
  await expect(page.getByTestId('header-account')).toContainText(player.username);
  await expect(value).toContainText('***');
  await page.getByTestId('header-balance-toggle').click();
  await expect(value).toHaveText('₹1,234.56');
  await page.getByTestId('header-balance-refresh').click();
  await expect(page.getByTestId('header-balance-refresh')).toBeEnabled();
  await expect(value).toHaveText('₹1,234.56');

  await notify(id, 'बोनस तैयार है', 'आपका साप्ताहिक बोनस जोड़ दिया गया है।');
  const toast = page.getByTestId('notification-toasts');
  await expect(toast).toContainText('बोनस तैयार है');
  await expect(page.getByTestId('notification-count')).toHaveText('1');
  await lookShot(page, { path: test.info().outputPath('balance-toast-hi-desktop.png') });
  await page.getByTestId('notification-bell').click();
  const list = page.getByTestId('notification-list');
  await expect(list).toContainText('आपका साप्ताहिक बोनस जोड़ दिया गया है।');
  await list.getByRole('button', { name: /बोनस तैयार है/ }).click();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await expect(list).toContainText('कोई सूचना नहीं');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();

  await page.getByTestId('header-account').getByRole('button').first().click();
  await page.getByTestId('menu-member-center').click();
  const center = page.getByTestId('member-center');
  await expect(center).toBeVisible();
  await expect(page).toHaveURL(/[?&]mc=securityCenter/);
  const shown = await center.getAttribute('data-page');
  if (shown) {
    await expect(page.getByTestId(`mc-menu-${shown}`)).toHaveAttribute('aria-current', 'page');
  }
  await expect(center.getByText('अनुभाग लोड हो रहा है…')).toHaveCount(0);
  await lookShot(page, { path: test.info().outputPath('member-center-hi-desktop.png') });
  expect(await seriousProblems(page, '.mc__menu')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(center).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]mc=/);
});

test('the member center opens from the address and from the dropdown on a phone (English)', async ({
  page,
  wallet,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  const player = await registerPlayer(baseURL());
  await page.goto('/');
  await logInThroughPopup(page, player);
  const id = await memberIdOf(page, baseURL());
  await expect(page.getByTestId('header-balance-value')).toHaveText('₹0.00');
  await wallet.credit(id, '50000', 'e2e member center credit');
  await expect(page.getByTestId('header-balance-value')).toHaveText('₹500.00');
  await notify(id, 'Welcome bonus', 'Your welcome bonus is ready.');
  await expect(page.getByTestId('notification-toasts')).toContainText('Welcome bonus');
  await lookShot(page, { path: test.info().outputPath('balance-toast-en-phone.png') });
  await page.getByTestId('notification-toasts').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('notification-toasts')).not.toContainText('Welcome bonus');
  await expect(page.getByTestId('notification-count')).toHaveText('1');
  await lookShot(page, { path: test.info().outputPath('header-en-phone.png') });
  expect(await seriousProblems(page, '.site-header .header-top')).toEqual([]);

  await page.goto('/?mc=transactionHistory');
  const center = page.getByTestId('member-center');
  await expect(center).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Member center' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Loading the section…')).toHaveCount(0);
  await lookShot(page, { path: test.info().outputPath('member-center-en-phone.png') });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(center).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]mc=/);

  await page.getByTestId('header-account').getByRole('button').first().click();
  await page.getByTestId('menu-my-account').click();
  await expect(center).toBeVisible();
  await expect(page).toHaveURL(/[?&]mc=securityCenter/);
  await page.keyboard.press('Escape');
  await expect(center).toBeHidden();
});

test('a free-play account is asked to register first for deposit, withdrawal and my account (Hindi)', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('header-login-button').click();
  await page.getByTestId('login-free-play').click();
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('header-account')).toBeVisible();
  await page.getByTestId('header-account').getByRole('button').first().click();
  await page.getByTestId('menu-deposit').click();
  await expect(page.getByTestId('register-first')).toBeVisible();
  await expect(page.getByTestId('member-center')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('register-first')).toBeHidden();

  await page.goto('/?mc=withdraw');
  await expect(page.getByTestId('register-first')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]mc=/);
  await page.keyboard.press('Escape');

  await expect(page.getByTestId('register-first')).toBeHidden();

  // Spec section 6: every member-center screen needs a real account, my account included.
  await page.getByTestId('header-account').getByRole('button').first().click();
  await page.getByTestId('menu-member-center').click();
  await expect(page.getByTestId('register-first')).toBeVisible();
  await expect(page.getByTestId('member-center')).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]mc=/);
});
