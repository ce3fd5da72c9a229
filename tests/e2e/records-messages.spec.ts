import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { moduleIds } from '../../src/contract/system.ts';
import { walletOpsPaths } from '../../src/contract/wallet.ts';
import { messageOpsPaths } from '../../src/contract/messages.ts';
import { opsDriver } from './support/ops.ts';
import { registerPlayer } from './support/identity.ts';
import { logInThroughPopup, memberIdOf, opsPost as opsCall } from './support/member.ts';

const baseURL = () => test.info().project.use.baseURL ?? '';
const ops = () => opsDriver({ baseURL: baseURL() });

test.beforeAll(async () => {
  await ops().setCaptcha(false);
  await ops().setModule(moduleIds.registerSmsVerification, false);
});
test.afterAll(async () => {
  await ops().setCaptcha(true);
  await ops().setModule(moduleIds.registerSmsVerification, true);
});
test.describe.configure({ timeout: 90_000 });

test('an operator message raises the unread badge live, reading it clears the badge; the account record shows a credited adjustment in the last 7 days (English, desktop and phone)', async ({
  page,
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
  await opsCall(baseURL(), walletOpsPaths.adjustment, {
    memberId: id,
    amount: '250000',
    reason: 'e2e goodwill credit',
    idempotencyKey: randomUUID(),
  });
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
  await expect(record).toContainText('Adjustment');
  await expect(record).toContainText('+P 2,500.00');
  await expect(record).toContainText('e2e goodwill credit');
  await page.screenshot({ path: test.info().outputPath('account-record-en-phone.png') });

  // Another type shows the empty state.
  await history.getByLabel('Type').selectOption('bonus');
  await expect(history).toContainText('No records in this period.');
});

test('my wallet moves money to a game wallet and brings it back; transfer to upline is closed without an upline (English, desktop)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  const player = await registerPlayer(baseURL());
  await page.reload();
  await logInThroughPopup(page, player);
  const id = await memberIdOf(page, baseURL());
  await opsCall(baseURL(), walletOpsPaths.adjustment, {
    memberId: id,
    amount: '100000',
    reason: 'e2e wallet credit',
    idempotencyKey: randomUUID(),
  });

  await page.goto('/?mc=transferFund');
  const wallet = page.getByTestId('member-center').getByTestId('page-transferFund');
  await expect(wallet.getByTestId('funds-total')).toHaveText('P 1,000.00');
  await wallet.getByLabel('To', { exact: true }).selectOption({ label: 'Aura Live' });
  await wallet.getByLabel('Amount', { exact: true }).fill('250');
  await wallet.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(wallet.getByTestId('transfer-done')).toContainText(
    'P 250.00 moved. Main wallet: P 750.00.',
  );
  await expect(wallet.getByRole('listitem').filter({ hasText: 'Aura Live' })).toContainText(
    'P 250.00',
  );
  await expect(wallet.getByTestId('funds-total')).toHaveText('P 1,000.00');
  await page.screenshot({ path: test.info().outputPath('my-wallet-en-desktop.png') });

  await wallet.getByRole('button', { name: 'Bring all to main wallet' }).click();
  await expect(wallet).toContainText('P 250.00 brought back to the main wallet.');
  await expect(wallet.getByRole('listitem').filter({ hasText: 'Aura Live' })).toContainText(
    'P 0.00',
  );

  await page.goto('/?mc=transferUpline');
  await expect(page.getByTestId('upline-unavailable')).toContainText(
    'Transfer to upline is not available for your account.',
  );
});
