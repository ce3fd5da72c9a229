/**
 * The account record in the player's words: the kind of each movement and who or what was on
 * the other side, by name, never a posting's internal reference or an operator's reason; the
 * totals count a transfer between the player's own wallets neither in nor out.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { registerPlayer } from './support/identity.ts';
import { logInThroughPopup, memberIdOf, tokenOf } from './support/member.ts';
import { recordsPaths } from '../../src/contract/records.ts';
import { lookShot } from './support/look.ts';

test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 120_000 });

/** A member call with the page's token; fails the test on a reply that is not a success. */
async function memberPost(page: Page, path: string, body: unknown): Promise<void> {
  const reply = await fetch(new URL(path, workerBaseURL()), {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenOf(page)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(reply.status, await reply.clone().text()).toBeLessThan(300);
}

/** Where a screenshot goes: SHOTS_DIR when set (before/after notes), else the test's output. */
function shotPath(name: string): string {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return test.info().outputPath(name);
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

test('the account record names each movement and its counterparty, never an internal reference; totals leave out own-wallet transfers (English desktop, Hindi phone)', async ({
  page,
  wallet,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  const player = await registerPlayer(workerBaseURL(), { affiliateCode: 'DEMO01' });
  await page.reload();
  await logInThroughPopup(page, player);
  const id = await memberIdOf(page, workerBaseURL());

  // An operator credit with an internal reason, a transfer to a game wallet, one to the upline.
  await wallet.credit(id, '1000000', 'goodwill: ticket 4411, approved by supervisor');
  await memberPost(page, recordsPaths.walletTransfer, {
    from: 'main',
    to: 'AURALIVE',
    amount: '200000',
    idempotencyKey: `e2e-${randomUUID()}`,
  });
  await memberPost(page, recordsPaths.transferUpline, {
    amount: '50000',
    paymentPassword: '123456',
    idempotencyKey: `e2e-${randomUUID()}`,
  });

  await page.goto('/?mc=transactionHistory');
  const history = page.getByTestId('member-center').getByTestId('page-transactionHistory');
  const rows = history.getByTestId('record-row');
  await expect(rows).toHaveCount(4);
  await lookShot(page, { path: shotPath('account-record-en-desktop.png'), fullPage: true });

  const english = await history.innerText();
  const total = (testId: string) =>
    history
      .getByTestId(testId)
      .textContent({ timeout: 2_000 })
      .catch(() => null);
  const englishTotals = [await total('record-total-in'), await total('record-total-out')];

  // Hindi on a phone (the shots come first, so a page that fails is still pictured).
  await page.evaluate(() => localStorage.setItem('lang', 'hi'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(rows).toHaveCount(4);
  await lookShot(page, { path: shotPath('account-record-hi-phone.png'), fullPage: true });
  const hindi = await history.innerText();

  for (const internal of ['upline:', 'AURALIVE', 'main>', '>main', 'ticket 4411']) {
    expect(english, `the record shows "${internal}"`).not.toContain(internal);
    expect(hindi, `the Hindi record shows "${internal}"`).not.toContain(internal);
  }
  const englishRows = english.split('\n');
  const rowWith = (words: string) => englishRows.find((line) => line.includes(words)) ?? '';
  expect(english).toContain('Transfer to your upline');
  expect(rowWith('Transfer to your upline')).toContain('Demo Agent 1');
  expect(rowWith('Transfer to a game wallet')).toContain('Aura Live');
  expect(rowWith('Transfer from your main wallet')).toContain('Aura Live');
  expect(rowWith('Credit by the site')).not.toBe('');
  // In: the 10,000.00 credit only; out: the 500.00 to the upline only (Indian grouping).
  expect(englishTotals).toEqual(['₹10,000.00', '-₹500.00']);
  await expect(history.getByTestId('record-total-in')).toHaveText('₹10,000.00');
  expect(hindi).toContain('Demo Agent 1');
  expect(hindi).not.toMatch(/\d:\d\d [ap]m/i);
});
