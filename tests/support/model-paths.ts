/**
 * Paths, replay and coverage for the test models in models/. One implementation for the vitest
 * model tests, `npm run models` (the QA documents) and the Playwright walk.
 *
 * A vertex is (state, incoming event, previous state), so the shortest-path search yields a path
 * per transition rather than one per state. Every path is then replayed on a live actor with
 * controllable actor stubs and a simulated clock; the `@xstate.microstep` inspection events tell
 * which transitions (including `always`) really ran, and any state or transition never reached
 * is a gap.
 */
import {
  SimulatedClock,
  createActor,
  fromPromise,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InspectionEvent,
  type StateValue,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { MachineModel, StateView } from './model.ts';

type AnyModel = MachineModel<AnyStateMachine>;

export type ModelTransition = {
  /** Stable id: `<source state id> <event type or 'always'> <index>`. */
  id: string;
  source: string;
  /** The event type; '' for `always`. */
  eventType: string;
  /** Short text: `user.retry`, `loadStatus done`, `after pageLoadTimeout (120 s)`, `always`. */
  label: string;
  guard: string | null;
  /** Target state ids; empty when the transition only runs actions. */
  targets: string[];
};

export type ModelStep = {
  event: AnyEventObject;
  /** `start` for the first step, otherwise the event label with its variant. */
  eventLabel: string;
  /** The snapshot the traversal expects after the event. */
  state: AnyMachineSnapshot;
  /** Leaf state path(s), e.g. `loading.status`, plus the projected context when there is one. */
  stateLabel: string;
};

export type ModelPath = {
  setting: string;
  title: string;
  /** The first step is the start (`xstate.init`). */
  steps: ModelStep[];
};

export type CoverageReport = {
  states: { total: number; covered: number; missing: string[] };
  transitions: { total: number; covered: number; missing: string[] };
  paths: number;
};

const DEFAULT_SETTING = 'default';

// ---------------------------------------------------------------------------------------------
// The machine's structure

/** Every state node but the root, in document order. */
export function listStates(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      nodes.push(child);
      walk(child);
    }
  };
  walk(machine.root);
  return nodes;
}

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...listStates(machine)];
}

/** Every transition of the machine, including delayed, actor-result and `always` ones. */
export function listTransitions(machine: AnyStateMachine): ModelTransition[] {
  const delays = machine.implementations.delays as Record<string, unknown>;
  return allNodes(machine).flatMap((node) => {
    const onEvents = [...node.transitions.values()].flat();
    const always = node.always ?? [];
    return [...onEvents, ...always]
      .filter((t) => !t.eventType.includes('*'))
      .map((t) => ({
        id: transitionId(t),
        source: node.id,
        eventType: t.eventType,
        label: eventTypeLabel(t.eventType, delays),
        guard: guardName(t.guard),
        targets: (t.target ?? []).map((target: AnyStateNode) => target.id),
      }));
  });
}

/** The id of a transition object of any instance of the machine (provide() makes new ones). */
export function transitionId(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode;
  const siblings =
    t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  return `${source.id} ${t.eventType || 'always'} ${siblings.indexOf(t)}`;
}

function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type);
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return 'guard';
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/** The delay name (or number) of an `xstate.after.<delay>.<stateId>` event type. */
function afterDelay(eventType: string): string {
  return eventType.slice(AFTER.length).split('.')[0] ?? '';
}

function delayMs(delay: string, delays: Record<string, unknown>, snapshot?: AnyMachineSnapshot) {
  if (/^\d+$/.test(delay)) return Number(delay);
  const value = delays[delay];
  if (typeof value === 'number') return value;
  if (typeof value === 'function' && snapshot) {
    return Number(value({ context: snapshot.context, event: { type: 'xstate.delay' } }, undefined));
  }
  throw new Error(`Unknown delay '${delay}'`);
}

function formatMs(ms: number): string {
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/** `user.retry`, `loadStatus done`, `loadStatus error`, `after pageLoadTimeout (120 s)`. */
export function eventTypeLabel(eventType: string, delays: Record<string, unknown>): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith(DONE)) return `${eventType.slice(DONE.length)} done`;
  if (eventType.startsWith(ERROR)) return `${eventType.slice(ERROR.length)} error`;
  if (eventType.startsWith(AFTER)) {
    const delay = afterDelay(eventType);
    const known = /^\d+$/.test(delay) || typeof delays[delay] === 'number';
    return known ? `after ${delay} (${formatMs(delayMs(delay, delays))})` : `after ${delay}`;
  }
  return eventType;
}

