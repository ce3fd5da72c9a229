// Pins the xstate internals the model coverage relies on. When xstate is upgraded and this
// fails, fix tests/support/model-paths.ts before trusting coverage again.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  SimulatedClock,
  createActor,
  fromPromise,
  setup,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { listStates, listTransitions, transitionId } from '../support/model-paths.ts';

const probe = setup({
  actors: { loadThing: fromPromise<string>(async () => 'thing') },
  guards: { isReady: () => true },
}).createMachine({
  id: 'probe',
  initial: 'idle',
  states: {
    idle: { on: { 'user.go': 'passing' } },
    passing: { always: [{ guard: 'isReady', target: 'loading' }, { target: 'idle' }] },
    loading: {
      invoke: { id: 'loadThing', src: 'loadThing', onDone: 'waiting', onError: 'idle' },
    },
    waiting: { after: { 50: 'idle' } },
  },
});

describe('xstate internals used by model coverage', () => {
  it('is the pinned xstate version', () => {
    const require = createRequire(import.meta.url);
    const pkg = require('xstate/package.json') as { version: string };
    expect(pkg.version).toBe('5.33.3');
  });

  it('keeps always transitions on stateNode.always with an empty event type', () => {
    const passing = probe.getStateNodeById('probe.passing') as AnyStateNode;
    expect(passing.always?.map((t) => t.eventType)).toEqual(['', '']);
    expect(passing.transitions.size).toBe(0);
  });

  it('names actor results and delays as the models write them', () => {
    const ids = listTransitions(probe).map((t) => t.id);
    expect(ids).toEqual([
      'probe.idle user.go 0',
      'probe.passing always 0',
      'probe.passing always 1',
      'probe.loading xstate.done.actor.loadThing 0',
      'probe.loading xstate.error.actor.loadThing 0',
      'probe.waiting xstate.after.50.probe.waiting 0',
    ]);
    expect(listStates(probe).map((node) => node.id)).toEqual([
      'probe.idle',
      'probe.passing',
      'probe.loading',
      'probe.waiting',
    ]);
  });

  it('reports transitions and state nodes in @xstate.microstep inspection events', async () => {
    const seen: string[] = [];
    const nodes: string[] = [];
    const clock = new SimulatedClock();
    const actor = createActor(probe, {
      clock,
      inspect: (event: InspectionEvent) => {
        if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== event.rootId) {
          return;
        }
        const transitions = event._transitions as AnyTransitionDefinition[];
        seen.push(...transitions.map(transitionId));
        const snapshot = event.snapshot as unknown as { _nodes: AnyStateNode[] };
        nodes.push(...snapshot._nodes.map((node) => node.id));
      },
    });
    actor.start();
    actor.send({ type: 'user.go' });
    await new Promise((resolve) => setImmediate(resolve));
    clock.increment(50);
    actor.stop();
    expect(seen).toEqual([
      'probe.idle user.go 0',
      'probe.passing always 0',
      'probe.loading xstate.done.actor.loadThing 0',
      'probe.waiting xstate.after.50.probe.waiting 0',
    ]);
    expect(nodes).toContain('probe.passing');
  });

  it('gives serializeState the incoming event and the previous state', () => {
    const calls: Array<[string, string | undefined, string | undefined]> = [];
    getShortestPaths(probe, {
      events: [
        { type: 'user.go' },
        { type: 'xstate.done.actor.loadThing', output: 'x' },
        { type: 'xstate.after.50.probe.waiting' },
      ],
      serializeState: (snapshot, event, previous) => {
        calls.push([JSON.stringify(snapshot.value), event?.type, JSON.stringify(previous?.value)]);
        return JSON.stringify([snapshot.value, event?.type, previous?.value]);
      },
    });
    expect(calls).toContainEqual(['"loading"', 'user.go', '"idle"']);
    expect(calls).toContainEqual(['"waiting"', 'xstate.done.actor.loadThing', '"loading"']);
    expect(calls).toContainEqual(['"idle"', 'xstate.after.50.probe.waiting', '"waiting"']);
  });
});
