import type { Page } from '@playwright/test';
import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { registerPlayer, type Player } from './support/identity.ts';
import { logInThroughPopup, memberIdOf } from './support/member.ts';
import { opsCredentials } from './support/server.ts';
import { lookShot } from './support/look.ts';
import { axeViolations } from './support/axe.ts';

const baseURL = workerBaseURL;

test.use({
  siteSettings: apiRegistration,
  // Only an operator approves on the sandbox gateway: the browser answers its Basic challenge
  // with the worker server's operator (sent only when challenged).
  httpCredentials: { username: opsCredentials.username, password: opsCredentials.password },
});
test.describe.configure({ timeout: 120_000 });

/** Logs the player in through the login popup and closes the after-login modal. */
async function logIn(page: Page, player: Player) {
  await page.goto('/');
  await logInThroughPopup(page, player);
}

test('a new player deposits online through the sandbox gateway; the balance changes live in another open page (English, desktop)', async ({
  context,
  page,
}) => {
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.setViewportSize({ width: 1280, height: 800 });
  const player = await registerPlayer(baseURL());

  // Page A: the site open on the lobby; it is never reloaded.
  await logIn(page, player);
  const balanceA = page.getByTestId('header-balance-value');
  await expect(balanceA).toHaveText('₹0.00');

  // Page B: the deposit, through the gateway and back.
  const payer = await context.newPage();
  await payer.setViewportSize({ width: 1280, height: 800 });
  await logIn(payer, player);
  await payer.goto('/?mc=depositv2');
  const depositPage = payer.getByTestId('deposit-page');
  await expect(depositPage).toBeVisible();
  await payer.getByTestId('deposit-channel-online').click();
  const amount = payer.getByTestId('deposit-amount');
  await amount.fill('50');
  await expect(payer.getByTestId('deposit-amount-problem')).toContainText('₹100.00');
  await amount.fill('1,250.50');
  await expect(payer.getByTestId('deposit-amount-problem')).toHaveCount(0);
  await lookShot(payer, { path: test.info().outputPath('deposit-amount-en-desktop.png') });
  await depositPage.getByRole('button', { name: 'Deposit' }).click();

  // The sandbox gateway's own page, clearly marked.
  await expect(payer).toHaveURL(/\/sandbox\/gateway\/pay\/[0-9a-f-]{36}$/);
  await expect(payer.getByTestId('sandbox-banner')).toContainText('SANDBOX');
  await expect(payer.getByTestId('sandbox-amount')).toContainText('1,250.50');
  await expect(payer.getByTestId('sandbox-operator-only')).toContainText('Only an operator');
  await lookShot(payer, { path: test.info().outputPath('sandbox-gateway-en-desktop.png') });
  await payer.getByRole('button', { name: 'Approve payment' }).click();

  // Back on the site: the order's result, the credited balance.
  await expect(payer).toHaveURL(/[?&]mc=depositv2/);
  // A full page load (the site, the session, the member center's code, the order): on a busy
  // two-core runner this has taken longer than the usual 10 s.
  await expect(payer.getByTestId('deposit-paid')).toContainText('₹1,250.50', { timeout: 30_000 });
  await expect(payer.getByTestId('header-balance-value')).toHaveText('₹1,250.50');
  await lookShot(payer, { path: test.info().outputPath('deposit-paid-en-desktop.png') });

  // Page A learned it over the real-time channel: the balance and the deposit notification
  // (toasted, then kept in the bell's list), with no reload.
  await expect(balanceA).toHaveText('₹1,250.50');
  await expect(page.getByTestId('notification-count')).toHaveText('1');
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-list')).toContainText('₹1,250.50');
  await lookShot(page, { path: test.info().outputPath('deposit-live-balance-en-desktop.png') });
});

test('the bank transfer channel shows the account and takes the reference; the operator confirms it and the balance follows (Hindi, phone)', async ({
  context,
  page,
  deposits,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 390, height: 844 });
  const player = await registerPlayer(baseURL());
  await logIn(page, player);
  await page.goto('/?mc=depositv2');
  await page.getByTestId('deposit-channel-bank_transfer').click();
  await page.getByTestId('deposit-amount').fill('750');
  await page.getByTestId('deposit-page').getByRole('button', { name: 'जमा करें' }).click();
  const details = page.getByTestId('deposit-bank-details');
  await expect(details).toBeVisible();
  await expect(page.getByTestId('deposit-bank-amount')).toHaveText('₹750.00');
  await expect(page.getByTestId('deposit-bank-number')).not.toBeEmpty();
  // The IFSC beside the account, each detail with a copy button that says what it copied.
  await expect(page.getByTestId('deposit-bank-ifsc')).toHaveText('DEMO0001234');
  await page.getByRole('button', { name: 'IFSC कॉपी करें' }).click();
  await expect(page.getByTestId('deposit-copy-status')).toHaveText('कॉपी किया: IFSC');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('DEMO0001234');
  await page.getByRole('button', { name: 'राशि कॉपी करें' }).click();
  await expect(page.getByTestId('deposit-copy-status')).toHaveText('कॉपी किया: राशि');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('750.00');
  // A reference longer than 64 characters is refused by the field's pattern (a valid browser
  // regular expression), not cut to 64 and sent.
  const reference = page.getByTestId('deposit-reference');
  await reference.fill(`BDO-${'7'.repeat(496)}`);
  await expect(reference).toHaveValue(`BDO-${'7'.repeat(496)}`);
  await page.getByRole('button', { name: 'संदर्भ जमा करें' }).click();
  expect(
    await reference.evaluate((input: HTMLInputElement) => input.validity.patternMismatch),
  ).toBe(true);
  await expect(page.getByTestId('deposit-awaiting')).toBeHidden();
  await page.getByTestId('deposit-reference').fill('BDO-778899');
  await page.getByRole('button', { name: 'संदर्भ जमा करें' }).click();
  await expect(page.getByTestId('deposit-awaiting')).toBeVisible();
  await lookShot(page, { path: test.info().outputPath('deposit-manual-hi-phone.png') });

  // The operator finds the order among the pending manual ones and confirms it.
  const [order] = await deposits.pending(await memberIdOf(page, baseURL()));
  expect(order?.amount).toBe('75000');
  await deposits.confirm(order!.orderId);
  await expect(page.getByTestId('header-balance-value')).toHaveText('₹750.00');
});

