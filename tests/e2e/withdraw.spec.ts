import type { Page } from '@playwright/test';
import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { registerPlayer, type Player } from './support/identity.ts';
import { logInThroughPopup, memberIdOf, openAs, openSignedIn, tokenOf } from './support/member.ts';
import { callKeyOf } from './support/call-guard.ts';
import { identityPaths } from '../../src/contract/identity.ts';
import { withdrawPaths } from '../../src/contract/withdrawal.ts';
import { tinyPng } from './support/images.ts';
import { lookShot } from './support/look.ts';

const baseURL = workerBaseURL;

test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 120_000 });

async function logIn(page: Page, player: Player) {
  await page.goto('/');
  await logInThroughPopup(page, player);
}

test('a player withdraws, the operator pays, the toast shows and the player confirms "not received" with a png proof (English, desktop)', async ({
  context,
  page,
  wallet,
  withdrawals,
}) => {
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.setViewportSize({ width: 1280, height: 900 });
  const player = await registerPlayer(baseURL());
  await logIn(page, player);

  // The operator credits ₹2,000.00.
  const id = await memberIdOf(page, baseURL());
  await wallet.credit(id, '200000', 'e2e withdrawal credit');
  await expect(page.getByTestId('header-balance-value')).toHaveText('₹2,000.00');

  await page.goto('/?mc=withdraw');
  const withdrawPage = page.getByTestId('withdraw-page');
  await expect(withdrawPage).toBeVisible();
  await expect(page.getByTestId('withdraw-empty')).toBeVisible();

  // Bind a bank account: a bad number and a bad IFSC are refused in the browser first.
  await page.getByTestId('withdraw-bind-open').click();
  await page.getByTestId('withdraw-bank-name').fill('State Bank');
  await page.getByTestId('withdraw-account-holder').fill('Asha Rao');
  await page.getByTestId('withdraw-account-number').fill('12ab');
  await page.getByTestId('withdraw-ifsc').fill('SBIN123');
  await page.getByTestId('withdraw-bind-submit').click();
  await expect(page.getByTestId('withdraw-bind')).toContainText('6 to 24 digits');
  await expect(page.getByTestId('withdraw-bind')).toContainText("Enter the branch's IFSC");
  await page.getByTestId('withdraw-account-number').fill('1234 5678 9012');
  await page.getByTestId('withdraw-ifsc').fill('sbin0001234');
  await page.getByTestId('withdraw-bind-submit').click();
  await expect(page.getByTestId('withdraw-account-item')).toContainText('****9012');
  await expect(page.getByTestId('withdraw-account-item')).toContainText('SBIN0001234');

  // Request ₹500.00 with the payment password set at registration.
  await page.getByTestId('withdraw-amount').fill('500');
  await page.getByTestId('withdraw-payment-password-input').fill('123456');
  await lookShot(page, { path: test.info().outputPath('withdraw-form-en-desktop.png') });
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-submitted')).toContainText('₹500.00');
  await expect(page.getByTestId('header-balance-value')).toHaveText('₹1,500.00');
  await expect(page.getByTestId('withdraw-status').first()).toHaveText('Pending review');

  // The operator pays it: the toast and the status change arrive without a reload.
  const withdrawalId = Number(
    (
      await page.getByTestId('withdraw-list').locator('li').first().getAttribute('data-testid')
    )?.replace('withdraw-item-', ''),
  );
  await withdrawals.approve(withdrawalId);
  await expect(page.getByTestId('notification-toasts')).toContainText('₹500.00');
  await expect(page.getByTestId('withdraw-status').first()).toHaveText('Paid – please confirm');
  await lookShot(page, { path: test.info().outputPath('withdraw-approved-en-desktop.png') });

  // Confirmation: "not received" needs a proof image; a fake image is refused in the browser.
  await page.getByTestId('withdraw-confirm-open').click();
  await page.getByTestId('withdraw-outcome-notReceived').check();
  await page.getByTestId('withdraw-confirm-submit').click();
  await expect(page.getByTestId('withdraw-confirmation-error')).toContainText('proof image');
  const input = page.getByTestId('withdraw-proof-input');
  await input.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is text, not a picture'),
  });
  await expect(page.getByTestId('withdraw-confirmation-error')).toContainText('PNG or JPG');
  await input.setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByRole('img', { name: 'proof.png' })).toBeVisible();
  await lookShot(page, { path: test.info().outputPath('withdraw-confirmation-en-desktop.png') });
  await page.getByTestId('withdraw-confirm-submit').click();
  await expect(page.getByTestId('withdraw-status').first()).toHaveText('Not received (reported)');
  await lookShot(page, { path: test.info().outputPath('withdraw-confirmed-en-desktop.png') });
  await expect(page.getByTestId('header-balance-value')).toHaveText('₹1,500.00');
});

