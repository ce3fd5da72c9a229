import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { LoginResult } from '../../src/contract/identity.ts';
import {
  forgotPasswordMachine,
  type EmailResetForm,
  type PhoneResetForm,
} from '../../src/machines/forgot-password.machine.ts';
import { emailForm, isForgotFormValid, phoneForm } from '../../models/forgot-password.model.ts';
import { failureFixture, loginResultFixture, networkFailure } from '../../models/session.model.ts';
import { heldPromise } from '../support/model-actors.ts';

function start(mobileEnabled = true) {
  const effects = {
    showFieldErrors: vi.fn(),
    storeToken: vi.fn((_: unknown, _params: { token: string; cpw: boolean }) => {}),
  };
  const actors = {
    requestEmailReset: heldPromise<void, EmailResetForm>(),
    submitPhoneReset: heldPromise<{ username: string }, PhoneResetForm>(),
    autoLogin: heldPromise<LoginResult, { username: string; password: string }>(),
  };
  const actor = createActor(
    forgotPasswordMachine.provide({
      actions: effects,
      actors: {
        requestEmailReset: actors.requestEmailReset.logic,
        submitPhoneReset: actors.submitPhoneReset.logic,
        autoLogin: actors.autoLogin.logic,
      },
      guards: {
        isFormValid: (_, params: { form: EmailResetForm | PhoneResetForm }) =>
          isForgotFormValid(params.form),
      },
    }),
    { input: { mobileEnabled } },
  ).start();
  return { actor, effects, actors };
}

describe('forgotPasswordMachine', () => {
  it('the mobile tab is there only with FORGETMOBILE', () => {
    const off = start(false);
    off.actor.send({ type: 'user.selectTab', tab: 'mobile' });
    expect(off.actor.getSnapshot().matches('email')).toBe(true);
    const on = start(true);
    on.actor.send({ type: 'user.selectTab', tab: 'mobile' });
    expect(on.actor.getSnapshot().matches({ mobile: 'editing' })).toBe(true);
  });

  it('by e-mail: the reset mail, then the confirmation message', async () => {
    const { actor, actors } = start();
    actor.send({ type: 'user.submitEmail', form: emailForm });
    expect(actors.requestEmailReset.calls).toEqual([emailForm]);
    await actors.requestEmailReset.resolve(undefined);
    expect(actor.getSnapshot().value).toBe('emailSent');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'emailSent' });
  });

  it('by e-mail: an unknown address stays on the form with the message', async () => {
    const { actor, actors } = start();
    actor.send({ type: 'user.submitEmail', form: emailForm });
    await actors.requestEmailReset.reject(failureFixture('email_not_found', 'No such e-mail.'));
    expect(actor.getSnapshot().matches({ email: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.failure?.code).toBe('email_not_found');
  });

  it('by phone: new password with the code, then an automatic login and home', async () => {
    const { actor, actors, effects } = start();
    actor.send({ type: 'user.selectTab', tab: 'mobile' });
    actor.send({ type: 'user.codeSent' });
    expect(actor.getSnapshot().context.codeSent).toBe(true);
    actor.send({ type: 'user.submitPhone', form: phoneForm });
    expect(actors.submitPhoneReset.calls).toEqual([phoneForm]);
    await actors.submitPhoneReset.resolve({ username: 'player01' });
    expect(actors.autoLogin.calls).toEqual([{ username: 'player01', password: 'Better123' }]);
    await actors.autoLogin.resolve(loginResultFixture());
    expect(effects.storeToken.mock.calls.map((call) => call[1])).toEqual([
      { token: 'tok-1f9c', cpw: false },
    ]);
    expect(actor.getSnapshot().output).toEqual({ outcome: 'home' });
  });

  it('by phone: a wrong code stays on the form; no login is tried', async () => {
    const { actor, actors } = start();
    actor.send({ type: 'user.selectTab', tab: 'mobile' });
    actor.send({ type: 'user.submitPhone', form: phoneForm });
    await actors.submitPhoneReset.reject(failureFixture('sms_invalid_code', 'Wrong code.'));
    expect(actor.getSnapshot().matches({ mobile: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.failure?.message).toBe('Wrong code.');
    expect(actors.autoLogin.calls).toEqual([]);
  });

  it('by phone: when the automatic login fails the player is sent to log in', async () => {
    const { actor, actors, effects } = start();
    actor.send({ type: 'user.selectTab', tab: 'mobile' });
    actor.send({ type: 'user.submitPhone', form: phoneForm });
    await actors.submitPhoneReset.resolve({ username: 'player01' });
    await actors.autoLogin.reject(networkFailure);
    expect(actor.getSnapshot().value).toBe('loginRequired');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'login' });
    expect(effects.storeToken).not.toHaveBeenCalled();
  });

  it('an invalid form shows field errors and calls nothing', () => {
    const { actor, actors, effects } = start();
    actor.send({ type: 'user.submitEmail', form: { ...emailForm, email: '' } });
    expect(actor.getSnapshot().matches({ email: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.invalid).toBe(true);
    expect(effects.showFieldErrors).toHaveBeenCalledTimes(1);
    expect(actors.requestEmailReset.calls).toEqual([]);
  });
});
