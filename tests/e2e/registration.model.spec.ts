/**
 * The registration page walked in the browser path by path from its test model
 * (models/registration.model.ts), as planned in tests/support/model-walks.ts: the affiliate
 * check, human verification, registration and member info calls go to the real server, held
 * until the path says how they end, and after every step the page must show what the model's
 * state says.
 */
import type { Page, Route } from '@playwright/test';
import { test, expect, apiRegistration } from './support/fixtures.ts';
import { browserWalks, walkPlan } from '../support/model-walks.ts';
import { identityPaths } from '../../src/contract/identity.ts';
import { humanVerificationPaths } from '../../src/contract/human-verification.ts';
import { moduleIds } from '../../src/contract/system.ts';
import { smsCodeTo } from './support/outbox.ts';
import { HeldCalls, apiPathPattern, serverFailure, walkPath } from './support/model-walk.ts';

const walk = browserWalks.registration!;
const { model } = walk;
const plan = await walkPlan(walk);

test.use({
  siteSettings: {
    ...apiRegistration,
    modules: {
      ...apiRegistration.modules,
      [moduleIds.usernameRegistration]: true,
      [moduleIds.mobileRegistration]: true,
    },
  },
});
test.describe.configure({ timeout: 90_000 });

/** Seeded agents' invitation codes (README): one in the URL, one typed in the form. */
const urlCode = 'DEMO01';
const typedCode = 'DEMO02';
const unknownCode = 'ZZ9999';

let counter = 0;
const unique = () => `${Date.now() % 1_000_000}${(counter += 1)}`.slice(-8).padStart(8, '0');

async function fillIfShown(page: Page, testId: string, value: string) {
  const field = page.getByTestId(testId);
  if (await field.isVisible()) await field.fill(value);
}

/** Fills the form of the tab shown as the model's form says (real values standing in). */
async function fillForm(page: Page, form: Record<string, unknown>, registerType: string) {
  const stamp = unique();
  const valid = form.username !== undefined || form.mobileNum !== undefined;
  if (valid || form.agreeTerms === false) {
    if (registerType === 'username') await fillIfShown(page, 'register-username', `e2e${stamp}`);
    const mobile = `97${stamp}`;
    if (await page.getByTestId('register-mobile').isVisible()) {
      await page.getByTestId('register-country').selectOption('91');
      await page.getByTestId('register-mobile').fill(mobile);
    }
    if (await page.getByTestId('register-code').isVisible()) {
      await page.getByTestId('register-get-code').click();
      await expect(page.getByTestId('sms-countdown')).toBeVisible();
      await page.getByTestId('register-code').fill(await smsCodeTo(`+91${mobile}`));
    }
    await fillIfShown(page, 'register-password', `pass${stamp}a`);
    await fillIfShown(page, 'register-confirm', `pass${stamp}a`);
    await fillIfShown(page, 'register-payment-password', '135790');
    if (form.affiliateCode !== undefined) {
      await page.getByTestId('register-affiliate').fill(typedCode);
    }
  }
  if (form.agreeTerms !== false) await page.getByTestId('register-terms').check();
  if (form.confirmAge !== false) await page.getByTestId('register-age').check();
}

for (const path of plan.paths) {
  test(`registration: ${path.title}`, async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    const held = new HeldCalls();
    for (const [actorId, apiPath] of [
      ['checkAffiliate', identityPaths.affiliate],
      ['submitRegistration', identityPaths.register],
      ['submitRegistration', identityPaths.registerMobile],
      ['loadMemberInfo', identityPaths.memberInfo],
    ] as const) {
      await held.route(page, actorId, apiPathPattern(apiPath));
    }
    // The SMS code button runs the human verification too: only the one after a submit is held.
    let humanHeld = false;
    await page.route(apiPathPattern(humanVerificationPaths.challenge), (route: Route) =>
      humanHeld ? held.hold('verifyHuman', route) : route.continue(),
    );
    await page.goto(
      path.setting === 'code in the URL' ? `/register?referralCode=${urlCode}` : '/register',
    );

    await walkPath(page, model, path, held, {
      async done(actorId, route, output) {
        if (actorId === 'verifyHuman') humanHeld = false;
        if (actorId === 'checkAffiliate') {
          const url = new URL(route.request().url());
          url.searchParams.set(
            'code',
            (output as { valid: boolean }).valid ? urlCode : unknownCode,
          );
          await route.continue({ url: url.toString() });
        } else {
          await route.continue();
        }
      },
      async error(actorId, route, error) {
        if (actorId === 'verifyHuman') humanHeld = false;
        if (actorId === 'submitRegistration') await route.fulfill(serverFailure(error));
        else await route.abort('failed');
      },
      async act(event, { previous }) {
        switch (event.type) {
          case 'user.selectTab':
            await page.getByTestId(`register-tab-${String(event.registerType)}`).click();
            break;
          case 'user.submit': {
            const { registerType } = previous.context as { registerType: string };
            await fillForm(page, event.form as Record<string, unknown>, registerType);
            humanHeld = true;
            await page.getByTestId('register-submit').click();
            break;
          }
          case 'user.dismiss':
            await page.getByRole('alertdialog').getByRole('button').first().click();
            break;
          default:
            throw new Error(`no browser action for ${event.type}`);
        }
      },
    });
  });
}
