/**
 * The "get code" button walked in the browser path by path from its test model
 * (models/sms-countdown.model.ts), on the registration page by mobile number, as planned in
 * tests/support/model-walks.ts: the send-code call is held and answered as each path says,
 * seconds pass on the page's fake clock, and after every step the page must show what the
 * model's state says.
 */
import { test, expect } from './support/fixtures.ts';
import { stepAction } from '../support/model-paths.ts';
import { browserWalks, walkPlan } from '../support/model-walks.ts';
import { identityPaths } from '../../src/contract/identity.ts';
import { HeldCalls, apiPathPattern, expectViews } from './support/model-walk.ts';

const walk = browserWalks['sms-countdown']!;
const { model } = walk;
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

    let previous = path.steps[0]!.state;
    for (const step of path.steps) {
      const action = stepAction(model, step, previous);
      switch (action.kind) {
        case 'start':
          break;
        case 'actorDone':
          await (
            await held.take(action.actorId)
          ).fulfill({ json: { success: true, value: action.output } });
          break;
        case 'actorError': {
          const { code, message } = action.error as { code: string; message: string };
          await (
            await held.take(action.actorId)
          ).fulfill({
            status: code === 'sms_too_many_requests' ? 429 : 400,
            json: { success: false, code, message },
          });
          break;
        }
        case 'wait':
          held.epoch += 1;
          await page.clock.runFor(action.ms);
          break;
        case 'send':
          held.epoch += 1;
          if (action.event.type === 'user.send') {
            await page.getByTestId('register-get-code').click();
          } else {
            expect(action.event.type).toBe('user.dismiss');
            await page.getByTestId('sms-warning-ok').click();
          }
          break;
      }
      await expectViews(page, model, step.state);
      previous = step.state;
    }
    await held.releaseStale();
  });
}