test('confirming "received" re-reads the withdrawal list once, not in a loop (issue 34)', async ({
  context,
  page,
  wallet,
  withdrawals,
}) => {
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  const player = await registerPlayer(baseURL());
  await logIn(page, player);
  await wallet.credit(await memberIdOf(page, baseURL()), '200000');
  const id = await withdrawals.request(await tokenOf(page), { amount: '50000' });
  await withdrawals.approve(id);
  await page.goto('/?mc=withdraw');
  await page.getByTestId('withdraw-confirm-open').click();
  await page.getByTestId('withdraw-outcome-received').check();

  // From the confirm on: each read of the withdrawal list.
  let infoReads = 0;
  const infoCall = `GET ${withdrawPaths.info}`;
  page.on('request', (request) => {
    if (callKeyOf(request) === infoCall) infoReads += 1;
  });
  await page.getByTestId('withdraw-confirm-submit').click();
  await expect(page.getByTestId('withdraw-confirmed')).toBeVisible();
  // The list re-read after the confirmation shows it.
  await expect(page.getByTestId(`withdraw-item-${id}`).getByTestId('withdraw-status')).toHaveText(
    'Received',
  );
  // A round trip of the page's own after that: a loop re-reading the list would have sent more
  // reads meanwhile (it sends the next as soon as the last one is drawn).
  await page.evaluate(async (path) => {
    await fetch(path, { headers: { authorization: `Bearer ${sessionStorage.getItem('token')}` } });
  }, identityPaths.memberInfo);
  await expect(page.getByTestId('withdraw-confirmed')).toBeVisible();
  expect(infoReads).toBeGreaterThanOrEqual(1);
  expect(infoReads).toBeLessThanOrEqual(2);
});

test('a Hindi player on a phone sees the limits before typing, adds a UPI ID and is paid to it by UPI (issue 34)', async ({
  context,
  page,
  wallet,
  withdrawals,
}) => {
  await context.addInitScript(() => localStorage.setItem('lang', 'hi'));
  await page.setViewportSize({ width: 390, height: 844 });
  const { player, memberId } = await openSignedIn(page, baseURL(), null);
  await wallet.credit(memberId, '200000');
  await openAs(page, player, '/?mc=withdraw');

  // The limits and what can go now, before anything is typed.
  await expect(page.getByTestId('withdraw-withdrawable')).toHaveText(
    'अभी ₹2,000.00 निकाले जा सकते हैं।',
  );
  const limits = page.getByTestId('withdraw-limits');
  await expect(limits).toContainText('प्रति निकासी: ₹100.00 से ₹1,000,000.00');
  await expect(limits).toContainText('प्रति दिन: 5 निकासियाँ');
  await expect(page.getByTestId('withdraw-limits-left')).toContainText('5 निकासियाँ');

  // A UPI ID: one without its handle is refused in the browser first.
  await page.getByTestId('withdraw-bind-open').click();
  await page.getByTestId('withdraw-account-kind').selectOption('upi');
  await page.getByTestId('withdraw-account-holder').fill('आशा राव');
  await page.getByTestId('withdraw-vpa').fill('asha.rao');
  await page.getByTestId('withdraw-bind-submit').click();
  await expect(page.getByTestId('withdraw-bind')).toContainText('नाम@हैंडल');
  await page.getByTestId('withdraw-vpa').fill('Asha.Rao@okaxis');
  await page.getByTestId('withdraw-bind-submit').click();
  await expect(page.getByTestId('withdraw-account-item')).toContainText('as****@okaxis');
  await expect(page.getByTestId('withdraw-account-item')).toContainText('UPI');

  await page.getByTestId('withdraw-amount').fill('500');
  await page.getByTestId('withdraw-payment-password-input').fill('123456');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-submitted')).toContainText('as****@okaxis');
  await lookShot(page, { path: test.info().outputPath('withdraw-upi-hi-phone.png') });
  const item = page.getByTestId('withdraw-list').locator('li').first();
  const withdrawalId = Number(
    (await item.getAttribute('data-testid'))?.replace('withdraw-item-', ''),
  );
  await withdrawals.approve(withdrawalId);
  await expect(item.getByTestId('withdraw-status')).toHaveText('भुगतान हुआ – कृपया पुष्टि करें');
  await expect(item.getByTestId('withdraw-paid-to')).toHaveText('UPI · as****@okaxis');
  // The payment re-read the page: what is left of today is one withdrawal and ₹500.00 less.
  await expect(page.getByTestId('withdraw-limits-left')).toContainText('4 निकासियाँ, ₹1,999,500.00');
});
