import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { signOutMachine } from '../../src/machines/sign-out.machine.ts';
import { networkFailure } from '../../models/session.model.ts';
import { heldPromise } from '../support/model-actors.ts';

function start() {
  const done: string[] = [];
  const effects = {
    clearSession: vi.fn(() => done.push('clearSession')),
    clearAgentAndVipState: vi.fn(() => done.push('clearAgentAndVipState')),
    goHome: vi.fn(() => done.push('goHome')),
  };
  const logout = heldPromise<void>();
  const actor = createActor(
    signOutMachine.provide({ actions: effects, actors: { submitLogout: logout.logic } }),
  ).start();
  return { actor, effects, logout, done };
}

describe('signOutMachine', () => {
  it('asks first; cancel keeps the session and calls nothing', () => {
    const { actor, logout, done } = start();
    actor.send({ type: 'user.signOut' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(logout.calls).toEqual([]);
    expect(done).toEqual([]);
  });

  it('confirm calls logout, then clears the session and goes home', async () => {
    const { actor, logout, done } = start();
    actor.send({ type: 'user.signOut' });
    actor.send({ type: 'user.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(logout.calls).toHaveLength(1);
    expect(done).toEqual([]);
    await logout.resolve(undefined);
    expect(actor.getSnapshot().status).toBe('done');
    expect(done).toEqual(['clearSession', 'clearAgentAndVipState', 'goHome']);
  });

  it('clears the session even when the logout call fails', async () => {
    const { actor, logout, done } = start();
    actor.send({ type: 'user.signOut' });
    actor.send({ type: 'user.confirm' });
    await logout.reject(networkFailure);
    expect(actor.getSnapshot().status).toBe('done');
    expect(done).toEqual(['clearSession', 'clearAgentAndVipState', 'goHome']);
  });
});
