/**
 * The start-up flow walked in the browser path by path from its test model
 * (models/system-status.model.ts): the status and permission calls are held and answered as each
 * path says, time passes on the page's fake clock, and after every step the page must show
 * what the model's state says.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { model } from '../../models/system-status.model.ts';
import { generatePaths, stepAction, viewsOf } from '../support/model-paths.ts';
import { systemPaths } from '../../src/contract/system.ts';

/** Calls the page made and the walk has not answered yet, per actor id. */
class HeldCalls {
  private readonly pending: { actorId: string; route: Route; epoch: number }[] = [];
  private readonly listeners = new Set<() => void>();
  epoch = 0;

  hold(actorId: string, route: Route) {
    this.pending.push({ actorId, route, epoch: this.epoch });
    for (const listener of this.listeners) listener();
  }

  /** The newest call of the actor made since the last user action or time step. */
  async take(actorId: string): Promise<Route> {
    for (;;) {
      const index = this.pending.findLastIndex(
        (c) => c.actorId === actorId && c.epoch >= this.epoch,
      );
      if (index >= 0) return this.pending.splice(index, 1)[0]!.route;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${actorId} call arrived`)), 10_000);
        const listener = () => {
          clearTimeout(timer);
          this.listeners.delete(listener);
          resolve();
        };
        this.listeners.add(listener);
      });
    }
  }

  /** Answers the calls the machine no longer waits for, so the page is not left hanging. */
  async releaseStale() {
    for (const call of this.pending.splice(0)) await call.route.abort().catch(() => {});
  }
}

const pathPattern = (path: string) => new RegExp(`^[^?]*${path.replaceAll('/', '\\/')}(\\?.*)?$`);
const actorPaths: Record<string, RegExp> = {
  loadStatus: pathPattern(systemPaths.status),
  loadPermission: pathPattern(systemPaths.permission),
};

async function expectViews(page: Page, snapshot: Parameters<typeof viewsOf>[1]) {
  for (const view of viewsOf(model, snapshot)) {
    if (view.testId) await expect(page.getByTestId(view.testId), view.shows).toBeVisible();
  }
}

// Status pushes from the server (server.statusChanged) reach the browser with the real-time
// channel of a later issue; the paths that need one are walked by tests/machines only.
const paths = generatePaths(model).filter((path) =>
  path.steps.every((step) => step.event.type !== 'server.statusChanged'),
);

for (const path of paths) {
  test(`start-up: ${path.title}`, async ({ page }) => {
    const held = new HeldCalls();
    for (const [actorId, pattern] of Object.entries(actorPaths)) {
      await page.route(pattern, (route) => held.hold(actorId, route));
    }
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
      await expectViews(page, step.state);
      previous = step.state;
    }
    await held.releaseStale();
  });
}