// ---------------------------------------------------------------------------------------------
// Events, settings and vertices

type Variant = { event: AnyEventObject; label: string };

/** The model's payload variants as events, checked against the event types the machine handles. */
export function modelEvents(model: AnyModel): Map<string, Variant[]> {
  const delays = model.machine.implementations.delays as Record<string, unknown>;
  const handled = new Set(
    listTransitions(model.machine)
      .map((t) => t.eventType)
      .filter((type) => type !== ''),
  );
  const missing = [...handled].filter((type) => !(type in model.events));
  const unknown = Object.keys(model.events).filter((type) => !handled.has(type));
  const empty = Object.keys(model.events).filter((type) => model.events[type]?.length === 0);
  if (missing.length || unknown.length || empty.length) {
    throw new Error(
      `Model '${model.name}': ` +
        [
          missing.length ? `no payloads for ${missing.join(', ')}` : '',
          unknown.length ? `events the machine does not handle: ${unknown.join(', ')}` : '',
          empty.length ? `empty variant lists: ${empty.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; '),
    );
  }
  const variants = new Map<string, Variant[]>();
  for (const [type, list] of Object.entries(model.events)) {
    variants.set(
      type,
      list.map(({ label, ...payload }) => {
        const base = eventTypeLabel(type, delays);
        const fields = Object.entries(payload).map(([key, value]) => `${key}: ${compact(value)}`);
        const shown = label ?? fields.join(', ');
        return { event: { ...payload, type }, label: shown ? `${base} (${shown})` : base };
      }),
    );
  }
  return variants;
}

export function settingNames(model: AnyModel): string[] {
  return model.settings?.length ? model.settings.map((s) => s.name) : [DEFAULT_SETTING];
}

/** The machine with the setting's implementations. */
export function settingMachine(model: AnyModel, setting: string): AnyStateMachine {
  if (!model.settings?.length && setting === DEFAULT_SETTING) return model.machine;
  const found = model.settings?.find((s) => s.name === setting);
  if (!found) throw new Error(`Model '${model.name}' has no setting '${setting}'`);
  return found.provide ? model.machine.provide(found.provide) : model.machine;
}

/** Leaf state paths of a state value: `{ loading: 'status' }` gives `loading.status`. */
export function leafPaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)
      ? [key]
      : leafPaths(child).map((leaf) => `${key}.${leaf}`),
  );
}

function projected(model: AnyModel, snapshot: AnyMachineSnapshot): unknown {
  return model.project ? model.project(snapshot.context) : undefined;
}

export function stateLabel(model: AnyModel, snapshot: AnyMachineSnapshot): string {
  const leaves = leafPaths(snapshot.value).join(' + ');
  const context = projected(model, snapshot);
  return context === undefined ? leaves : `${leaves} ${compact(context)}`;
}

/** `{"language":"en"}` as `{ language: en }`, for QA documents. */
function compact(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(compact).join(', ')}]`;
  const entries = Object.entries(value).map(([key, v]) => `${key}: ${compact(v)}`);
  return `{ ${entries.join(', ')} }`;
}

function vertex(model: AnyModel, snapshot: AnyMachineSnapshot) {
  return { value: snapshot.value, context: projected(model, snapshot) };
}

// ---------------------------------------------------------------------------------------------
// Paths

/**
 * Every path of the model: per setting, the shortest path to every (state, incoming event,
 * previous state) vertex, without paths that are a prefix of a longer one. Deterministic.
 */
export function generatePaths(model: AnyModel): ModelPath[] {
  const variants = modelEvents(model);
  const labels = new Map<string, string>();
  for (const list of variants.values()) {
    for (const v of list) labels.set(JSON.stringify(v.event), v.label);
  }
  const allEvents = [...variants.values()].flat().map((v) => v.event);
  const settings = settingNames(model);

  const paths = settings.flatMap((setting) => {
    const machine = settingMachine(model, setting);
    const found = getShortestPaths(machine, {
      input: model.input,
      // Only events with an enabled transition: guard-blocked ones would be self-loops.
      events: (snapshot: AnyMachineSnapshot) => allEvents.filter((event) => snapshot.can(event)),
      serializeState: (snapshot, event, previous) =>
        JSON.stringify([
          vertex(model, snapshot),
          event ? JSON.stringify(event) : null,
          previous ? vertex(model, previous) : null,
        ]),
    });
    const steps = found.map((path) =>
      path.steps.map((step, index): ModelStep => ({
        event: step.event,
        eventLabel:
          index === 0 ? 'start' : (labels.get(JSON.stringify(step.event)) ?? step.event.type),
        state: step.state,
        stateLabel: stateLabel(model, step.state),
      })),
    );
    return withoutPrefixes(steps).map((pathSteps) => ({ setting, steps: pathSteps }));
  });

  const sorted = paths
    .map((path) => ({
      ...path,
      title: pathTitle(path.steps, settings.length > 1 ? path.setting : ''),
    }))
    .sort(
      (a, b) =>
        settings.indexOf(a.setting) - settings.indexOf(b.setting) ||
        a.steps.length - b.steps.length ||
        compareText(a.title, b.title) ||
        compareText(signature(a.steps), signature(b.steps)),
    );
  const seen = new Map<string, number>();
  return sorted.map((path) => {
    const count = (seen.get(path.title) ?? 0) + 1;
    seen.set(path.title, count);
    return count === 1 ? path : { ...path, title: `${path.title} #${count}` };
  });
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function signature(steps: ModelStep[]): string {
  return steps.map((s) => JSON.stringify(s.event)).join('\n');
}

function withoutPrefixes(paths: ModelStep[][]): ModelStep[][] {
  const signatures = paths.map((steps) => steps.map((s) => JSON.stringify(s.event)));
  return paths.filter((_, i) => {
    const mine = signatures[i] ?? [];
    return !signatures.some(
      (other, j) =>
        j !== i &&
        other.length >= mine.length &&
        mine.every((event, k) => other[k] === event) &&
        // Equal sequences: keep the first only.
        (other.length > mine.length || j < i),
    );
  });
}

/** `loading.status → maintenance on loadStatus done (status 1)`; `starts in ready`. */
export function pathTitle(steps: ModelStep[], setting: string): string {
  const last = steps[steps.length - 1];
  const before = steps[steps.length - 2];
  const prefix = setting ? `[${setting}] ` : '';
  if (!last) return `${prefix}empty path`;
  if (!before) return `${prefix}starts in ${last.stateLabel}`;
  return `${prefix}${before.stateLabel} → ${last.stateLabel} on ${last.eventLabel}`;
}

// ---------------------------------------------------------------------------------------------
// What a step asks the system under test to do

export type StepAction =
  | { kind: 'start' }
  | { kind: 'actorDone'; actorId: string; output: unknown }
  | { kind: 'actorError'; actorId: string; error: unknown }
  | { kind: 'wait'; delay: string; ms: number }
  | { kind: 'send'; event: AnyEventObject };

/**
 * How to drive a step: answer a held call, let time pass, or send the event (a user action in
 * the browser). `previous` is the snapshot before the step, for delays that read the context.
 */
export function stepAction(
  model: AnyModel,
  step: ModelStep,
  previous?: AnyMachineSnapshot,
): StepAction {
  const { type } = step.event;
  if (type === 'xstate.init') return { kind: 'start' };
  if (type.startsWith(DONE)) {
    return { kind: 'actorDone', actorId: type.slice(DONE.length), output: step.event.output };
  }
  if (type.startsWith(ERROR)) {
    return { kind: 'actorError', actorId: type.slice(ERROR.length), error: step.event.error };
  }
  if (type.startsWith(AFTER)) {
    const delay = afterDelay(type);
    const delays = model.machine.implementations.delays as Record<string, unknown>;
    return { kind: 'wait', delay, ms: delayMs(delay, delays, previous) };
  }
  return { kind: 'send', event: step.event };
}

// ---------------------------------------------------------------------------------------------
// Replay on a live actor

export type Coverage = { states: Set<string>; transitions: Set<string> };

export function emptyCoverage(): Coverage {
  return { states: new Set(), transitions: new Set() };
}

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** Lets settled promise actors deliver their result before the next step. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs one path on a live actor: actor stubs that settle only when the path says, a simulated
 * clock that moves only for `xstate.after.*` steps. Checks every step's state and records the
 * states and transitions reached. Throws on the first step whose state differs. Returns, per
 * step, the states passed through on the way (e.g. a transient state left by `always`).
 */
export async function replayPath(
  model: AnyModel,
  path: ModelPath,
  coverage: Coverage = emptyCoverage(),
): Promise<string[][]> {
  const base = settingMachine(model, path.setting);
  const running = new Map<string, Deferred>();
  const stubs = Object.fromEntries(
    Object.keys(base.implementations.actors).map((src) => [
      src,
      fromPromise(
        ({ self }) =>
          new Promise((resolve, reject) => {
            running.set(self.id, { resolve, reject });
          }),
      ),
    ]),
  );
  const machine = base.provide({ actors: stubs });
  const clock = new SimulatedClock();

  const record = (snapshot: AnyMachineSnapshot) => {
    for (const node of snapshot._nodes as AnyStateNode[]) {
      if (node.parent) coverage.states.add(node.id);
    }
  };
  let trail: string[] = [];
  const trails: string[][] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.actorRef.sessionId !== event.rootId) return;
    if (event.type === '@xstate.microstep') {
      record(event.snapshot as AnyMachineSnapshot);
      trail.push(stateLabel(model, event.snapshot as AnyMachineSnapshot));
      for (const t of event._transitions) coverage.transitions.add(transitionId(t));
    } else if (event.type === '@xstate.snapshot') {
      record(event.snapshot as AnyMachineSnapshot);
    }
  };

  const actor = createActor(machine, { input: model.input, clock, inspect });
  actor.start();
  try {
    for (const [index, step] of path.steps.entries()) {
      trail = [];
      const action = stepAction(model, step, actor.getSnapshot() as AnyMachineSnapshot);
      if (action.kind === 'actorDone' || action.kind === 'actorError') {
        const pending = running.get(action.actorId);
        if (!pending) throw new Error(`no actor '${action.actorId}' is running`);
        running.delete(action.actorId);
        if (action.kind === 'actorDone') pending.resolve(action.output);
        else pending.reject(action.error);
      } else if (action.kind === 'wait') {
        clock.increment(action.ms);
      } else if (action.kind === 'send') {
        actor.send(action.event);
      }
      if (index > 0) await settle();
      const actual = actor.getSnapshot() as AnyMachineSnapshot;
      const expected = step.state;
      const same =
        JSON.stringify(vertex(model, actual)) === JSON.stringify(vertex(model, expected)) &&
        actual.status === expected.status;
      if (!same) {
        throw new Error(
          `Path "${path.title}", step ${index + 1} (${step.eventLabel}): expected ` +
            `${stateLabel(model, expected)}, the live actor is in ${stateLabel(model, actual)}` +
            (actual.status !== 'active' ? ` (status ${actual.status})` : ''),
        );
      }
      trails.push(trail.slice(0, -1));
    }
  } finally {
    actor.stop();
  }
  return trails;
}

/** States and transitions of the machine that the coverage never reached. */
export function coverageReport(model: AnyModel, coverage: Coverage, paths: number): CoverageReport {
  const states = listStates(model.machine).map((node) => node.id);
  const transitions = listTransitions(model.machine).map((t) => t.id);
  const missingStates = states.filter((id) => !coverage.states.has(id));
  const missingTransitions = transitions.filter((id) => !coverage.transitions.has(id));
  return {
    states: {
      total: states.length,
      covered: states.length - missingStates.length,
      missing: missingStates,
    },
    transitions: {
      total: transitions.length,
      covered: transitions.length - missingTransitions.length,
      missing: missingTransitions,
    },
    paths,
  };
}

export function coverageGaps(report: CoverageReport): string[] {
  return [
    ...report.states.missing.map((id) => `state never reached: ${id}`),
    ...report.transitions.missing.map((id) => `transition never taken: ${id}`),
  ];
}

/** Generates and replays every path of a model; the report names every gap. */
export async function checkModel(model: AnyModel): Promise<{
  paths: ModelPath[];
  /** Per path, per step: the states passed through on the way. */
  trails: string[][][];
  report: CoverageReport;
}> {
  const paths = generatePaths(model);
  const coverage = emptyCoverage();
  const trails: string[][][] = [];
  for (const path of paths) trails.push(await replayPath(model, path, coverage));
  return { paths, trails, report: coverageReport(model, coverage, paths.length) };
}

/** Every state of the machine has a view in the model, and the model names no other state. */
export function stateViewGaps(model: AnyModel): string[] {
  const ids = listStates(model.machine).map((node) => node.id);
  return [
    ...ids.filter((id) => !(id in model.states)).map((id) => `no view for state ${id}`),
    ...Object.keys(model.states)
      .filter((id) => !ids.includes(id))
      .map((id) => `view for unknown state ${id}`),
  ];
}

/** What the browser must show in a snapshot: the views of its active leaf states. */
export function viewsOf(model: AnyModel, snapshot: AnyMachineSnapshot): StateView[] {
  return (snapshot._nodes as AnyStateNode[])
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => model.states[node.id])
    .filter((view): view is StateView => view !== undefined);
}
