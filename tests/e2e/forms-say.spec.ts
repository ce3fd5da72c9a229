import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { registerPlayer } from './support/identity.ts';
import { logInThroughPopup, memberIdOf } from './support/member.ts';

const baseURL = workerBaseURL;

test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 120_000 });

test('a refused transfer can be edited, not a bare "Change"; a wrong payment password says the tries left (English, desktop)', async ({
  page,
  wallet,
}) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.setViewportSize({ width: 1280, height: 800 });
  const player = await registerPlayer(baseURL());
  await page.goto('/');
  await logInThroughPopup(page, player);
  const id = await memberIdOf(page, baseURL());
  await wallet.credit(id, '100000', 'e2e forms credit');
  await expect(page.getByTestId('header-balance-value')).toHaveText('₹1,000.00');

  // More than the wallet holds: the refusal, then a button that says what it does.
  await page.goto('/?mc=transferFund');
  const funds = page.getByTestId('member-center').getByTestId('page-transferFund');
  await expect(funds.getByTestId('funds-total')).toHaveText('₹1,000.00');
  await funds.getByLabel('To', { exact: true }).selectOption({ label: 'Aura Live' });
  const amount = funds.getByLabel('Amount', { exact: true });
  await amount.fill('5000');
  await funds.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(funds.getByRole('button', { name: 'Edit the transfer' })).toBeVisible();
  await expect(funds.getByRole('button', { name: 'Change', exact: true })).toHaveCount(0);
  // Typing a new amount brings the transfer button back.
  await amount.fill('250');
  await funds.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(funds.getByTestId('transfer-done')).toContainText('₹250.00 moved.');

  // A wrong payment password warns before the lock.
  await page.goto('/?mc=withdraw');
  await expect(page.getByTestId('withdraw-page')).toBeVisible();
  await page.getByTestId('withdraw-bind-open').click();
  await page.getByTestId('withdraw-bank-name').fill('State Bank');
  await page.getByTestId('withdraw-account-holder').fill('Asha Rao');
  await page.getByTestId('withdraw-account-number').fill('1234 5678 9012');
  await page.getByTestId('withdraw-ifsc').fill('SBIN0001234');
  await page.getByTestId('withdraw-bind-submit').click();
  await expect(page.getByTestId('withdraw-saved')).toHaveText('Bank account saved.');
  await page.getByTestId('withdraw-amount').fill('500');
  await page.getByTestId('withdraw-payment-password-input').fill('000000');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-error')).toHaveText(
    'The payment password is wrong. 4 more wrong tries pause withdrawals for a while.',
  );
});
