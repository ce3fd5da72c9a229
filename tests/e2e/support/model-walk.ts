/**
 * The browser side of a model walk (tests/support/model-walks.ts has the plans): calls the page
 * makes, held until the path says how they end; the walk of one path step by step, with the
 * check that the page shows what the model's state says after each.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { MachineModel } from '../../support/model.ts';
import { stepAction, viewsOf, type ModelPath, type ModelStep } from '../../support/model-paths.ts';
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

/** How a spec drives its flow: the user's actions, and how held calls end. */
export type WalkDriver = {
  /** Does what the user does for a model event (click, type, pick files). */
  act(event: AnyEventObject, around: StepContext): Promise<void>;
  /** Ends a held call as the path's `done` step says; default: on to the real server. */
  done?(actorId: string, route: Route, output: unknown, around: StepContext): Promise<void>;
  /** Ends a held call as the path's `error` step says; default: the request aborted. */
  error?(actorId: string, route: Route, error: unknown, around: StepContext): Promise<void>;
  /** Actors the page runs itself (no call to hold): their results need no action. */
  inBrowser?: readonly string[];
};

export type StepContext = {
  /** The snapshot before the step. */
  previous: AnyMachineSnapshot;
  /** The step after this one. */
  next: ModelStep | undefined;
};

/**
 * Walks one planned path on the page: each step's user action, held-call answer or time step
 * (the page clock), then the check that the page shows the state's views. Calls still held at
 * the end are aborted.
 */
export async function walkPath(
  page: Page,
  model: MachineModel<AnyStateMachine>,
  path: ModelPath,
  held: HeldCalls,
  driver: WalkDriver,
): Promise<void> {
  let previous = path.steps[0]!.state;
  for (const [index, step] of path.steps.entries()) {
    const action = stepAction(model, step, previous);
    const around: StepContext = { previous, next: path.steps[index + 1] };
    switch (action.kind) {
      case 'start':
        break;
      case 'actorDone':
      case 'actorError': {
        if (driver.inBrowser?.includes(action.actorId)) break;
        const route = await held.take(action.actorId);
        if (action.kind === 'actorDone') {
          if (driver.done) await driver.done(action.actorId, route, action.output, around);
          else await route.continue();
        } else if (driver.error) {
          await driver.error(action.actorId, route, action.error, around);
        } else {
          await route.abort('failed');
        }
        break;
      }
      case 'wait':
        held.epoch += 1;
        await page.clock.runFor(action.ms);
        break;
      case 'send':
        held.epoch += 1;
        await driver.act(action.event, around);
        break;
    }
    await expectViews(page, model, step.state);
    previous = step.state;
  }
  await held.releaseStale();
}

/** A server failure as the API answers it: the envelope with the stable code and its text. */
export function serverFailure(error: unknown, status = 400) {
  const { code, message, detail } = error as { code: string; message?: string; detail?: unknown };
  return {
    status,
    json: { success: false, code, message: message ?? code, ...(detail ? { detail } : {}) },
  };
}
