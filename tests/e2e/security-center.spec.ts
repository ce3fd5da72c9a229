import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { Secret, TOTP } from 'otpauth';
import { registerPlayer, type Player } from './support/identity.ts';
import { lookShot } from './support/look.ts';

const baseURL = workerBaseURL;
/** Where the member center opens on the security page. */
const securityCenterUrl = '/?mc=securityCenter';

test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 120_000 });

/** A browser as seen from `ip`: the e2e server trusts the loopback proxy's X-Forwarded-For. */
async function browserFrom(browser: Browser, ip: string, theme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': ip } });
  await context.addInitScript((chosen) => {
    localStorage.setItem('lang', 'en');
    localStorage.setItem('theme', chosen);
  }, theme);
  return context;
}

async function logIn(page: Page, player: Player) {
  await page.goto('/');
  await page.getByTestId('header-login-button').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByTestId('login-username').fill(player.username);
  await page.getByTestId('login-password').fill(player.password);
  await page.getByTestId('login-submit').click();
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await lookShot(page, { path }, { info: testInfo, name });
}

/** The player's authenticator app (RFC 6238 defaults, as the server's otpauth URI says). */
const authenticator = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });

test('a player binds an authenticator in the security center, then passes a login from a new IP with it (English)', async ({
  browser,
}, testInfo) => {
  const player = await registerPlayer(baseURL());

  const home = await browserFrom(browser, '203.0.113.60');
  const page = await home.newPage();
  await logIn(page, player);
  await expect(page.getByTestId('after-login-modal')).toBeVisible();
  await page.goto(securityCenterUrl);
  const center = page.getByTestId('security-center');
  await expect(center).toBeVisible();
  await expect(page.getByTestId('security-account-name')).toHaveText(player.username);
  await expect(page.getByTestId('security-payment-status')).toContainText('Set');

  // Binding asks the current password again; a wrong one is refused on that step.
  await page.getByTestId('security-totp-bind').click();
  await page.getByTestId('security-totp-password-input').fill('not-my-password');
  await page.getByTestId('security-totp-continue').click();
  await expect(page.getByTestId('security-totp-error')).toBeVisible();
  await page.getByTestId('security-totp-password-input').fill(player.password);
  await page.getByTestId('security-totp-continue').click();

  await expect(page.getByTestId('security-totp-qr')).toBeVisible();
  const secret = await page.getByTestId('security-totp-secret').getAttribute('data-secret');
  if (!secret) throw new Error('no secret shown');
  await shoot(page, testInfo, 'security-center-bind-qr-en');
  const app = authenticator(secret);
  const boundStep = app.counter();
  await page.getByTestId('security-totp-code').fill(app.generate());
  await page.getByTestId('security-totp-submit').click();
  await expect(page.getByTestId('security-totp-bound')).toBeVisible();
  await shoot(page, testInfo, 'security-center-bound-en');
  await home.close();

  // From another address the password opens the second-factor step; the authenticator passes it.
  const away = await browserFrom(browser, '203.0.113.61', 'dark');
  const awayPage = await away.newPage();
  await awayPage.setViewportSize({ width: 390, height: 844 });
  await logIn(awayPage, player);
  await expect(awayPage.getByTestId('login-second-factor')).toBeVisible();
  await awayPage.getByRole('tab').last().click();
  // Each code counts once: wait for the authenticator's next code after the one that bound it.
  await expect
    .poll(() => app.counter() > boundStep, { timeout: 40_000, intervals: [1000] })
    .toBe(true);
  await awayPage.getByTestId('login-second-factor-code').fill(app.generate());
  await awayPage.getByTestId('login-second-factor-code').press('Enter');
  await expect(awayPage.getByTestId('after-login-modal')).toBeVisible();
  expect(await awayPage.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
  await awayPage.goto(securityCenterUrl);
  await expect(awayPage.getByTestId('security-totp-bound')).toBeVisible();
  await shoot(awayPage, testInfo, 'security-center-phone-dark-en');
  await away.close();
});

test('a player changes the payment password in the security center (Hindi, phone)', async ({
  browser,
}, testInfo) => {
  const player = await registerPlayer(baseURL());
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.64' },
  });
  await context.addInitScript(() => localStorage.setItem('lang', 'hi'));
  const page = await context.newPage();
  await logIn(page, player);
  await expect(page.getByTestId('after-login-modal')).toBeVisible();
  await page.goto(securityCenterUrl);
  await expect(page.getByTestId('security-payment-status')).toHaveText('सेट है');
  await page.getByTestId('security-payment-open').click();
  const form = page.getByTestId('security-payment-form');
  await expect(form).toBeVisible();

  // Checked before it is sent: two different new passwords.
  await page.getByTestId('security-payment-current').fill('123456');
  await page.getByTestId('security-payment-new').fill('246810');
  await page.getByTestId('security-payment-again').fill('246811');
  await page.getByTestId('security-payment-login').fill(player.password);
  await page.getByTestId('security-payment-save').click();
  await expect(form).toContainText('दोनों भुगतान पासवर्ड अलग हैं।');

  // A wrong current one is refused by the server, in Hindi, with the tries left.
  await page.getByTestId('security-payment-current').fill('654321');
  await page.getByTestId('security-payment-again').fill('246810');
  await page.getByTestId('security-payment-save').click();
  await expect(page.getByTestId('security-payment-error')).toContainText('भुगतान पासवर्ड गलत है');

  await page.getByTestId('security-payment-current').fill('123456');
  await page.getByTestId('security-payment-save').click();
  await expect(page.getByTestId('security-payment-done')).toHaveText(/भुगतान पासवर्ड बदल दिया गया है/);
  await shoot(page, testInfo, 'security-payment-changed-hi-phone');
  await page.getByTestId('security-payment-done').getByRole('button').click();

  // The new one is the current one now: a second change takes it.
  await page.getByTestId('security-payment-open').click();
  await page.getByTestId('security-payment-current').fill('246810');
  await page.getByTestId('security-payment-new').fill('135791');
  await page.getByTestId('security-payment-again').fill('135791');
  await page.getByTestId('security-payment-login').fill(player.password);
  await page.getByTestId('security-payment-save').click();
  await expect(page.getByTestId('security-payment-done')).toBeVisible();
  await context.close();
});
