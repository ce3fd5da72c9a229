import type { Page, TestInfo } from '@playwright/test';
import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { moduleIds } from '../../src/contract/system.ts';
import { registerPlayer } from './support/identity.ts';
import { latestOutbox } from './support/outbox.ts';
import { lookShot } from './support/look.ts';

const baseURL = workerBaseURL;

// Players are registered through the API (no image captcha or SMS step); forgot by mobile on.
test.use({
  siteSettings: {
    ...apiRegistration,
    modules: { ...apiRegistration.modules, [moduleIds.forgetByMobile]: true },
  },
});

/** A screenshot kept in the test's output folder and attached to its report. */
async function snap(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  const path = testInfo.outputPath(`${name}.png`);
  await lookShot(page, { path, fullPage }, { info: testInfo, name });
}

test('by mobile number: the SMS code from the outbox sets a new password and logs in (Hindi, phone)', async ({
  page,
}, testInfo) => {
  // A registration, a password set and a login with their hashes, an SMS through the outbox and
  // four pages (each read by axe): more than the default on a busy 2-core machine.
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const player = await registerPlayer(baseURL());
  const newPassword = `naya${Date.now() % 100_000}x`;

  await page.goto('/forget');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.getByTestId('forgot-tab-mobile').click();
  await expect(page.getByTestId('forgot-mobile-form')).toBeVisible();
  await expect(page.getByTestId('forgot-country')).toHaveValue(player.countryDialingCode);
  await page.getByTestId('forgot-country').selectOption(player.countryDialingCode);

  // The code goes only to a number that passes its rule.
  await page.getByTestId('forgot-mobile').fill('123');
  await page.getByTestId('forgot-get-code').click();
  await expect(page.getByTestId('forgot-mobile-form').getByRole('alert')).toBeVisible();

  await page.getByTestId('forgot-mobile').fill(player.mobileNum);
  // The error goes as the number is fixed, not at the next submit (issue 34, minor 8).
  await expect(page.getByTestId('forgot-mobile')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('forgot-get-code').click();
  await expect(page.getByTestId('sms-countdown')).toBeVisible();
  await expect(page.getByTestId('forgot-get-code')).toBeDisabled();
  const sms = await latestOutbox('sms', `+${player.countryDialingCode}${player.mobileNum}`);
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
  expect(code).toBeDefined();

  // The password rule of the site is checked before anything is sent.
  await page.getByTestId('forgot-code').fill(code ?? '');
  await page.getByTestId('forgot-new-password').fill('abc');
  await page.getByTestId('forgot-mobile-submit').click();
  await expect(page.getByTestId('forgot-mobile-form').getByRole('alert').first()).toBeVisible();

  await page.getByTestId('forgot-new-password').fill(newPassword);
  // Typed twice (issue 34): a different confirmation is refused under it, in Hindi.
  await page.getByTestId('forgot-confirm-password').fill(`${newPassword}x`);
  await page.getByTestId('forgot-mobile-submit').click();
  await expect(page.getByTestId('forgot-confirm-password-error')).toHaveText(/पासवर्ड/u);
  await page.getByTestId('forgot-confirm-password').fill(newPassword);
  await snap(page, testInfo, 'forgot-mobile-hi', true);
  await page.getByTestId('forgot-mobile-submit').click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-account')).toContainText(player.username);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
  await snap(page, testInfo, 'forgot-mobile-logged-in-hi');
});

test('by e-mail: the link from the outbox sets a new password, then the player logs in with it (English, desktop)', async ({
  page,
}, testInfo) => {
  // Two passwords set and a login with their hashes, and five pages: more than the default.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  const player = await registerPlayer(baseURL(), { email: true });
  const email = player.email ?? '';
  const newPassword = `fresh${Date.now() % 100_000}z`;
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));

  await page.goto('/');
  await page.getByTestId('header-login-button').click();
  await page.getByTestId('login-to-forget').click();
  await expect(page.getByTestId('forgot-email-form')).toBeVisible();
  await page.getByTestId('forgot-username').fill(player.username);
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-email-sent')).toBeVisible();

  const mail = await latestOutbox('email', email);
  const token = /\/forget\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(token).toBeDefined();

  await page.goto(`/forget?token=${token}`);
  await expect(page.getByTestId('forgot-link-form')).toBeVisible();
  // The confirmation must match the new password.
  await page.getByTestId('forgot-link-password').fill(newPassword);
  await page.getByTestId('forgot-link-confirm').fill(`${newPassword}0`);
  await page.getByTestId('forgot-link-submit').click();
  await expect(page.getByTestId('forgot-link-form').getByRole('alert')).toBeVisible();
  await page.getByTestId('forgot-link-confirm').fill(newPassword);
  await page.getByTestId('forgot-link-submit').click();
  await expect(page.getByTestId('forgot-link-done')).toBeVisible();
  await snap(page, testInfo, 'forgot-link-done-en');

  await page.getByTestId('forgot-link-login').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByTestId('login-username').fill(player.username);
  await page.getByTestId('login-password').fill(newPassword);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('after-login-modal')).toBeVisible();
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('header-account')).toContainText(player.username);

  // The link is single use: opened again it says so and offers a new e-mail.
  await page.goto(`/forget?token=${token}`);
  await page.getByTestId('forgot-link-password').fill(newPassword);
  await page.getByTestId('forgot-link-confirm').fill(newPassword);
  await page.getByTestId('forgot-link-submit').click();
  await expect(page.getByTestId('forgot-link-invalid')).toBeVisible();
  await expect(page.getByTestId('forgot-error')).not.toBeEmpty();
  await snap(page, testInfo, 'forgot-link-invalid-en');
  await page.getByTestId('forgot-new-link').click();
  await expect(page.getByTestId('forgot-email-form')).toBeVisible();
  await expect(page).toHaveURL(/\/forget$/);
});
