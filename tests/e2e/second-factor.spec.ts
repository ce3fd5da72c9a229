import type { Browser, Page } from '@playwright/test';
import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { registerPlayer, type Player } from './support/identity.ts';
import { smsCodeTo } from './support/outbox.ts';
import { lookShot } from './support/look.ts';

const baseURL = workerBaseURL;

test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 90_000 });

/** A browser as seen from `ip`: the e2e server trusts the loopback proxy's X-Forwarded-For. */
async function browserFrom(browser: Browser, ip: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': ip } });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
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

test('a player logging in from a new IP passes the SMS second factor (English)', async ({
  browser,
}, testInfo) => {
  const player = await registerPlayer(baseURL());

  // The first login records the IP it came from and asks nothing more. (Its own address, too:
  // other specs' wrong passwords may have put the loopback address under the captcha.)
  const home = await browserFrom(browser, '203.0.113.10');
  const homePage = await home.newPage();
  await logIn(homePage, player);
  await expect(homePage.getByTestId('after-login-modal')).toBeVisible();
  await home.close();

  // From another address the same password only opens the second-factor step.
  const away = await browserFrom(browser, '203.0.113.45');
  const page = await away.newPage();
  await logIn(page, player);
  const step = page.getByTestId('login-second-factor');
  await expect(step).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

  await page.getByTestId('login-second-factor-send').click();
  await expect(page.getByTestId('login-second-factor-sent')).toContainText('mobile number');
  const code = await smsCodeTo(`+${player.countryDialingCode}${player.mobileNum}`);
  await page.getByTestId('login-second-factor-code').fill(code);
  const stepShot = testInfo.outputPath('second-factor-step-en.png');
  await lookShot(page, { path: stepShot }, { info: testInfo, name: 'second-factor-step-en' });
  await page.getByTestId('login-second-factor-code').press('Enter');

  await expect(page.getByTestId('after-login-modal')).toBeVisible();
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('header-account')).toContainText(player.username);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
  const shot = testInfo.outputPath('second-factor-logged-in-en.png');
  await lookShot(page, { path: shot }, { info: testInfo, name: 'second-factor-logged-in-en' });
  await away.close();
});
