import type { AnyStateMachine, ContextFrom, InputFrom } from 'xstate';

/** What the browser must show in a state: words for QA, a handle for the end-to-end walk. */
export type StateView = {
  /** What a person checks on screen, in plain words. */
  shows: string;
  /** The `data-testid` the end-to-end walk looks for. */
  testId?: string;
  /** Or an ARIA role and accessible name, when the element has one. */
  role?: { role: string; name?: string };
};

/**
 * One payload variant of an event: the event's fields without `type`. `label` is not sent; it
 * names the variant in path titles and the QA plan (give one when the payload is large).
 */
export type EventVariant = { label?: string } & Record<string, unknown>;

/** Implementations swapped in for a traversal, e.g. a guard answering true or false. */
export type ModelSetting<TMachine extends AnyStateMachine> = {
  name: string;
  description: string;
  provide?: Parameters<TMachine['provide']>[0];
};

/**
 * A test model: the machine, a payload for every event it handles (actor results as
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>`, delays as
 * `xstate.after.<delay>.<stateId>`), the settings to traverse it under, the part of the context
 * that tells states apart, and what every state shows in the browser.
 */
export type MachineModel<TMachine extends AnyStateMachine = AnyStateMachine> = {
  /** The file name stem: models/<name>.model.ts, models/<name>.md. */
  name: string;
  title: string;
  /** One paragraph for QA: what the flow is for. */
  summary: string;
  /** The machine's source file, for the QA document. */
  source: string;
  machine: TMachine;
  input?: InputFrom<TMachine>;
  /** Payload variants per event type. Every event type the machine handles must be listed. */
  events: Record<string, readonly EventVariant[]>;
  /** Traversals to run; one default setting when omitted. */
  settings?: readonly ModelSetting<TMachine>[];
  /**
   * The context as far as vertex identity goes: only what guards read. Unbounded context
   * (counters, lists, time) must be left out, or the traversal never ends. Default: none.
   */
  project?: (context: ContextFrom<TMachine>) => unknown;
  /** Per state id (e.g. `systemStatus.maintenance`): what the browser shows. */
  states: Record<string, StateView>;
};

/** Typed identity: lets the model file check payloads and guard implementations. */
export function defineModel<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine>,
): MachineModel<TMachine> {
  return model;
}
