// Every path of every test model in models/, replayed on a live actor; then coverage.
// Adding a machine means adding models/<name>.model.ts: it is picked up here.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import type { MachineModel } from '../support/model.ts';
import {
  checkModel,
  coverageGaps,
  generatePaths,
  replayPath,
  stateViewGaps,
} from '../support/model-paths.ts';

const modules = import.meta.glob<{ model: MachineModel<AnyStateMachine> }>(
  '../../models/*.model.ts',
  { eager: true },
);

it('finds the test models', () => {
  expect(Object.keys(modules).length).toBeGreaterThan(0);
});

for (const [file, { model }] of Object.entries(modules)) {
  describe(`${model.title} (${file.replace('../../', '')})`, () => {
    it('is named after its file', () => {
      expect(file).toBe(`../../models/${model.name}.model.ts`);
    });

    it('says what the browser shows in every state', () => {
      expect(stateViewGaps(model)).toEqual([]);
    });

    for (const path of generatePaths(model)) {
      it(path.title, async () => {
        await replayPath(model, path);
      });
    }

    it('reaches every state and takes every transition', async () => {
      const { report } = await checkModel(model);
      expect(coverageGaps(report)).toEqual([]);
      expect(report.states.covered).toBe(report.states.total);
      expect(report.transitions.covered).toBe(report.transitions.total);
    });
  });
}