/** A 12-digit UTR no other run of this server has used. */
const newUtr = () => String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));

test('a player pays by UPI: the QR code and the app link, the UTR, the operator confirms; a second UPI deposit is confirmed by the signed webhook (Hindi, phone)', async ({
  context,
  page,
  deposits,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 390, height: 844 });
  const player = await registerPlayer(baseURL());
  await logIn(page, player);
  await page.goto('/?mc=depositv2');
  const depositPage = page.getByTestId('deposit-page');

  /** Picks UPI, enters the amount and submits: the UPI details show. */
  async function startUpiDeposit(amount: string) {
    await page.getByTestId('deposit-channel-upi').click();
    await page.getByTestId('deposit-amount').fill(amount);
    await depositPage.getByRole('button', { name: 'जमा करें', exact: true }).click();
    await expect(page.getByTestId('deposit-upi-details')).toBeVisible();
  }

  await startUpiDeposit('750');
  await expect(page.getByTestId('deposit-upi-details')).toContainText('₹750.00');
  // The QR code of the intent, named for a screen reader; on the phone the link to the UPI app.
  const qr = page.getByRole('img', { name: /UPI से .+ को ₹750.00 भुगतान करने का QR कोड/ });
  await expect(qr).toBeVisible();
  const link = page.getByRole('link', { name: 'UPI ऐप से भुगतान करें' });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href.startsWith('upi://pay?')).toBe(true);
  expect(href).toContain('am=750.00');
  expect(href).toContain('cu=INR');
  expect(await qr.getAttribute('data-uri')).toBe(href);
  const vpa = (await page.getByTestId('deposit-upi-vpa').textContent()) ?? '';
  expect(href).toContain(`pa=${vpa}`);

  // The UPI ID copies to the clipboard, and the live region says so.
  await page.getByRole('button', { name: 'UPI ID कॉपी करें' }).click();
  await expect(page.getByTestId('deposit-copy-status')).toHaveText('कॉपी किया: UPI ID');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(vpa);
  await lookShot(page, { path: test.info().outputPath('deposit-upi-hi-phone.png') });
  expect(await axeViolations(page)).toEqual([]);

  // A UTR is exactly 12 digits: a short one is refused in the page, in Hindi.
  const utrField = page.getByLabel('UTR (12 अंकों का UPI संदर्भ)');
  await utrField.fill('12345');
  await page.getByRole('button', { name: 'UTR जमा करें' }).click();
  await expect(page.getByTestId('deposit-utr-error')).toContainText('UTR ठीक 12 अंकों का होता है');
  const utr = newUtr();
  await utrField.fill(utr);
  await page.getByRole('button', { name: 'UTR जमा करें' }).click();
  await expect(page.getByTestId('deposit-awaiting')).toContainText('UTR प्राप्त हुआ');

  // The operator finds the UTR among the pending UPI orders and confirms it.
  const memberId = await memberIdOf(page, baseURL());
  const [order] = await deposits.pending(memberId, 'upi');
  expect(order).toMatchObject({ amount: '75000', transferReference: utr });
  await deposits.confirm(order!.orderId);
  await expect(page.getByTestId('header-balance-value')).toHaveText('₹750.00');
  await expect(page.getByTestId('deposit-paid')).toContainText('₹750.00');

  // A second UPI deposit, confirmed by the UPI provider's signed webhook.
  await page.getByTestId('deposit-paid').getByRole('button', { name: 'नई जमा राशि' }).click();
  await startUpiDeposit('500');
  const secondUtr = newUtr();
  await page.getByLabel('UTR (12 अंकों का UPI संदर्भ)').fill(secondUtr);
  await page.getByRole('button', { name: 'UTR जमा करें' }).click();
  await expect(page.getByTestId('deposit-awaiting')).toBeVisible();
  await deposits.upiPaid({ utr: secondUtr, amount: '50000' });
  await expect(page.getByTestId('header-balance-value')).toHaveText('₹1,250.00');
  await expect(page.getByTestId('deposit-paid')).toContainText('₹500.00');
});

test('on a desktop with a mouse the UPI order shows its QR code to scan and no app link (English)', async ({
  context,
  page,
}) => {
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, await registerPlayer(baseURL()));
  await page.goto('/?mc=depositv2');
  await page.getByTestId('deposit-channel-upi').click();
  await page.getByTestId('deposit-amount').fill('1,000');
  await page
    .getByTestId('deposit-page')
    .getByRole('button', { name: 'Deposit', exact: true })
    .click();
  await expect(page.getByTestId('deposit-upi-details')).toContainText('Pay ₹1,000.00 by UPI');
  await expect(
    page.getByRole('img', { name: /QR code to pay ₹1,000.00 to .+ by UPI/ }),
  ).toBeVisible();
  await expect(page.getByTestId('deposit-upi-link')).toBeHidden();
  await expect(page.getByLabel('UTR (12-digit UPI reference)')).toBeVisible();
});
