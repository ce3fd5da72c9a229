import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { registerPlayer, type Player } from './support/identity.ts';
import { logInThroughPopup, memberIdOf } from './support/member.ts';

const baseURL = workerBaseURL;

test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 120_000 });

/** A small real PNG (a 4x4 gold square), made here. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.concat(
    Array.from({ length: 4 }, () =>
      Buffer.from([0, ...Array.from({ length: 4 }, () => [242, 193, 78]).flat()]),
    ),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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

  // The operator credits P 2,000.00.
  const id = await memberIdOf(page, baseURL());
  await wallet.credit(id, '200000', 'e2e withdrawal credit');
  await expect(page.getByTestId('header-balance-value')).toHaveText('P 2,000.00');

  await page.goto('/?mc=withdraw');
  const withdrawPage = page.getByTestId('withdraw-page');
  await expect(withdrawPage).toBeVisible();
  await expect(page.getByTestId('withdraw-empty')).toBeVisible();

  // Bind a bank account: a bad number is refused in the browser first.
  await page.getByTestId('withdraw-bind-open').click();
  await page.getByTestId('withdraw-bank-name').fill('State Bank');
  await page.getByTestId('withdraw-account-holder').fill('Asha Rao');
  await page.getByTestId('withdraw-account-number').fill('12ab');
  await page.getByTestId('withdraw-bind-submit').click();
  await expect(page.getByTestId('withdraw-bind')).toContainText('6 to 24 digits');
  await page.getByTestId('withdraw-account-number').fill('1234 5678 9012');
  await page.getByTestId('withdraw-bind-submit').click();
  await expect(page.getByTestId('withdraw-account-item')).toContainText('****9012');

  // Request P 500.00 with the payment password set at registration.
  await page.getByTestId('withdraw-amount').fill('500');
  await page.getByTestId('withdraw-payment-password-input').fill('123456');
  await page.screenshot({ path: test.info().outputPath('withdraw-form-en-desktop.png') });
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-submitted')).toContainText('P 500.00');
  await expect(page.getByTestId('header-balance-value')).toHaveText('P 1,500.00');
  await expect(page.getByTestId('withdraw-status').first()).toHaveText('Pending review');

  // The operator pays it: the toast and the status change arrive without a reload.
  const withdrawalId = Number(
    (
      await page.getByTestId('withdraw-list').locator('li').first().getAttribute('data-testid')
    )?.replace('withdraw-item-', ''),
  );
  await withdrawals.approve(withdrawalId);
  await expect(page.getByTestId('notification-toasts')).toContainText('P 500.00');
  await expect(page.getByTestId('withdraw-status').first()).toHaveText('Paid – please confirm');
  await page.screenshot({ path: test.info().outputPath('withdraw-approved-en-desktop.png') });

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
  await page.screenshot({ path: test.info().outputPath('withdraw-confirmation-en-desktop.png') });
  await page.getByTestId('withdraw-confirm-submit').click();
  await expect(page.getByTestId('withdraw-status').first()).toHaveText('Not received (reported)');
  await page.screenshot({ path: test.info().outputPath('withdraw-confirmed-en-desktop.png') });
  await expect(page.getByTestId('header-balance-value')).toHaveText('P 1,500.00');
});
