/**
 * One driver for the machine tests (tests/machines): starts the machine on a live actor with
 * held promise actors (settled by the test), the given implementations and a simulated clock,
 * and offers the verbs the tests use.
 *
 * @example
 * const sms = driveMachine(smsCountdownMachine, {
 *   held: { sendCode: heldPromise<SmsSent, SmsRequest>() },
 * });
 * sms.send({ type: 'user.send', request });
 * await sms.held.sendCode.resolve({ expiredMinutes: 1 });
 * sms.expectToBeIn({ code: 'counting' });
 * sms.tick(60_000);
 * sms.expectContext({ secondsLeft: 0 });
 *
 * Actions supplied as `vi.fn` spies are read back with `paramsOf(spy)`; a flow that ends is
 * checked with `expectDone()` or `expectOutput(output)`.
 */
import { expect } from 'vitest';
import {
  SimulatedClock,
  createActor,
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ContextFrom,
  type EventFromLogic,
  type InputFrom,
  type OutputFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import type { heldPromise } from './model-actors.ts';

/** What toMatchObject accepts: any subset of the fields, at every depth. */
type Subset<T> = T extends object ? { [K in keyof T]?: Subset<T[K]> } : T;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any output and input
type Held = ReturnType<typeof heldPromise<any, any>>;

export type MachineDriver<TMachine extends AnyStateMachine, THeld extends Record<string, Held>> = {
  actor: Actor<TMachine>;
  /** The held actors by implementation name: `calls`, `resolve`, `reject`. */
  held: THeld;
  clock: SimulatedClock;
  snapshot(): SnapshotFrom<TMachine>;
  context(): ContextFrom<TMachine>;
  send(event: EventFromLogic<TMachine>): void;
  /** Moves the simulated clock; delayed transitions due by then run. */
  tick(ms: number): void;
  /** The whole state value equals `value`. */
  expectState(value: StateValue): void;
  /** The snapshot matches every given state (a key, or a partial state value). */
  expectToBeIn(...states: StateValue[]): void;
  /** The context has these fields, nested objects compared by their given fields (toMatchObject). */
  expectContext(fields: Subset<ContextFrom<TMachine>>): void;
  /** The machine reached a final state (status `done`). */
  expectDone(): void;
  /** The machine reached a final state and its output equals `output`. */
  expectOutput(output: OutputFrom<TMachine>): void;
};

export function driveMachine<
  TMachine extends AnyStateMachine,
  THeld extends Record<string, Held> = Record<never, Held>,
>(
  machine: TMachine,
  options: {
    held?: THeld;
    /** Implementations besides the held actors: actions, guards, other actors, delays. */
    provide?: Parameters<TMachine['provide']>[0];
    input?: InputFrom<TMachine>;
  } = {},
): MachineDriver<TMachine, THeld> {
  const held = options.held ?? ({} as THeld);
  const provide = (options.provide ?? {}) as { actors?: Record<string, unknown> };
  const logic = (machine as AnyStateMachine).provide({
    ...provide,
    actors: {
      ...provide.actors,
      ...Object.fromEntries(Object.entries(held).map(([name, h]) => [name, h.logic])),
    },
  }) as TMachine;
  const clock = new SimulatedClock();
  const actor = createActor(logic, { input: options.input, clock } as never) as Actor<TMachine>;
  actor.start();
  const snapshot = () => actor.getSnapshot() as SnapshotFrom<TMachine>;
  const current = () => actor.getSnapshot() as AnyMachineSnapshot;
  return {
    actor,
    held,
    clock,
    snapshot,
    context: () => current().context as ContextFrom<TMachine>,
    send: (event) => actor.send(event),
    tick: (ms) => clock.increment(ms),
    expectState: (value) => expect(current().value).toEqual(value),
    expectToBeIn: (...states) => {
      for (const state of states) {
        expect(
          current().matches(state),
          `in ${JSON.stringify(current().value)}, expected ${JSON.stringify(state)}`,
        ).toBe(true);
      }
    },
    expectContext: (fields) => expect(current().context).toMatchObject(fields),
    expectDone: () => expect(current().status).toBe('done'),
    expectOutput: (output) => {
      expect(current().status).toBe('done');
      expect(current().output).toEqual(output);
    },
  };
}

/**
 * The params each call of an action spy received (an action is called with its arguments and
 * then its params), in call order.
 *
 * @example
 * const storeToken = vi.fn((_: unknown, _params: { token: string }) => {});
 * expect(paramsOf(storeToken)).toEqual([{ token: 'tok-1f9c' }]);
 */
export function paramsOf<TParams>(spy: {
  mock: { calls: ReadonlyArray<readonly [unknown, TParams, ...unknown[]]> };
}): TParams[] {
  return spy.mock.calls.map((call) => call[1]);
}
