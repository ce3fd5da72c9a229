/**
 * The start-up flow walked in the browser path by path from its test model
 * (models/system-status.model.ts), as planned in tests/support/model-walks.ts: the status and
 * permission calls are held and answered as each path says, time passes on the page's fake
 * clock, and after every step the page must show what the model's state says.
 */
import { test, expect } from './support/fixtures.ts';
import { stepAction } from '../support/model-paths.ts';
import { browserWalks, walkPlan } from '../support/model-walks.ts';
import { systemPaths } from '../../src/contract/system.ts';
import { HeldCalls, apiPathPattern, expectViews } from './support/model-walk.ts';

const walk = browserWalks['system-status']!;
const { model } = walk;
const plan = await walkPlan(walk);

for (const path of plan.paths) {
  test(`start-up: ${path.title}`, async ({ page }) => {
    const held = new HeldCalls();
    await held.route(page, 'loadStatus', apiPathPattern(systemPaths.status));
    await held.route(page, 'loadPermission', apiPathPattern(systemPaths.permission));
    await page.clock.install();
    await page.goto('/');

    let previous = path.steps[0]!.state;
    for (const step of path.steps) {
      const action = stepAction(model, step, previous);
      switch (action.kind) {
        case 'start':
          break;
        case 'actorDone':
          await (
            await held.take(action.actorId)
          ).fulfill({
            json: { success: true, value: action.output },
          });
          break;
        case 'actorError':
          await (await held.take(action.actorId)).abort('failed');
          break;
        case 'wait':
          held.epoch += 1;
          await page.clock.runFor(action.ms);
          break;
        case 'send':
          held.epoch += 1;
          expect(action.event.type).toBe('user.retry');
          await page.getByTestId('retry').click();
          break;
      }
      await expectViews(page, model, step.state);
      previous = step.state;
    }
    await held.releaseStale();
  });
}
