import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { messageOpsPaths } from '../../src/contract/messages.ts';
import { registerPlayer } from './support/identity.ts';
import { logInThroughPopup, memberIdOf, opsPost as opsCall } from './support/member.ts';

const baseURL = workerBaseURL;

test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 90_000 });

test('an operator message raises the unread badge live, reading it clears the badge; the account record shows a credited adjustment in the last 7 days (English, desktop and phone)', async ({
  page,
  wallet,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  const player = await registerPlayer(baseURL());
  await page.reload();
  await logInThroughPopup(page, player);
  const id = await memberIdOf(page, baseURL());

  // The platform information page, empty at first.
  await page.goto('/?mc=messageV2');
  const center = page.getByTestId('member-center');
  await expect(center.getByTestId('page-messageV2')).toBeVisible();
  await expect(center.getByTestId('message-empty')).toContainText('No messages yet.');
  await expect(center.getByTestId('mc-badge-messageV2')).toHaveCount(0);

  // The operator writes; no reload: the unread event raises the badge and reloads the list.
  await opsCall(baseURL(), messageOpsPaths.messages, {
    memberId: id,
    title: 'Weekly rebate credited',
    content: 'Your weekly rebate of P 120.00 is in your main wallet.',
  });
  await expect(center.getByTestId('mc-badge-messageV2')).toContainText('1');
  await expect(center.getByTestId('message-unread-count')).toHaveText('1 unread');
  const row = center.getByTestId('message-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Weekly rebate credited');
  await page.screenshot({ path: test.info().outputPath('messages-unread-en-desktop.png') });

  // Reading it shows it and clears the badge.
  await row.getByRole('button', { name: /^Unread Weekly rebate credited/ }).click();
  const reader = center.getByTestId('message-reader');
  await expect(reader).toContainText('Your weekly rebate of P 120.00 is in your main wallet.');
  await expect(center.getByTestId('mc-badge-messageV2')).toHaveCount(0);
  await expect(center.getByTestId('message-unread-count')).toHaveText('All read');
  await reader.getByRole('button', { name: 'Back to messages' }).click();
  await expect(center.getByTestId('message-row')).toHaveCount(1);

  // The account record: an operator credit, found with the 7-day preset.
  await wallet.credit(id, '250000', 'e2e goodwill credit');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?mc=transactionHistory');
  const history = page.getByTestId('member-center').getByTestId('page-transactionHistory');
  await expect(history).toBeVisible();
  await history.getByRole('button', { name: 'Last 30 days' }).click();
  await history.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(history.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const record = history.getByTestId('record-row').first();
  await expect(record).toContainText('Credit by the site');
  await expect(record).toContainText('+₹2,500.00');
  // The operator's reason is not the player's to read.
  await expect(record).not.toContainText('e2e goodwill credit');
  await page.screenshot({ path: test.info().outputPath('account-record-en-phone.png') });

  // Another type shows the empty state.
  await history.getByLabel('Type').selectOption('bonus');
  await expect(history).toContainText('No records in this period.');
});

test('my wallet moves money to a game wallet and brings it back; transfer to upline is closed without an upline (English, desktop)', async ({
  page,
  wallet,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  const player = await registerPlayer(baseURL());
  await page.reload();
  await logInThroughPopup(page, player);
  const id = await memberIdOf(page, baseURL());
  await wallet.credit(id, '100000', 'e2e wallet credit');

  await page.goto('/?mc=transferFund');
  const funds = page.getByTestId('member-center').getByTestId('page-transferFund');
  await expect(funds.getByTestId('funds-total')).toHaveText('₹1,000.00');
  await funds.getByLabel('To', { exact: true }).selectOption({ label: 'Aura Live' });
  await funds.getByLabel('Amount', { exact: true }).fill('250');
  await funds.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(funds.getByTestId('transfer-done')).toContainText(
    '₹250.00 moved. Main wallet: ₹750.00.',
  );
  await expect(funds.getByRole('listitem').filter({ hasText: 'Aura Live' })).toContainText(
    '₹250.00',
  );
  await expect(funds.getByTestId('funds-total')).toHaveText('₹1,000.00');
  await page.screenshot({ path: test.info().outputPath('my-wallet-en-desktop.png') });

  await funds.getByRole('button', { name: 'Bring all to main wallet' }).click();
  await expect(funds).toContainText('₹250.00 brought back to the main wallet.');
  await expect(funds.getByRole('listitem').filter({ hasText: 'Aura Live' })).toContainText('₹0.00');

  await page.goto('/?mc=transferUpline');
  await expect(page.getByTestId('upline-unavailable')).toContainText(
    'Transfer to upline is not available for your account.',
  );
});
