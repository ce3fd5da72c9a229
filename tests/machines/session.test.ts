import { describe, expect, it, vi } from 'vitest';
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
import { driveMachine, paramsOf } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

function start(token: string | null, cpw = false) {
  const effects = {
    storeSession: vi.fn((_: unknown, _params: StoreSessionParams) => {}),
    clearSession: vi.fn(),
  };
  const driver = driveMachine(sessionMachine, {
    held: { loadMemberInfo: heldPromise<MemberInfo>() },
    provide: { actions: effects },
    input: { token, cpw },
  });
  return { ...driver, effects, load: driver.held.loadMemberInfo };
}

describe('sessionMachine', () => {
  it('without a stored token: a visitor, no member info call, nothing cleared', () => {
    const { load, effects, expectState } = start(null);
    expectState('visitor');
    expect(load.calls).toEqual([]);
    expect(effects.clearSession).not.toHaveBeenCalled();
  });

  it('with a stored token: member info first, then the role from the member type', async () => {
    const { load, effects, expectState, expectContext, snapshot } = start('tok-stored', true);
    expectState('loadingMember');
    expect(snapshot().hasTag('busy')).toBe(true);
    const agent = memberFixture(41, 'agent41');
    await load.resolve(agent);
    // The stored cpw flag: not a member until the password is changed.
    expectState('passwordChange');
    expectContext({ isAgent: true, isTrial: false, cpw: true });
    expect(paramsOf(effects.storeSession)).toEqual([
      { token: null, member: agent, isAgent: true, cpw: true },
    ]);
  });

  it('with a stored token and no password change due: a member at once', async () => {
    const { load, expectState } = start('tok-stored', false);
    await load.resolve(playerMember);
    expectState({ member: 'player' });
  });

  it.each(['not_logged_in', 'session_expired'])(
    'a stored token the server answers %s for is cleared',
    async (code) => {
      const { load, effects, expectState, expectContext } = start('tok-stale');
      await load.reject(failureFixture(code, 'Please log in.'));
      expectState('visitor');
      expectContext({ hasToken: false });
      expect(effects.clearSession).toHaveBeenCalledTimes(1);
    },
  );

  it('a network failure keeps the token and offers a retry', async () => {
    const { load, effects, send, expectState, expectContext } = start('tok-stored');
    await load.reject(networkFailure);
    expectState('memberUnavailable');
    expectContext({ hasToken: true });
    expect(effects.clearSession).not.toHaveBeenCalled();
    send({ type: 'user.retry' });
    expect(load.calls).toHaveLength(2);
    await load.resolve(playerMember);
    expectState({ member: 'player' });
  });

  it('a login stores the session with the new token; a trial account is marked', () => {
    const { effects, send, expectState, expectContext } = start(null);
    send({ type: 'app.loggedIn', token: 'tok-trial', member: trialMember, cpw: false });
    expectState({ member: 'trial' });
    expectContext({ isTrial: true, isAgent: false });
    expect(paramsOf(effects.storeSession)).toEqual([
      { token: 'tok-trial', member: trialMember, isAgent: false, cpw: false },
    ]);
  });

  it('a login whose password must change is a member only after the change', () => {
    const { effects, send, expectState, expectContext } = start(null);
    send({ type: 'app.loggedIn', token: 'tok-1', member: null, cpw: true });
    expectState('passwordChange');
    send({ type: 'realtime.balance', balance: '100' });
    expectContext({ balance: null });
    send({ type: 'app.memberLoaded', member: memberFixture(2, 'agent02') });
    expectState('passwordChange');
    expect(paramsOf(effects.storeSession).at(-1)).toMatchObject({ isAgent: true, cpw: true });
    send({ type: 'app.passwordChanged' });
    expectState({ member: 'agent' });
    expectContext({ cpw: false });
    expect(paramsOf(effects.storeSession).at(-1)).toMatchObject({ isAgent: true, cpw: false });
  });

  it('member info arriving later chooses the role', () => {
    const { send, expectState } = start(null);
    send({ type: 'app.loggedIn', token: 'tok-1', member: null, cpw: false });
    expectState({ member: 'player' });
    send({ type: 'app.memberLoaded', member: memberFixture(2, 'agent02') });
    expectState({ member: 'agent' });
  });

  it('logging out clears the session and the member', () => {
    const { effects, send, expectState, expectContext } = start(null);
    send({ type: 'app.loggedIn', token: 'tok-1', member: playerMember, cpw: false });
    send({ type: 'app.loggedOut' });
    expectState('visitor');
    expectContext({ hasToken: false, member: null, isAgent: false });
    expect(effects.clearSession).toHaveBeenCalledTimes(1);
  });

  it('a member takes balance, unread count and notifications from the real-time channel', () => {
    const { send, expectContext, context } = start(null);
    send({ type: 'realtime.balance', balance: '100' });
    expectContext({ balance: null });
    send({ type: 'app.loggedIn', token: 'tok-1', member: playerMember, cpw: false });
    send({ type: 'realtime.balance', balance: '125050' });
    send({ type: 'realtime.unread', count: 2 });
    send({ type: 'realtime.notification', notification: depositArrived });
    const second = { ...depositArrived, id: 'n-2', kind: 'withdrawApproved' as const, seq: 5 };
    send({ type: 'realtime.notification', notification: second });
    send({ type: 'realtime.notification', notification: depositArrived });
    expectContext({ balance: '125050', unread: 2 });
    expect(context().notifications.map((n) => n.id)).toEqual([depositArrived.id, 'n-2']);
    send({ type: 'user.dismissNotification', id: depositArrived.id });
    expect(context().notifications.map((n) => n.id)).toEqual(['n-2']);
  });

  it(`keeps the newest ${keptNotifications} notifications; logging out or in clears the figures`, () => {
    const { send, expectContext, context } = start(null);
    send({ type: 'app.loggedIn', token: 'tok-1', member: playerMember, cpw: false });
    for (let i = 0; i < keptNotifications + 5; i += 1) {
      send({
        type: 'realtime.notification',
        notification: { ...depositArrived, id: `n-${i}`, seq: i + 1 },
      });
    }
    const kept = context().notifications;
    expect(kept).toHaveLength(keptNotifications);
    expect(kept[0]?.id).toBe(`n-${keptNotifications + 4}`);
    send({ type: 'realtime.balance', balance: '5' });
    send({ type: 'app.loggedOut' });
    expectContext({ balance: null, unread: null });
    expect(context().notifications).toEqual([]);
    send({ type: 'app.loggedIn', token: 'tok-2', member: playerMember, cpw: false });
    send({ type: 'realtime.unread', count: 1 });
    send({ type: 'app.loggedIn', token: 'tok-3', member: trialMember, cpw: false });
    expectContext({ unread: null });
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
