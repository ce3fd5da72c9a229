import { describe, expect, it } from 'vitest';
import { loyaltyClaimMachine } from '../../src/machines/loyalty-claim.machine.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

function start() {
  const driver = driveMachine(loyaltyClaimMachine, {
    held: { submit: heldPromise<unknown, { request: unknown }>() },
  });
  return { ...driver, submit: driver.held.submit };
}

describe('loyaltyClaimMachine', () => {
  it('submits once while busy and keeps the answer', async () => {
    const { submit, send, context, expectState, snapshot } = start();
    expectState('idle');
    send({ type: 'user.submit', request: { gameType: 'RNG' } });
    send({ type: 'user.submit', request: { gameType: 'LIVE' } });
    expect(snapshot().hasTag('busy')).toBe(true);
    expect(submit.calls).toEqual([{ request: { gameType: 'RNG' } }]);
    await submit.resolve({ amount: '178', postings: 2 });
    expectState('done');
    expect(context().result).toEqual({ amount: '178', postings: 2 });
    send({ type: 'user.reset' });
    expectState('idle');
  });

  it("a failure shows the server's message and may be tried again", async () => {
    const { submit, send, context, expectState } = start();
    send({ type: 'user.submit', request: {} });
    await submit.reject(new Error('There is no rebate to claim.'));
    expectState('failed');
    expect(context().error).toBe('There is no rebate to claim.');
    send({ type: 'user.submit', request: {} });
    expectState('submitting');
    expect(context().error).toBeNull();
  });
});
