import type { Locator, Page } from '@playwright/test';
import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { messageOpsPaths } from '../../src/contract/messages.ts';
import { registerPlayer } from './support/identity.ts';
import { memberIdOf, opsPost } from './support/member.ts';
import { lookShot } from './support/look.ts';

const baseURL = workerBaseURL;

test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 120_000 });

/** Whether the element hit at the centre of `target` is `target` or inside it. */
async function isTopmost(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const handle = await target.elementHandle();
  return page.evaluate(
    ({ x, y, element }) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && element !== null && element.contains(hit);
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2, element: handle },
  );
}

test('the welcome step is titled Welcome; wrong deposit amounts each say what is wrong; a deposit approved while the member center is open toasts on top of it; unread platform messages count in the header bell (English, desktop)', async ({
  page,
  deposits,
}) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.setViewportSize({ width: 1280, height: 800 });
  const player = await registerPlayer(baseURL());
  await page.goto('/');
  // The popup's last step welcomes the player: it is not titled "Log in" any more.
  await page.getByTestId('header-login-button').click();
  await page.getByTestId('login-username').fill(player.username);
  await page.getByTestId('login-password').fill(player.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('after-login-modal')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('header-account')).toContainText(player.username);
  const id = await memberIdOf(page, baseURL());

  // A bank transfer deposit from the member center, which stays open.
  await page.goto('/?mc=depositv2');
  const center = page.getByTestId('member-center');
  await expect(center).toBeVisible();
  await page.getByTestId('deposit-channel-bank_transfer').click();
  // Each wrong amount says what is wrong with it.
  const problem = page.getByTestId('deposit-amount-problem');
  const wrongAmounts: Array<[string, string]> = [
    ['-500', 'The amount cannot be negative.'],
    ['abc', 'Enter the amount in digits, like 1,500 or 1,500.50.'],
    ['1e5', 'Write the amount in full, like 100000 (not 1e5).'],
    ['12.345', 'An amount has at most two decimals, like 1,500.50.'],
  ];
  for (const [typed, message] of wrongAmounts) {
    await page.getByTestId('deposit-amount').fill(typed);
    await expect(problem).toHaveText(message);
  }
  await page.getByTestId('deposit-amount').fill('750');
  await expect(problem).toHaveCount(0);
  await page.getByTestId('deposit-page').getByRole('button', { name: 'Deposit' }).click();
  await page.getByTestId('deposit-reference').fill('BDO-778899');
  await page.getByRole('button', { name: 'Submit reference' }).click();
  await expect(page.getByTestId('deposit-awaiting')).toBeVisible();

  // The operator approves it: the toast shows over the open member center, and is the element
  // a pointer (and the eye) meets where it is drawn.
  const [order] = await deposits.pending(id);
  await deposits.confirm(order!.orderId);
  const toasts = page.getByTestId('notification-toasts');
  await expect(toasts).toContainText('Deposit arrived');
  await expect(center).toBeVisible();
  const toast = toasts.locator('.toast');
  await lookShot(page, { path: '/tmp/shots-u-forms/member-center-toast-en-desktop.png' });
  expect(await isTopmost(page, toast)).toBe(true);
  // Usable, not inert behind the dialog: its close button closes it.
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toasts).not.toContainText('Deposit arrived');
  await expect(center).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(center).toBeHidden();

  // The header bell counts the notification and, live, an unread platform message.
  const count = page.getByTestId('notification-count');
  await expect(count).toHaveText('1');
  await opsPost(baseURL(), messageOpsPaths.messages, {
    memberId: id,
    title: 'Weekly rebate credited',
    content: 'Your weekly rebate is in your main wallet.',
  });
  await expect(count).toHaveText('2');
  await page.getByTestId('notification-bell').click();
  const messages = page.getByTestId('notification-unread-messages');
  await expect(messages).toHaveText('1 unread message');
  await messages.click();
  await expect(center.getByTestId('page-messageV2')).toBeVisible();
  await center.getByTestId('message-row').first().click();
  await expect(count).toHaveText('1');
  await page.keyboard.press('Escape');
  await expect(center).toBeHidden();

  // Back from the gateway with ?depositOrder=: the order shows; closing drops it from the address.
  await page.goto(`/?mc=depositv2&depositOrder=${order!.orderId}`);
  await expect(page.getByTestId('deposit-paid')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(center).toBeHidden();
  await expect(page).not.toHaveURL(/depositOrder/);
});
