import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { MemberInfo } from '../../src/contract/identity.ts';
import {
  failureOf,
  keptNotifications,
  isAgentType,
  isTrialType,
  sessionMachine,
  type StoreSessionParams,
} from '../../src/machines/session.machine.ts';
import {
  depositArrived,
  failureFixture,
  memberFixture,
  networkFailure,
  playerMember,
  trialMember,
} from '../../models/session.model.ts';
import { heldPromise } from '../support/model-actors.ts';

function start(token: string | null, cpw = false) {
  const effects = {
    storeSession: vi.fn((_: unknown, _params: StoreSessionParams) => {}),
    clearSession: vi.fn(),
  };
  const load = heldPromise<MemberInfo>();
  const actor = createActor(
    sessionMachine.provide({ actions: effects, actors: { loadMemberInfo: load.logic } }),
    { input: { token, cpw } },
  ).start();
  const params = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((call) => call[1]);
  return { actor, effects, load, params };
}

describe('sessionMachine', () => {
  it('without a stored token: a visitor, no member info call, nothing cleared', () => {
    const { actor, load, effects } = start(null);
    expect(actor.getSnapshot().value).toBe('visitor');
    expect(load.calls).toEqual([]);
    expect(effects.clearSession).not.toHaveBeenCalled();
  });

  it('with a stored token: member info first, then the role from the member type', async () => {
    const { actor, load, effects, params } = start('tok-stored', true);
    expect(actor.getSnapshot().value).toBe('loadingMember');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const agent = memberFixture(41, 'agent41');
    await load.resolve(agent);
    expect(actor.getSnapshot().value).toEqual({ member: 'agent' });
    expect(actor.getSnapshot().context).toMatchObject({ isAgent: true, isTrial: false, cpw: true });
    expect(params(effects.storeSession)).toEqual([
      { token: null, member: agent, isAgent: true, cpw: true },
    ]);
  });

  it.each(['not_logged_in', 'session_expired'])(
    'a stored token the server answers %s for is cleared',
    async (code) => {
      const { actor, load, effects } = start('tok-stale');
      await load.reject(failureFixture(code, 'Please log in.'));
      expect(actor.getSnapshot().value).toBe('visitor');
      expect(actor.getSnapshot().context.hasToken).toBe(false);
      expect(effects.clearSession).toHaveBeenCalledTimes(1);
    },
  );

  it('a network failure keeps the token and offers a retry', async () => {
    const { actor, load, effects } = start('tok-stored');
    await load.reject(networkFailure);
    expect(actor.getSnapshot().value).toBe('memberUnavailable');
    expect(actor.getSnapshot().context.hasToken).toBe(true);
    expect(effects.clearSession).not.toHaveBeenCalled();
    actor.send({ type: 'user.retry' });
    expect(load.calls).toHaveLength(2);
    await load.resolve(playerMember);
    expect(actor.getSnapshot().value).toEqual({ member: 'player' });
  });

  it('a login stores the session with the new token; a trial account is marked', () => {
    const { actor, effects, params } = start(null);
    actor.send({ type: 'app.loggedIn', token: 'tok-trial', member: trialMember, cpw: false });
    expect(actor.getSnapshot().value).toEqual({ member: 'trial' });
    expect(actor.getSnapshot().context).toMatchObject({ isTrial: true, isAgent: false });
    expect(params(effects.storeSession)).toEqual([
      { token: 'tok-trial', member: trialMember, isAgent: false, cpw: false },
    ]);
  });

  it('member info arriving later chooses the role; a password change clears cpw', () => {
    const { actor, effects, params } = start(null);
    actor.send({ type: 'app.loggedIn', token: 'tok-1', member: null, cpw: true });
    expect(actor.getSnapshot().value).toEqual({ member: 'player' });
    actor.send({ type: 'app.passwordChanged' });
    expect(actor.getSnapshot().context.cpw).toBe(false);
    actor.send({ type: 'app.memberLoaded', member: memberFixture(2, 'agent02') });
    expect(actor.getSnapshot().value).toEqual({ member: 'agent' });
    expect(params(effects.storeSession).at(-1)).toMatchObject({ isAgent: true, cpw: false });
  });

  it('logging out clears the session and the member', () => {
    const { actor, effects } = start(null);
    actor.send({ type: 'app.loggedIn', token: 'tok-1', member: playerMember, cpw: false });
    actor.send({ type: 'app.loggedOut' });
    expect(actor.getSnapshot().value).toBe('visitor');
    expect(actor.getSnapshot().context).toMatchObject({
      hasToken: false,
      member: null,
      isAgent: false,
    });
    expect(effects.clearSession).toHaveBeenCalledTimes(1);
  });

  it('a member takes balance, unread count and notifications from the real-time channel', () => {
    const { actor } = start(null);
    actor.send({ type: 'realtime.balance', balance: '100' });
    expect(actor.getSnapshot().context.balance).toBeNull();
    actor.send({ type: 'app.loggedIn', token: 'tok-1', member: playerMember, cpw: false });
    actor.send({ type: 'realtime.balance', balance: '125050' });
    actor.send({ type: 'realtime.unread', count: 2 });
    actor.send({ type: 'realtime.notification', notification: depositArrived });
    const second = { ...depositArrived, id: 'n-2', kind: 'withdrawApproved' as const, seq: 5 };
    actor.send({ type: 'realtime.notification', notification: second });
    actor.send({ type: 'realtime.notification', notification: depositArrived });
    expect(actor.getSnapshot().context).toMatchObject({ balance: '125050', unread: 2 });
    expect(actor.getSnapshot().context.notifications.map((n) => n.id)).toEqual([
      depositArrived.id,
      'n-2',
    ]);
    actor.send({ type: 'user.dismissNotification', id: depositArrived.id });
    expect(actor.getSnapshot().context.notifications.map((n) => n.id)).toEqual(['n-2']);
  });

  it(`keeps the newest ${keptNotifications} notifications; logging out or in clears the figures`, () => {
    const { actor } = start(null);
    actor.send({ type: 'app.loggedIn', token: 'tok-1', member: playerMember, cpw: false });
    for (let i = 0; i < keptNotifications + 5; i += 1) {
      actor.send({
        type: 'realtime.notification',
        notification: { ...depositArrived, id: `n-${i}`, seq: i + 1 },
      });
    }
    const kept = actor.getSnapshot().context.notifications;
    expect(kept).toHaveLength(keptNotifications);
    expect(kept[0]?.id).toBe(`n-${keptNotifications + 4}`);
    actor.send({ type: 'realtime.balance', balance: '5' });
    actor.send({ type: 'app.loggedOut' });
    expect(actor.getSnapshot().context).toMatchObject({
      balance: null,
      unread: null,
      notifications: [],
    });
    actor.send({ type: 'app.loggedIn', token: 'tok-2', member: playerMember, cpw: false });
    actor.send({ type: 'realtime.unread', count: 1 });
    actor.send({ type: 'app.loggedIn', token: 'tok-3', member: trialMember, cpw: false });
    expect(actor.getSnapshot().context.unread).toBeNull();
  });

  it('agent types are 1, 2, 41, 42; type 4 is the trial account', () => {
    expect([0, 1, 2, 4, 41, 42].filter(isAgentType)).toEqual([1, 2, 41, 42]);
    expect([0, 1, 2, 4, 41, 42].filter(isTrialType)).toEqual([4]);
  });

  it('reads failures of any shape', () => {
    expect(failureOf(failureFixture('account_locked', 'Locked.'))).toEqual({
      code: 'account_locked',
      message: 'Locked.',
    });
    expect(failureOf(new Error('boom'))).toEqual({ code: 'system_error', message: 'boom' });
    expect(failureOf('network')).toEqual({ code: 'network', message: '' });
    expect(failureOf(undefined)).toEqual({ code: 'system_error', message: '' });
  });
});
