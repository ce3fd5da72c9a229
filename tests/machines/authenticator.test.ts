import { describe, expect, it, vi } from 'vitest';
import {
  authenticatorMachine,
  type AuthenticatorSetup,
} from '../../src/machines/authenticator.machine.ts';
import { failureFixture } from '../../models/session.model.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

const setup: AuthenticatorSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Site:p?secret=JBSWY3DPEHPK3PXP',
};

function start() {
  const reloadMember = vi.fn();
  const driver = driveMachine(authenticatorMachine, {
    held: {
      loadStatus: heldPromise<{ bound: boolean }>(),
      submitSetup: heldPromise<AuthenticatorSetup, { password: string }>(),
      submitConfirm: heldPromise<{ bound: boolean }, { code: string }>(),
      submitUnbind: heldPromise<{ bound: boolean }, { password: string; code: string }>(),
    },
    provide: { actions: { reloadMember } },
  });
  const { loadStatus: load, submitSetup, submitConfirm, submitUnbind } = driver.held;
  return { ...driver, load, submitSetup, submitConfirm, submitUnbind, reloadMember };
}

describe('authenticatorMachine', () => {
  it('binds: the password goes to the setup only, the secret shows until the code binds', async () => {
    const {
      load,
      submitSetup,
      submitConfirm,
      reloadMember,
      send,
      context,
      expectState,
      expectContext,
    } = start();
    await load.resolve({ bound: false });
    send({ type: 'user.startBind' });
    send({ type: 'user.submitPassword', password: 'secret123' });
    expect(submitSetup.calls).toEqual([{ password: 'secret123' }]);
    await submitSetup.resolve(setup);
    expectState('confirming');
    expectContext({ setup, password: null });

    send({ type: 'user.submitCode', code: '12345' });
    expectContext({ failure: { code: 'two_factor_invalid' } });
    expect(submitConfirm.calls).toEqual([]);
    send({ type: 'user.submitCode', code: '123456' });
    expect(submitConfirm.calls).toEqual([{ code: '123456' }]);
    await submitConfirm.reject(failureFixture('two_factor_invalid', 'Wrong code.'));
    // The secret stays on screen for another try.
    expect(context().setup).toEqual(setup);
    send({ type: 'user.submitCode', code: '654321' });
    await submitConfirm.resolve({ bound: true });
    expectState('bound');
    expectContext({ setup: null });
    expect(reloadMember).toHaveBeenCalledTimes(1);
  });

  it('a wrong password at setup forgets it and asks again', async () => {
    const { load, submitSetup, send, expectState, expectContext } = start();
    await load.resolve({ bound: false });
    send({ type: 'user.startBind' });
    send({ type: 'user.submitPassword', password: 'wrong' });
    await submitSetup.reject(failureFixture('password_wrong', 'The current password is wrong.'));
    expectState('askingPassword');
    expectContext({
      password: null,
      failure: { code: 'password_wrong', message: 'The current password is wrong.' },
    });
  });

  it('unbinds with the password and a code, and reloads member info', async () => {
    const { load, submitUnbind, reloadMember, send, expectState, expectContext } = start();
    await load.resolve({ bound: true });
    send({ type: 'user.startUnbind' });
    send({ type: 'user.submitUnbind', password: '', code: '123456' });
    expectContext({ failure: { code: 'password_required' } });
    send({ type: 'user.submitUnbind', password: 'secret123', code: '123456' });
    expect(submitUnbind.calls).toEqual([{ password: 'secret123', code: '123456' }]);
    await submitUnbind.resolve({ bound: false });
    expectState('unbound');
    expect(reloadMember).toHaveBeenCalledTimes(1);
  });
});
