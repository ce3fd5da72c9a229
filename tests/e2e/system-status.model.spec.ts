/**
 * The start-up flow walked in the browser path by path from its test model
 * (models/system-status.model.ts), as planned in tests/support/model-walks.ts: the status and
 * permission calls are held and answered as each path says, time passes on the page's fake
 * clock, and after every step the page must show what the model's state says.
 */
import { test, expect } from './support/fixtures.ts';
import { browserWalks, walkPlan } from '../support/model-walks.ts';
import { systemPaths } from '../../src/contract/system.ts';
import { HeldCalls, apiPathPattern, walkPath } from './support/model-walk.ts';

const walk = browserWalks['system-status']!;
const plan = await walkPlan(walk);

for (const path of plan.paths) {
  test(`start-up: ${path.title}`, async ({ page }) => {
    const held = new HeldCalls();
    await held.route(page, 'loadStatus', apiPathPattern(systemPaths.status));
    await held.route(page, 'loadPermission', apiPathPattern(systemPaths.permission));
    await page.clock.install();
    await page.goto('/');

    await walkPath(page, walk.model, path, held, {
      done: (_actorId, route, output) => route.fulfill({ json: { success: true, value: output } }),
      async act(event) {
        expect(event.type).toBe('user.retry');
        await page.getByTestId('retry').click();
      },
    });
  });
}

test('start-up refused by the call limit: the page says so, not "connection problem", and retry starts over', async ({
  page,
}) => {
  let refuse = true;
  await page.route(apiPathPattern(systemPaths.status), (route) =>
    refuse
      ? route.fulfill({
          status: 429,
          json: { success: false, code: 'too_many_requests', message: 'Too many requests' },
        })
      : route.fallback(),
  );
  await page.goto('/');
  const error = page.getByTestId('page-error');
  await expect(error.getByRole('heading')).toHaveText('बहुत अधिक अनुरोध');
  await expect(error.getByRole('alert')).toContainText('एक मिनट');
  refuse = false;
  await page.getByTestId('retry').click();
  await expect(error).toBeHidden();
  await expect(page.locator('header')).toBeVisible();
});
