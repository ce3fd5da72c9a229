import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { LoginResult } from '../../src/contract/identity.ts';
import {
  forgotPasswordMachine,
  type EmailResetForm,
  type ForgotPasswordForm,
  type LinkResetForm,
  type PhoneResetForm,
} from '../../src/machines/forgot-password.machine.ts';
import {
  emailForm,
  isForgotFormValid,
  linkForm,
  phoneForm,
  resetToken,
} from '../../models/forgot-password.model.ts';
import { failureFixture, loginResultFixture, networkFailure } from '../../models/session.model.ts';
import { heldPromise } from '../support/model-actors.ts';

function start(mobileEnabled = true, token: string | null = null) {
  const effects = {
    showFieldErrors: vi.fn(),
    storeToken: vi.fn((_: unknown, _params: { token: string; cpw: boolean }) => {}),
  };
  const actors = {
    requestEmailReset: heldPromise<void, EmailResetForm>(),
    submitPhoneReset: heldPromise<{ username: string }, PhoneResetForm>(),
    autoLogin: heldPromise<LoginResult, { username: string; password: string }>(),
    submitLinkReset: heldPromise<void, LinkResetForm & { token: string }>(),
  };
  const actor = createActor(
    forgotPasswordMachine.provide({
      actions: effects,
      actors: {
        requestEmailReset: actors.requestEmailReset.logic,
        submitPhoneReset: actors.submitPhoneReset.logic,
        autoLogin: actors.autoLogin.logic,
        submitLinkReset: actors.submitLinkReset.logic,
      },
      guards: {
        isFormValid: (_, params: { form: ForgotPasswordForm }) => isForgotFormValid(params.form),
      },
    }),
    { input: { mobileEnabled, resetToken: token } },
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

  it('without a token the flow opens on the e-mail tab', () => {
    const { actor } = start(true, '');
    expect(actor.getSnapshot().matches({ email: 'editing' })).toBe(true);
  });

  it("reset link: the new password with the link's token, then the way to log in", async () => {
    const { actor, actors } = start(true, resetToken);
    expect(actor.getSnapshot().matches({ link: 'editing' })).toBe(true);
    actor.send({ type: 'user.submitReset', form: linkForm });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actors.submitLinkReset.calls).toEqual([{ ...linkForm, token: resetToken }]);
    await actors.submitLinkReset.resolve(undefined);
    expect(actor.getSnapshot().value).toBe('linkDone');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'passwordReset' });
  });

  it('reset link: a differing confirmation shows field errors and calls nothing', () => {
    const { actor, actors, effects } = start(true, resetToken);
    const form = { ...linkForm, confirmNewPassword: 'Other789' };
    actor.send({ type: 'user.submitReset', form });
    expect(actor.getSnapshot().matches({ link: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.invalid).toBe(true);
    expect(effects.showFieldErrors.mock.calls.map((call) => call[1])).toEqual([{ form }]);
    expect(actors.submitLinkReset.calls).toEqual([]);
  });

  it("reset link: a dead link shows the server's message, then a new e-mail can be asked", async () => {
    const { actor, actors } = start(true, resetToken);
    actor.send({ type: 'user.submitReset', form: linkForm });
    await actors.submitLinkReset.reject(
      failureFixture('reset_token_invalid', 'This link is no longer valid.'),
    );
    expect(actor.getSnapshot().matches({ link: 'tokenInvalid' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({
      code: 'reset_token_invalid',
      message: 'This link is no longer valid.',
    });
    actor.send({ type: 'user.submitReset', form: linkForm });
    expect(actors.submitLinkReset.calls).toHaveLength(1);
    actor.send({ type: 'user.requestNewLink' });
    expect(actor.getSnapshot().matches({ email: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, resetToken: null });
    actor.send({ type: 'user.submitEmail', form: emailForm });
    await actors.requestEmailReset.resolve(undefined);
    expect(actor.getSnapshot().output).toEqual({ outcome: 'emailSent' });
  });

  it('reset link: another failure stays on the form to try again', async () => {
    const { actor, actors } = start(true, resetToken);
    actor.send({ type: 'user.submitReset', form: linkForm });
    await actors.submitLinkReset.reject(networkFailure);
    expect(actor.getSnapshot().matches({ link: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.failure?.code).toBe('network_error');
    actor.send({ type: 'user.submitReset', form: linkForm });
    await actors.submitLinkReset.resolve(undefined);
    expect(actor.getSnapshot().value).toBe('linkDone');
  });

  it('reset link: the e-mail form can be asked from the link form too', () => {
    const { actor } = start(true, resetToken);
    actor.send({ type: 'user.requestNewLink' });
    expect(actor.getSnapshot().matches({ email: 'editing' })).toBe(true);
  });
});
