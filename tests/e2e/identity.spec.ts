import { expect, test, type Page } from '@playwright/test';
import { moduleIds } from '../../src/contract/system.ts';
import { opsDriver } from './support/ops.ts';
import { registerPlayer } from './support/identity.ts';

const baseURL = () => test.info().project.use.baseURL ?? '';
const ops = () => opsDriver({ baseURL: baseURL() });

// Registration through the API needs no image captcha or SMS step here; the operator turns them
// off for this file, as a site without them would run.
test.beforeAll(async () => {
  await ops().setCaptcha(false);
  await ops().setModule(moduleIds.registerSmsVerification, false);
});
test.afterAll(async () => {
  await ops().setCaptcha(true);
  await ops().setModule(moduleIds.registerSmsVerification, true);
});

async function openLogin(page: Page) {
  await page.getByTestId('header-login-button').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
}

async function submitLogin(page: Page, username: string, password: string) {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

test('a player logs in, sees the account in the header and signs out (Hindi)', async ({ page }) => {
  const player = await registerPlayer(baseURL());
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await openLogin(page);
  await submitLogin(page, player.username, player.password);

  await expect(page.getByTestId('after-login-modal')).toBeVisible();
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('header-account')).toContainText(player.username);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
  await page.screenshot({ path: test.info().outputPath('logged-in-hi.png') });

  await page.reload();
  await expect(page.getByTestId('header-account')).toContainText(player.username);

  await page.getByTestId('header-account').click();
  await page.getByTestId('menu-sign-out').click();
  await expect(page.getByTestId('sign-out-confirm')).toBeVisible();
  await page.getByTestId('sign-out-yes').click();
  await expect(page.getByTestId('header-login-button')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  await expect(page).toHaveURL(/\/$/);
});

test('wrong passwords lead to the captcha (English)', async ({ page }) => {
  const player = await registerPlayer(baseURL());
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await submitLogin(page, player.username, `wrong${attempt}pass`);
    await expect(page.getByTestId('login-submit')).toBeEnabled();
  }
  await expect(page.getByTestId('login-captcha-input')).toBeVisible();
  await expect(page.getByTestId('header-account')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('captcha-en.png') });
});

test('free play logs in a trial account', async ({ page }) => {
  await page.goto('/');
  await openLogin(page);
  await page.getByTestId('login-free-play').click();
  await expect(page.getByTestId('header-account')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).not.toBe('1');
});

test('a visitor registers by username and is logged in (English)', async ({ page }) => {
  const stamp = `${Date.now() % 1_000_000}`;
  const username = `reg${stamp}`;
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.goto('/register');
  await expect(page.getByTestId('register-form')).toBeVisible();
  const usernameTab = page.getByTestId('register-tab-username');
  if (await usernameTab.isVisible()) await usernameTab.click();

  // Terms first: the warning shows and nothing is sent.
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(`pass${stamp}`);
  await page.getByTestId('register-confirm').fill(`pass${stamp}`);
  await page.getByTestId('register-payment-password').fill('246810');
  const mobile = page.getByTestId('register-mobile');
  if (await mobile.isVisible()) await mobile.fill(`9${stamp.padStart(9, '1')}`);
  await page.getByTestId('register-age').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-terms-warning')).toBeVisible();
  await page.getByTestId('register-terms-warning-ok').click();

  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('page-home')).toBeVisible();
  await expect(page.getByTestId('register-form')).toHaveCount(0);
  await expect(page.getByTestId('header-account')).toContainText(username);
  await page.screenshot({ path: test.info().outputPath('registered-en.png') });
});
