import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  authenticatorMachine,
  type AuthenticatorSetup,
} from '../../src/machines/authenticator.machine.ts';
import { failureFixture } from '../../models/session.model.ts';
import { heldPromise } from '../support/model-actors.ts';

const setup: AuthenticatorSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Site:p?secret=JBSWY3DPEHPK3PXP',
};

function start() {
  const reloadMember = vi.fn();
  const load = heldPromise<{ bound: boolean }>();
  const submitSetup = heldPromise<AuthenticatorSetup, { password: string }>();
  const submitConfirm = heldPromise<{ bound: boolean }, { code: string }>();
  const submitUnbind = heldPromise<{ bound: boolean }, { password: string; code: string }>();
  const actor = createActor(
    authenticatorMachine.provide({
      actions: { reloadMember },
      actors: {
        loadStatus: load.logic,
        submitSetup: submitSetup.logic,
        submitConfirm: submitConfirm.logic,
        submitUnbind: submitUnbind.logic,
      },
    }),
  ).start();
  return { actor, reloadMember, load, submitSetup, submitConfirm, submitUnbind };
}

describe('authenticatorMachine', () => {
  it('binds: the password goes to the setup only, the secret shows until the code binds', async () => {
    const { actor, load, submitSetup, submitConfirm, reloadMember } = start();
    await load.resolve({ bound: false });
    actor.send({ type: 'user.startBind' });
    actor.send({ type: 'user.submitPassword', password: 'secret123' });
    expect(submitSetup.calls).toEqual([{ password: 'secret123' }]);
    await submitSetup.resolve(setup);
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context).toMatchObject({ setup, password: null });

    actor.send({ type: 'user.submitCode', code: '12345' });
    expect(actor.getSnapshot().context.failure?.code).toBe('two_factor_invalid');
    expect(submitConfirm.calls).toEqual([]);
    actor.send({ type: 'user.submitCode', code: '123456' });
    expect(submitConfirm.calls).toEqual([{ code: '123456' }]);
    await submitConfirm.reject(failureFixture('two_factor_invalid', 'Wrong code.'));
    // The secret stays on screen for another try.
    expect(actor.getSnapshot().context.setup).toEqual(setup);
    actor.send({ type: 'user.submitCode', code: '654321' });
    await submitConfirm.resolve({ bound: true });
    expect(actor.getSnapshot().value).toBe('bound');
    expect(actor.getSnapshot().context.setup).toBeNull();
    expect(reloadMember).toHaveBeenCalledTimes(1);
  });

  it('a wrong password at setup forgets it and asks again', async () => {
    const { actor, load, submitSetup } = start();
    await load.resolve({ bound: false });
    actor.send({ type: 'user.startBind' });
    actor.send({ type: 'user.submitPassword', password: 'wrong' });
    await submitSetup.reject(failureFixture('password_wrong', 'The current password is wrong.'));
    expect(actor.getSnapshot().value).toBe('askingPassword');
    expect(actor.getSnapshot().context).toMatchObject({
      password: null,
      failure: { code: 'password_wrong', message: 'The current password is wrong.' },
    });
  });

  it('unbinds with the password and a code, and reloads member info', async () => {
    const { actor, load, submitUnbind, reloadMember } = start();
    await load.resolve({ bound: true });
    actor.send({ type: 'user.startUnbind' });
    actor.send({ type: 'user.submitUnbind', password: '', code: '123456' });
    expect(actor.getSnapshot().context.failure?.code).toBe('password_required');
    actor.send({ type: 'user.submitUnbind', password: 'secret123', code: '123456' });
    expect(submitUnbind.calls).toEqual([{ password: 'secret123', code: '123456' }]);
    await submitUnbind.resolve({ bound: false });
    expect(actor.getSnapshot().value).toBe('unbound');
    expect(reloadMember).toHaveBeenCalledTimes(1);
  });
});
