import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { memberCenterPageKeys } from '../../src/contract/member-center.ts';
import { memberCenterMachine, realAccountPages } from '../../src/machines/member-center.machine.ts';

function start() {
  const effects = { clearPointsMallHandoff: vi.fn(), askToRegisterFirst: vi.fn() };
  const actor = createActor(memberCenterMachine.provide({ actions: effects })).start();
  return { actor, effects };
}

describe('memberCenterMachine', () => {
  it('opens on securityCenter when no page is named, and on the named page otherwise', () => {
    const { actor } = start();
    actor.send({ type: 'user.open' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.page).toBe('securityCenter');
    actor.send({ type: 'user.close' });
    actor.send({ type: 'user.open', page: 'transactionHistory' });
    expect(actor.getSnapshot().context.page).toBe('transactionHistory');
  });

  it('moves between pages while open and clears the points-mall handoff on close only', () => {
    const { actor, effects } = start();
    actor.send({ type: 'user.open', page: 'depositv2' });
    actor.send({ type: 'user.selectPage', page: 'messageV2' });
    expect(actor.getSnapshot().context.page).toBe('messageV2');
    expect(effects.clearPointsMallHandoff).not.toHaveBeenCalled();
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(effects.clearPointsMallHandoff).toHaveBeenCalledTimes(1);
  });

  it('a sign-out closes it and clears the handoff', () => {
    const { actor, effects } = start();
    actor.send({ type: 'user.open' });
    actor.send({ type: 'app.loggedOut' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(effects.clearPointsMallHandoff).toHaveBeenCalledTimes(1);
  });

  it.each(realAccountPages)('a trial account asking for %s is asked to register first', (page) => {
    const { actor, effects } = start();
    actor.send({ type: 'app.accountChanged', isTrial: true });
    actor.send({ type: 'user.open', page });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(effects.askToRegisterFirst).toHaveBeenCalledTimes(1);
    actor.send({ type: 'user.open' });
    actor.send({ type: 'user.selectPage', page });
    expect(actor.getSnapshot().context.page).toBe('securityCenter');
    expect(effects.askToRegisterFirst).toHaveBeenCalledTimes(2);
  });

  it('a trial account opens the other pages; a registered account opens every page', () => {
    const { actor, effects } = start();
    actor.send({ type: 'app.accountChanged', isTrial: true });
    const open = memberCenterPageKeys.filter((page) => !realAccountPages.includes(page));
    for (const page of open) {
      actor.send({ type: 'user.open', page });
      expect(actor.getSnapshot().context.page).toBe(page);
    }
    actor.send({ type: 'app.accountChanged', isTrial: false });
    for (const page of memberCenterPageKeys) {
      actor.send({ type: 'user.selectPage', page });
      expect(actor.getSnapshot().context.page).toBe(page);
    }
    expect(effects.askToRegisterFirst).not.toHaveBeenCalled();
  });

  it('keeps badge counts of the badged entries only, never below zero', () => {
    const { actor } = start();
    actor.send({ type: 'app.countChanged', page: 'messageV2', count: 3 });
    actor.send({ type: 'app.countChanged', page: 'rewardCenter', count: -1 });
    actor.send({ type: 'app.countChanged', page: 'depositv2', count: 5 });
    expect(actor.getSnapshot().context.counts).toEqual({ messageV2: 3, rewardCenter: 0 });
  });
});
