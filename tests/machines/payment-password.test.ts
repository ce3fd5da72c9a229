import { describe, expect, it } from 'vitest';
import { paymentPasswordMachine } from '../../src/machines/payment-password.machine.ts';
import { changeForm, setForm } from '../../models/payment-password.model.ts';
import { failureFixture } from '../../models/session.model.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

function start() {
  const driver = driveMachine(paymentPasswordMachine, {
    held: { submitPaymentPassword: heldPromise<unknown, { mode: string; form: unknown }>() },
  });
  return { ...driver, submit: driver.held.submitPaymentPassword };
}

describe('paymentPasswordMachine', () => {
  it('sets the first one: the form goes with its mode, then says it is saved', async () => {
    const { submit, send, expectState, snapshot } = start();
    send({ type: 'user.open', mode: 'set' });
    expectState('editing');
    send({ type: 'user.submit', form: setForm });
    expect(snapshot().hasTag('busy')).toBe(true);
    expect(submit.calls).toEqual([{ mode: 'set', form: setForm }]);
    await submit.resolve({ paymentPasswordSet: true });
    expectState('done');
    send({ type: 'user.close' });
    expectState('idle');
  });

  it('a refused change shows its reason on the form; a new try clears it', async () => {
    const { submit, send, expectState, expectContext } = start();
    send({ type: 'user.open', mode: 'change' });
    send({ type: 'user.submit', form: changeForm });
    await submit.reject(failureFixture('payment_password_wrong', 'Wrong.'));
    expectState('editing');
    expectContext({
      mode: 'change',
      failure: { code: 'payment_password_wrong', message: 'Wrong.' },
    });
    send({ type: 'user.submit', form: changeForm });
    expect(submit.calls).toHaveLength(2);
    await submit.resolve({ paymentPasswordSet: true });
    expectState('done');
    expectContext({ failure: null });
  });

  it('cancel closes the form and forgets the refusal; nothing is sent', async () => {
    const { submit, send, expectState, expectContext } = start();
    send({ type: 'user.open', mode: 'change' });
    send({ type: 'user.cancel' });
    expectState('idle');
    expect(submit.calls).toEqual([]);
    send({ type: 'user.open', mode: 'set' });
    send({ type: 'user.submit', form: setForm });
    await submit.reject(failureFixture('password_wrong', 'Wrong password.'));
    send({ type: 'user.cancel' });
    expectContext({ failure: null });
  });
});
