import { describe, expect, it, vi } from 'vitest';
import { memberCenterPageKeys } from '../../src/contract/member-center.ts';
import { memberCenterMachine, realAccountPages } from '../../src/machines/member-center.machine.ts';
import { driveMachine } from '../support/machine-driver.ts';

function start() {
  const effects = { clearPointsMallHandoff: vi.fn(), askToRegisterFirst: vi.fn() };
  const driver = driveMachine(memberCenterMachine, { provide: { actions: effects } });
  return { ...driver, effects };
}

describe('memberCenterMachine', () => {
  it('opens on securityCenter when no page is named, and on the named page otherwise', () => {
    const { send, expectState, expectContext } = start();
    send({ type: 'user.open' });
    expectState('open');
    expectContext({ page: 'securityCenter' });
    send({ type: 'user.close' });
    send({ type: 'user.open', page: 'transactionHistory' });
    expectContext({ page: 'transactionHistory' });
  });

  it('moves between pages while open and clears the points-mall handoff on close only', () => {
    const { effects, send, expectState, expectContext } = start();
    send({ type: 'user.open', page: 'depositv2' });
    send({ type: 'user.selectPage', page: 'messageV2' });
    expectContext({ page: 'messageV2' });
    expect(effects.clearPointsMallHandoff).not.toHaveBeenCalled();
    send({ type: 'user.close' });
    expectState('closed');
    expect(effects.clearPointsMallHandoff).toHaveBeenCalledTimes(1);
  });

  it('a sign-out closes it and clears the handoff', () => {
    const { effects, send, expectState } = start();
    send({ type: 'user.open' });
    send({ type: 'app.loggedOut' });
    expectState('closed');
    expect(effects.clearPointsMallHandoff).toHaveBeenCalledTimes(1);
  });

  it.each(realAccountPages)('a trial account asking for %s is asked to register first', (page) => {
    const { effects, send, expectState } = start();
    send({ type: 'app.accountChanged', isTrial: true });
    send({ type: 'user.open', page });
    expectState('closed');
    expect(effects.askToRegisterFirst).toHaveBeenCalledTimes(1);
    send({ type: 'user.open' });
    expectState('closed');
    expect(effects.askToRegisterFirst).toHaveBeenCalledTimes(2);
  });

  it('a trial account opens no page at all (spec section 6); a registered account opens every page', () => {
    const { effects, send, expectState, expectContext } = start();
    expect([...realAccountPages].sort()).toEqual([...memberCenterPageKeys].sort());
    send({ type: 'app.accountChanged', isTrial: true });
    for (const page of ['securityCenter', 'messageV2', 'transactionHistory'] as const) {
      send({ type: 'user.open', page });
      expectState('closed');
    }
    send({ type: 'user.open' });
    expectState('closed');
    expect(effects.askToRegisterFirst).toHaveBeenCalledTimes(4);
    send({ type: 'app.accountChanged', isTrial: false });
    send({ type: 'user.open' });
    for (const page of memberCenterPageKeys) {
      send({ type: 'user.selectPage', page });
      expectContext({ page: page });
    }
    expect(effects.askToRegisterFirst).toHaveBeenCalledTimes(4);
  });

  it('keeps badge counts of the badged entries only, never below zero', () => {
    const { send, context } = start();
    send({ type: 'app.countChanged', page: 'messageV2', count: 3 });
    send({ type: 'app.countChanged', page: 'rewardCenter', count: -1 });
    send({ type: 'app.countChanged', page: 'depositv2', count: 5 });
    expect(context().counts).toEqual({ messageV2: 3, rewardCenter: 0 });
  });
});
