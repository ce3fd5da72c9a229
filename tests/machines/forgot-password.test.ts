import { describe, expect, it, vi } from 'vitest';
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
import { driveMachine, paramsOf } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

function start(mobileEnabled = true, token: string | null = null) {
  const effects = {
    showFieldErrors: vi.fn((_: unknown, _params: { form: ForgotPasswordForm }) => {}),
    storeToken: vi.fn((_: unknown, _params: { token: string; cpw: boolean }) => {}),
  };
  const driver = driveMachine(forgotPasswordMachine, {
    held: {
      requestEmailReset: heldPromise<void, EmailResetForm>(),
      submitPhoneReset: heldPromise<{ username: string }, PhoneResetForm>(),
      autoLogin: heldPromise<LoginResult, { username: string; password: string }>(),
      submitLinkReset: heldPromise<void, LinkResetForm & { token: string }>(),
    },
    provide: {
      actions: effects,
      guards: {
        isFormValid: (_, params: { form: ForgotPasswordForm }) => isForgotFormValid(params.form),
      },
    },
    input: { mobileEnabled, resetToken: token },
  });
  return { ...driver, effects };
}

describe('forgotPasswordMachine', () => {
  it('the mobile tab is there only with FORGETMOBILE', () => {
    const off = start(false);
    off.send({ type: 'user.selectTab', tab: 'mobile' });
    off.expectToBeIn('email');
    const on = start(true);
    on.send({ type: 'user.selectTab', tab: 'mobile' });
    on.expectToBeIn({ mobile: 'editing' });
  });

  it('by e-mail: the reset mail, then the confirmation message', async () => {
    const { held, send, expectState, expectOutput } = start();
    send({ type: 'user.submitEmail', form: emailForm });
    expect(held.requestEmailReset.calls).toEqual([emailForm]);
    await held.requestEmailReset.resolve(undefined);
    expectState('emailSent');
    expectOutput({ outcome: 'emailSent' });
  });

  it('by e-mail: an unknown address stays on the form with the message', async () => {
    const { held, send, expectToBeIn, expectContext } = start();
    send({ type: 'user.submitEmail', form: emailForm });
    await held.requestEmailReset.reject(failureFixture('email_not_found', 'No such e-mail.'));
    expectToBeIn({ email: 'editing' });
    expectContext({ failure: { code: 'email_not_found' } });
  });

  it('by phone: new password with the code, then an automatic login and home', async () => {
    const { held, effects, send, expectContext, expectOutput } = start();
    send({ type: 'user.selectTab', tab: 'mobile' });
    send({ type: 'user.codeSent' });
    expectContext({ codeSent: true });
    send({ type: 'user.submitPhone', form: phoneForm });
    expect(held.submitPhoneReset.calls).toEqual([phoneForm]);
    await held.submitPhoneReset.resolve({ username: 'player01' });
    expect(held.autoLogin.calls).toEqual([{ username: 'player01', password: 'Better123' }]);
    await held.autoLogin.resolve(loginResultFixture());
    expect(paramsOf(effects.storeToken)).toEqual([{ token: 'tok-1f9c', cpw: false }]);
    expectOutput({ outcome: 'home' });
  });

  it('by phone: a wrong code stays on the form; no login is tried', async () => {
    const { held, send, expectToBeIn, expectContext } = start();
    send({ type: 'user.selectTab', tab: 'mobile' });
    send({ type: 'user.submitPhone', form: phoneForm });
    await held.submitPhoneReset.reject(failureFixture('sms_invalid_code', 'Wrong code.'));
    expectToBeIn({ mobile: 'editing' });
    expectContext({ failure: { message: 'Wrong code.' } });
    expect(held.autoLogin.calls).toEqual([]);
  });

  it('by phone: when the automatic login fails the player is sent to log in', async () => {
    const { held, effects, send, expectState, expectOutput } = start();
    send({ type: 'user.selectTab', tab: 'mobile' });
    send({ type: 'user.submitPhone', form: phoneForm });
    await held.submitPhoneReset.resolve({ username: 'player01' });
    await held.autoLogin.reject(networkFailure);
    expectState('loginRequired');
    expectOutput({ outcome: 'login' });
    expect(effects.storeToken).not.toHaveBeenCalled();
  });

  it('an invalid form shows field errors and calls nothing', () => {
    const { held, effects, send, expectToBeIn, expectContext } = start();
    send({ type: 'user.submitEmail', form: { ...emailForm, email: '' } });
    expectToBeIn({ email: 'editing' });
    expectContext({ invalid: true });
    expect(effects.showFieldErrors).toHaveBeenCalledTimes(1);
    expect(held.requestEmailReset.calls).toEqual([]);
  });

  it('without a token the flow opens on the e-mail tab', () => {
    const { expectToBeIn } = start(true, '');
    expectToBeIn({ email: 'editing' });
  });

  it("reset link: the new password with the link's token, then the way to log in", async () => {
    const { held, send, expectToBeIn, expectState, expectOutput, snapshot } = start(
      true,
      resetToken,
    );
    expectToBeIn({ link: 'editing' });
    send({ type: 'user.submitReset', form: linkForm });
    expect(snapshot().hasTag('busy')).toBe(true);
    expect(held.submitLinkReset.calls).toEqual([{ ...linkForm, token: resetToken }]);
    await held.submitLinkReset.resolve(undefined);
    expectState('linkDone');
    expectOutput({ outcome: 'passwordReset' });
  });

  it('reset link: a differing confirmation shows field errors and calls nothing', () => {
    const { held, effects, send, expectToBeIn, expectContext } = start(true, resetToken);
    const form = { ...linkForm, confirmNewPassword: 'Other789' };
    send({ type: 'user.submitReset', form });
    expectToBeIn({ link: 'editing' });
    expectContext({ invalid: true });
    expect(paramsOf(effects.showFieldErrors)).toEqual([{ form }]);
    expect(held.submitLinkReset.calls).toEqual([]);
  });

  it("reset link: a dead link shows the server's message, then a new e-mail can be asked", async () => {
    const { held, send, expectToBeIn, expectContext, expectOutput, context } = start(
      true,
      resetToken,
    );
    send({ type: 'user.submitReset', form: linkForm });
    await held.submitLinkReset.reject(
      failureFixture('reset_token_invalid', 'This link is no longer valid.'),
    );
    expectToBeIn({ link: 'tokenInvalid' });
    expect(context().failure).toEqual({
      code: 'reset_token_invalid',
      message: 'This link is no longer valid.',
    });
    send({ type: 'user.submitReset', form: linkForm });
    expect(held.submitLinkReset.calls).toHaveLength(1);
    send({ type: 'user.requestNewLink' });
    expectToBeIn({ email: 'editing' });
    expectContext({ failure: null, resetToken: null });
    send({ type: 'user.submitEmail', form: emailForm });
    await held.requestEmailReset.resolve(undefined);
    expectOutput({ outcome: 'emailSent' });
  });

  it('reset link: another failure stays on the form to try again', async () => {
    const { held, send, expectToBeIn, expectState, expectContext } = start(true, resetToken);
    send({ type: 'user.submitReset', form: linkForm });
    await held.submitLinkReset.reject(networkFailure);
    expectToBeIn({ link: 'editing' });
    expectContext({ failure: { code: 'network_error' } });
    send({ type: 'user.submitReset', form: linkForm });
    await held.submitLinkReset.resolve(undefined);
    expectState('linkDone');
  });

  it('reset link: the e-mail form can be asked from the link form too', () => {
    const { send, expectToBeIn } = start(true, resetToken);
    send({ type: 'user.requestNewLink' });
    expectToBeIn({ email: 'editing' });
  });
});
