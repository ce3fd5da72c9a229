import { describe, expect, it, vi } from 'vitest';
import { headerBalanceMachine } from '../../src/machines/header-balance.machine.ts';
import { driveMachine, paramsOf } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

function start(hidden = false) {
  const effects = {
    applyBalance: vi.fn((_: unknown, _params: { balance: string }) => {}),
    persistVisibility: vi.fn((_: unknown, _params: { hidden: boolean }) => {}),
  };
  const driver = driveMachine(headerBalanceMachine, {
    held: { loadBalance: heldPromise<string>() },
    provide: { actions: effects },
    input: { hidden },
  });
  return { ...driver, effects, load: driver.held.loadBalance };
}

describe('headerBalanceMachine', () => {
  it('a refresh re-reads the balance once and hands it to the session', async () => {
    const { load, effects, send, snapshot, expectState } = start();
    send({ type: 'user.refresh' });
    expect(snapshot().hasTag('busy')).toBe(true);
    send({ type: 'user.refresh' });
    expect(load.calls).toHaveLength(1);
    await load.resolve('1025000');
    expectState('idle');
    expect(paramsOf(effects.applyBalance)).toEqual([{ balance: '1025000' }]);
  });

  it('a failed read hands nothing on and the button tries again', async () => {
    const { load, effects, send, expectState } = start();
    send({ type: 'user.refresh' });
    await load.reject(new Error('network'));
    expectState('failed');
    expect(effects.applyBalance).not.toHaveBeenCalled();
    send({ type: 'user.refresh' });
    expect(load.calls).toHaveLength(2);
    await load.resolve('5');
    expectState('idle');
  });

  it('starts with the stored choice; the eye toggles and persists it, also while loading', () => {
    const { effects, send, expectContext } = start(true);
    expectContext({ hidden: true });
    send({ type: 'user.toggleVisibility' });
    send({ type: 'user.refresh' });
    send({ type: 'user.toggleVisibility' });
    expectContext({ hidden: true });
    expect(paramsOf(effects.persistVisibility)).toEqual([{ hidden: false }, { hidden: true }]);
  });
});
