import { describe, expect, it, vi } from 'vitest';
import {
  changePasswordMachine,
  type ChangePasswordForm,
  type ChangePasswordInput,
  type ChangePasswordPayload,
} from '../../src/machines/change-password.machine.ts';
import { isChangePasswordFormValid } from '../../models/change-password.model.ts';
import { failureFixture } from '../../models/session.model.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

function start(input: ChangePasswordInput) {
  const effects = {
    showFieldErrors: vi.fn(),
    reloadLoginInfo: vi.fn(),
  };
  const driver = driveMachine(changePasswordMachine, {
    held: { submitPasswordChange: heldPromise<void, { payload: ChangePasswordPayload }>() },
    provide: {
      actions: effects,
      guards: {
        isFormValid: (_, params: { form: ChangePasswordForm; askCurrentPassword: boolean }) =>
          isChangePasswordFormValid(params.form, params.askCurrentPassword),
      },
    },
    input,
  });
  return { ...driver, effects, submit: driver.held.submitPasswordChange };
}

const newPassword = { newPassword: 'Better123', confirmNewPassword: 'Better123' };

describe('changePasswordMachine', () => {
  it('after a login the held password is sent; the current-password field is not asked', async () => {
    const { submit, effects, send, expectContext, snapshot } = start({
      reason: 'firstLogin',
      username: 'player01',
      heldPassword: 'Welcome123',
    });
    expectContext({ askCurrentPassword: false });
    send({ type: 'user.submit', form: newPassword });
    expect(snapshot().hasTag('busy')).toBe(true);
    expect(submit.calls).toEqual([{ payload: { oldPassword: 'Welcome123', ...newPassword } }]);
    await submit.resolve(undefined);
    expect(effects.reloadLoginInfo).toHaveBeenCalledTimes(1);
    expect(snapshot().status).toBe('done');
    expect(snapshot().output).toEqual({ outcome: 'home' });
  });

  it('a forced change after a reload (no password held) asks and sends no current one', async () => {
    const { submit, send, expectContext } = start({
      reason: 'firstLogin',
      username: 'player01',
      heldPassword: null,
    });
    expectContext({ askCurrentPassword: false });
    send({ type: 'user.submit', form: newPassword });
    expect(submit.calls).toEqual([{ payload: newPassword }]);
    await submit.resolve(undefined);
  });

  it('a voluntary change asks the current password and requires it', () => {
    const { submit, effects, send, expectState, expectContext } = start({
      reason: 'voluntary',
      username: null,
      heldPassword: null,
    });
    expectContext({ askCurrentPassword: true });
    send({ type: 'user.submit', form: newPassword });
    expectState('editing');
    expectContext({ invalid: true });
    expect(effects.showFieldErrors).toHaveBeenCalledTimes(1);
    expect(submit.calls).toEqual([]);
    send({ type: 'user.submit', form: { oldPassword: 'secret99', ...newPassword } });
    expect(submit.calls).toEqual([{ payload: { oldPassword: 'secret99', ...newPassword } }]);
  });

  it('a failure shows the message only and keeps the popup', async () => {
    const { submit, effects, send, expectState, context } = start({
      reason: 'expired',
      username: 'player01',
      heldPassword: 'old',
    });
    send({ type: 'user.submit', form: newPassword });
    await submit.reject(failureFixture('password_wrong', 'The current password is wrong.'));
    expectState('editing');
    expect(context().failure).toEqual({
      code: 'password_wrong',
      message: 'The current password is wrong.',
    });
    expect(effects.reloadLoginInfo).not.toHaveBeenCalled();
  });

  it('a forced change cannot be closed; a voluntary one can', () => {
    const forced = start({ reason: 'expired', username: 'player01', heldPassword: 'old' });
    forced.send({ type: 'user.close' });
    expect(forced.snapshot().value).toBe('editing');
    const voluntary = start({ reason: 'voluntary', username: 'player01', heldPassword: null });
    voluntary.send({ type: 'user.close' });
    expect(voluntary.snapshot().output).toEqual({ outcome: 'closed' });
  });
});
