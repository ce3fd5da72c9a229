import { describe, expect, it, vi } from 'vitest';
import { signOutMachine } from '../../src/machines/sign-out.machine.ts';
import { networkFailure } from '../../models/session.model.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

function start() {
  const done: string[] = [];
  const effects = {
    clearSession: vi.fn(() => done.push('clearSession')),
    clearAgentAndVipState: vi.fn(() => done.push('clearAgentAndVipState')),
    goHome: vi.fn(() => done.push('goHome')),
  };
  const driver = driveMachine(signOutMachine, {
    held: { submitLogout: heldPromise<void>() },
    provide: { actions: effects },
  });
  return { ...driver, effects, logout: driver.held.submitLogout, done };
}

describe('signOutMachine', () => {
  it('asks first; cancel keeps the session and calls nothing', () => {
    const { logout, done, send, expectState } = start();
    send({ type: 'user.signOut' });
    expectState('confirming');
    send({ type: 'user.cancel' });
    expectState('idle');
    expect(logout.calls).toEqual([]);
    expect(done).toEqual([]);
  });

  it('confirm calls logout, then clears the session and goes home', async () => {
    const { logout, done, send, snapshot, expectDone } = start();
    send({ type: 'user.signOut' });
    send({ type: 'user.confirm' });
    expect(snapshot().hasTag('busy')).toBe(true);
    expect(logout.calls).toHaveLength(1);
    expect(done).toEqual([]);
    await logout.resolve(undefined);
    expectDone();
    expect(done).toEqual(['clearSession', 'clearAgentAndVipState', 'goHome']);
  });

  it('clears the session even when the logout call fails', async () => {
    const { logout, done, send, expectDone } = start();
    send({ type: 'user.signOut' });
    send({ type: 'user.confirm' });
    await logout.reject(networkFailure);
    expectDone();
    expect(done).toEqual(['clearSession', 'clearAgentAndVipState', 'goHome']);
  });
});
