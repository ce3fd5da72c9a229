// The tooling must fail loudly: a missing payload is a coverage gap, a wrong expectation a
// failing step, an unknown event a model error.
import { describe, expect, it } from 'vitest';
import { model as systemStatus } from '../../models/system-status.model.ts';
import {
  checkModel,
  coverageGaps,
  generatePaths,
  replayPath,
  viewsOf,
} from '../support/model-paths.ts';

describe('model tooling', () => {
  it('reports the state and transitions a missing payload variant leaves unreached', async () => {
    const done = systemStatus.events['xstate.done.actor.loadStatus'] ?? [];
    const partial = {
      ...systemStatus,
      events: {
        ...systemStatus.events,
        'xstate.done.actor.loadStatus': done.filter(
          (v) => v.label !== 'status 2, region restricted',
        ),
      },
    };
    const { report } = await checkModel(partial);
    expect(coverageGaps(report)).toEqual([
      'state never reached: systemStatus.regionBlocked',
      'transition never taken: systemStatus.loading.status xstate.done.actor.loadStatus 1',
      'transition never taken: systemStatus.regionBlocked user.retry 0',
    ]);
  });

  it('fails the step whose live state differs from the model', async () => {
    const path = generatePaths(systemStatus).find(
      (p) => p.title === 'maintenance → loading.status on user.retry',
    );
    const [init, toMaintenance, retry] = path?.steps ?? [];
    if (!path || !init || !toMaintenance || !retry) throw new Error('no maintenance path');
    // Claim that a retry stays on the maintenance page.
    const wrong = {
      ...path,
      steps: [init, toMaintenance, { ...retry, state: toMaintenance.state }],
    };
    await expect(replayPath(systemStatus, wrong)).rejects.toThrow(
      /step 3 \(user\.retry\): expected maintenance, the live actor is in loading\.status/,
    );
  });

  it('refuses a model without payloads for an event the machine handles', () => {
    const { 'user.retry': _retry, ...events } = systemStatus.events;
    expect(() => generatePaths({ ...systemStatus, events })).toThrow(/no payloads for user.retry/);
  });
});

describe('state views', () => {
  it('gives the end-to-end walk the test id of the state a path ends in', () => {
    const path = generatePaths(systemStatus).find(
      (p) => p.title === 'maintenance → loading.status on user.retry',
    );
    const views = path?.steps.map((step) => viewsOf(systemStatus, step.state)[0]?.testId);
    expect(views).toEqual(['page-loading', 'page-maintenance', 'page-loading']);
  });
});
