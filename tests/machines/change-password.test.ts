import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  changePasswordMachine,
  type ChangePasswordForm,
  type ChangePasswordInput,
  type ChangePasswordPayload,
} from '../../src/machines/change-password.machine.ts';
import { isChangePasswordFormValid } from '../../models/change-password.model.ts';
import { failureFixture } from '../../models/session.model.ts';
import { heldPromise } from '../support/model-actors.ts';

function start(input: ChangePasswordInput) {
  const effects = {
    showFieldErrors: vi.fn(),
    reloadLoginInfo: vi.fn(),
  };
  const submit = heldPromise<void, { payload: ChangePasswordPayload }>();
  const actor = createActor(
    changePasswordMachine.provide({
      actions: effects,
      actors: { submitPasswordChange: submit.logic },
      guards: {
        isFormValid: (_, params: { form: ChangePasswordForm; askCurrentPassword: boolean }) =>
          isChangePasswordFormValid(params.form, params.askCurrentPassword),
      },
    }),
    { input },
  ).start();
  return { actor, effects, submit };
}

const newPassword = { newPassword: 'Better123', confirmNewPassword: 'Better123' };

describe('changePasswordMachine', () => {
  it('after a login the held password is sent; the current-password field is not asked', async () => {
    const { actor, submit, effects } = start({
      reason: 'firstLogin',
      username: 'player01',
      heldPassword: 'Welcome123',
    });
    expect(actor.getSnapshot().context.askCurrentPassword).toBe(false);
    actor.send({ type: 'user.submit', form: newPassword });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(submit.calls).toEqual([{ payload: { oldPassword: 'Welcome123', ...newPassword } }]);
    await submit.resolve(undefined);
    expect(effects.reloadLoginInfo).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'home' });
  });

  it('without a held password the current one is asked and required', () => {
    const { actor, submit, effects } = start({
      reason: 'voluntary',
      username: null,
      heldPassword: null,
    });
    expect(actor.getSnapshot().context.askCurrentPassword).toBe(true);
    actor.send({ type: 'user.submit', form: newPassword });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.invalid).toBe(true);
    expect(effects.showFieldErrors).toHaveBeenCalledTimes(1);
    expect(submit.calls).toEqual([]);
    actor.send({ type: 'user.submit', form: { oldPassword: 'secret99', ...newPassword } });
    expect(submit.calls).toEqual([{ payload: { oldPassword: 'secret99', ...newPassword } }]);
  });

  it('a failure shows the message only and keeps the popup', async () => {
    const { actor, submit, effects } = start({
      reason: 'expired',
      username: 'player01',
      heldPassword: 'old',
    });
    actor.send({ type: 'user.submit', form: newPassword });
    await submit.reject(failureFixture('password_wrong', 'The current password is wrong.'));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.failure).toEqual({
      code: 'password_wrong',
      message: 'The current password is wrong.',
    });
    expect(effects.reloadLoginInfo).not.toHaveBeenCalled();
  });

  it('a forced change cannot be closed; a voluntary one can', () => {
    const forced = start({ reason: 'expired', username: 'player01', heldPassword: 'old' });
    forced.actor.send({ type: 'user.close' });
    expect(forced.actor.getSnapshot().value).toBe('editing');
    const voluntary = start({ reason: 'voluntary', username: 'player01', heldPassword: null });
    voluntary.actor.send({ type: 'user.close' });
    expect(voluntary.actor.getSnapshot().output).toEqual({ outcome: 'closed' });
  });
});
