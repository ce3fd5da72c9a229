/**
 * The browser side of a model walk (tests/support/model-walks.ts has the plans): calls the page
 * makes, held until the path says how they end, and the check that the page shows what the
 * model's state says.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { MachineModel } from '../../support/model.ts';
import { viewsOf } from '../../support/model-paths.ts';
import { expect } from './fixtures.ts';

/** Calls the page made and the walk has not answered yet, per actor id. */
export class HeldCalls {
  private readonly pending: { actorId: string; route: Route; epoch: number }[] = [];
  private readonly listeners = new Set<() => void>();
  epoch = 0;

  /** Holds the page's calls to `pattern` as calls of the actor `actorId`. */
  async route(page: Page, actorId: string, pattern: RegExp) {
    await page.route(pattern, (route) => this.hold(actorId, route));
  }

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

/** A route pattern for an API path, with or without a query. */
export const apiPathPattern = (path: string) =>
  new RegExp(`^[^?]*${path.replaceAll('/', '\\/')}(\\?.*)?$`);

/** The page shows every view (test id or role) of the snapshot's active leaf states. */
export async function expectViews(
  page: Page,
  model: MachineModel<AnyStateMachine>,
  snapshot: AnyMachineSnapshot,
) {
  for (const view of viewsOf(model, snapshot)) {
    if (view.testId) await expect(page.getByTestId(view.testId), view.shows).toBeVisible();
    else if (view.role) {
      await expect(
        page.getByRole(view.role.role as 'alertdialog', { name: view.role.name }),
        view.shows,
      ).toBeVisible();
    }
  }
}
