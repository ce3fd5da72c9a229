import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { headerBalanceMachine } from '../../src/machines/header-balance.machine.ts';
import { heldPromise } from '../support/model-actors.ts';

function start(hidden = false) {
  const effects = {
    applyBalance: vi.fn((_: unknown, _params: { balance: string }) => {}),
    persistVisibility: vi.fn((_: unknown, _params: { hidden: boolean }) => {}),
  };
  const load = heldPromise<string>();
  const actor = createActor(
    headerBalanceMachine.provide({ actions: effects, actors: { loadBalance: load.logic } }),
    { input: { hidden } },
  ).start();
  const params = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((call) => call[1]);
  return { actor, effects, load, params };
}

describe('headerBalanceMachine', () => {
  it('a refresh re-reads the balance once and hands it to the session', async () => {
    const { actor, load, effects, params } = start();
    actor.send({ type: 'user.refresh' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'user.refresh' });
    expect(load.calls).toHaveLength(1);
    await load.resolve('1025000');
    expect(actor.getSnapshot().value).toBe('idle');
    expect(params(effects.applyBalance)).toEqual([{ balance: '1025000' }]);
  });

  it('a failed read hands nothing on and the button tries again', async () => {
    const { actor, load, effects } = start();
    actor.send({ type: 'user.refresh' });
    await load.reject(new Error('network'));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(effects.applyBalance).not.toHaveBeenCalled();
    actor.send({ type: 'user.refresh' });
    expect(load.calls).toHaveLength(2);
    await load.resolve('5');
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('starts with the stored choice; the eye toggles and persists it, also while loading', () => {
    const { actor, effects, params } = start(true);
    expect(actor.getSnapshot().context.hidden).toBe(true);
    actor.send({ type: 'user.toggleVisibility' });
    actor.send({ type: 'user.refresh' });
    actor.send({ type: 'user.toggleVisibility' });
    expect(actor.getSnapshot().context.hidden).toBe(true);
    expect(params(effects.persistVisibility)).toEqual([{ hidden: false }, { hidden: true }]);
  });
});
