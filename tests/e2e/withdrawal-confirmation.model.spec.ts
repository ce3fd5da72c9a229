/**
 * The withdrawal confirmation walked in the browser path by path from its test model
 * (models/withdrawal-confirmation.model.ts), as planned in tests/support/model-walks.ts: a new
 * player's paid ₹500.00 withdrawal on the withdraw page; images are real files, the
 * confirmation goes to the real server (held until the path says how it ends), and after every
 * step the page must show what the model's state says.
 */
import type { Page } from '@playwright/test';
import { test, expect, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import type { ModelStep } from '../support/model-paths.ts';
import { browserWalks, walkPlan } from '../support/model-walks.ts';
import { openAs, openSignedIn } from './support/member.ts';
import { tinyPng } from './support/images.ts';
import { HeldCalls, serverFailure, walkPath } from './support/model-walk.ts';
import type { WalletDriver } from './support/wallet.ts';
import type { WithdrawalDriver } from './support/withdrawal.ts';

const walk = browserWalks['withdrawal-confirmation']!;
const { model } = walk;
const plan = await walkPlan(walk);

test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 90_000 });

/** A new player with a paid ₹500.00 withdrawal, its confirmation form open. */
async function openConfirmation(
  page: Page,
  wallet: WalletDriver,
  withdrawals: WithdrawalDriver,
): Promise<void> {
  // Signed in by the registration; the withdraw page opens once the withdrawal is paid.
  const { player, token, memberId } = await openSignedIn(page, workerBaseURL(), null);
  await wallet.credit(memberId, '200000');
  const id = await withdrawals.request(token, { amount: '50000' });
  await withdrawals.approve(id);
  await openAs(page, player, '/?mc=withdraw');
  await page.getByTestId('withdraw-confirm-open').click();
  await expect(page.getByTestId('withdraw-confirmation')).toBeVisible();
}

type PickedImage = { name: string; size: number };

/** The files for an addImages step: what the next step says the browser finds in them. */
function filesFor(images: PickedImage[], next: ModelStep | undefined) {
  const output = (next?.event as { output?: unknown[] } | undefined)?.output;
  const notAnImage = next?.event.type === 'xstate.done.actor.inspectImages' && output?.[0] === null;
  return images.map((image) => ({
    name: image.name,
    mimeType: 'image/png',
    buffer:
      image.size > 5 * 1024 * 1024
        ? Buffer.alloc(image.size)
        : notAnImage
          ? Buffer.from('this is text, not a picture')
          : tinyPng(),
  }));
}

for (const path of plan.paths) {
  test(`withdrawal confirmation: ${path.title}`, async ({ page, wallet, withdrawals }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    await page.setViewportSize({ width: 1280, height: 900 });
    await openConfirmation(page, wallet, withdrawals);
    const held = new HeldCalls();
    await held.route(page, 'submitConfirmation', /\/wps\/v2\/withdraw\/requests\/\d+\/confirm$/);

    await walkPath(page, model, path, held, {
      // The browser checks the images itself; the confirmation goes to the real server.
      inBrowser: ['inspectImages'],
      async error(_actorId, route, error) {
        if ((error as { code: string }).code === 'network_error') await route.abort('failed');
        else {
          await route.fulfill(
            serverFailure(
              { ...(error as object), message: 'This withdrawal is already confirmed.' },
              409,
            ),
          );
        }
      },
      async act(event, { next }) {
        switch (event.type) {
          case 'user.selectOutcome':
            await page.getByTestId(`withdraw-outcome-${String(event.outcome)}`).check();
            break;
          case 'user.setReceivedAmount':
            // Typed now, sent with the confirm button (the next step of every planned path).
            await page
              .getByTestId('withdraw-received-amount')
              .fill(String(Number(event.amount) / 100));
            break;
          case 'user.submit':
            await page.getByTestId('withdraw-confirm-submit').click();
            break;
          case 'user.addImages':
            await page
              .getByTestId('withdraw-proof-input')
              .setInputFiles(filesFor(event.images as PickedImage[], next));
            break;
          case 'user.removeImage':
            await page.getByRole('button', { name: `${String(event.id)}.png` }).click();
            break;
          default:
            throw new Error(`no browser action for ${event.type}`);
        }
      },
    });
  });
}
