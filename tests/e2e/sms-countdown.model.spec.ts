/**
 * The "get code" button walked in the browser path by path from its test model
 * (models/sms-countdown.model.ts), on the registration page by mobile number, as planned in
 * tests/support/model-walks.ts: the send-code call is held and answered as each path says,
 * seconds pass on the page's fake clock, and after every step the page must show what the
 * model's state says.
 */
import { test, expect } from './support/fixtures.ts';
import { browserWalks, walkPlan } from '../support/model-walks.ts';
import { identityPaths } from '../../src/contract/identity.ts';
import { HeldCalls, apiPathPattern, serverFailure, walkPath } from './support/model-walk.ts';

const walk = browserWalks['sms-countdown']!;
const plan = await walkPlan(walk);

// The image captcha would have to be read by a person; this walk is about the button.
test.use({ siteSettings: { captcha: false } });
test.describe.configure({ timeout: 60_000 });

for (const path of plan.paths) {
  test(`sms code button: ${path.title}`, async ({ page }) => {
    const held = new HeldCalls();
    await held.route(page, 'sendCode', apiPathPattern(identityPaths.smsRegister));
    await page.clock.install();
    await page.goto('/register');
    await expect(page.getByTestId('register-tab-mobile')).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('register-country').selectOption('91');
    await page.getByTestId('register-mobile').fill('9876543210');

    await walkPath(page, walk.model, path, held, {
      done: (_actorId, route, output) => route.fulfill({ json: { success: true, value: output } }),
      error: (_actorId, route, error) =>
        route.fulfill(
          serverFailure(
            error,
            (error as { code: string }).code === 'sms_too_many_requests' ? 429 : 400,
          ),
        ),
      async act(event) {
        if (event.type === 'user.send') {
          await page.getByTestId('register-get-code').click();
        } else {
          expect(event.type).toBe('user.dismiss');
          await page.getByTestId('sms-warning-ok').click();
        }
      },
    });
  });
}
