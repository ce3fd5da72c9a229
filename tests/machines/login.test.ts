import { describe, expect, it, vi } from 'vitest';
import type { LoginPayload, LoginResult, MemberInfo } from '../../src/contract/identity.ts';
import {
  loginMachine,
  type LoginForm,
  type LoginInput,
  type SecondFactor,
} from '../../src/machines/login.machine.ts';
import {
  defaultPassword,
  defaultPasswordForm,
  isLoginFormValid,
  passwordForm,
  smsForm,
} from '../../models/login.model.ts';
import { failureFixture, loginResultFixture, playerMember } from '../../models/session.model.ts';
import { driveMachine, paramsOf } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

const baseInput: LoginInput = {
  smsLoginEnabled: true,
  freePlayEnabled: true,
  socialProviders: ['google'],
  defaultPassword,
};

function start(input: Partial<LoginInput> = {}) {
  const effects = {
    showFieldErrors: vi.fn((_: unknown, _params: { form: LoginForm }) => {}),
    refreshCaptcha: vi.fn(),
    storeToken: vi.fn((_: unknown, _params: { token: string; cpw: boolean }) => {}),
    runFirstLoginAction: vi.fn(),
    storeLoginInfo: vi.fn((_: unknown, _params: { member: MemberInfo }) => {}),
    forgetRemembered: vi.fn(),
  };
  const driver = driveMachine(loginMachine, {
    held: {
      verifyHuman: heldPromise<string>(),
      submitLogin: heldPromise<LoginResult, { payload: LoginPayload }>(),
      verifySecondFactor: heldPromise<
        LoginResult,
        { challengeId: string; factor: SecondFactor; code: string }
      >(),
      sendSecondFactorCode: heldPromise<
        { expiredMinutes: number },
        { challengeId: string; factor: 'sms' | 'email' }
      >(),
      submitFreePlay: heldPromise<LoginResult>(),
      submitRemembered: heldPromise<LoginResult>(),
      startSocialLogin: heldPromise<void, { provider: 'google' | 'facebook' }>(),
      loadLoginInfo: heldPromise<MemberInfo>(),
    },
    provide: {
      actions: effects,
      guards: { isFormValid: (_, params: { form: LoginForm }) => isLoginFormValid(params.form) },
    },
    input: { ...baseInput, ...input },
  });
  /** Submits a password form through the human verification. */
  const submitPassword = async (form: LoginForm = passwordForm) => {
    driver.send({ type: 'user.submit', form });
    await driver.held.verifyHuman.resolve('altcha-proof');
  };
  return { ...driver, effects, submitPassword };
}

describe('loginMachine', () => {
  it('shows the SMS tab only when SMS login is enabled', () => {
    const off = start({ smsLoginEnabled: false });
    off.send({ type: 'user.selectTab', tab: 'sms' });
    off.expectContext({ tab: 'username' });
    const on = start();
    on.send({ type: 'user.selectTab', tab: 'sms' });
    on.expectContext({ tab: 'sms' });
  });

  it('an invalid form stays on the form with field errors and calls nothing', () => {
    const { held, effects, send, expectState, expectContext } = start();
    const form = { ...passwordForm, username: '' };
    send({ type: 'user.submit', form });
    expectState('idle');
    expectContext({ invalid: true });
    expect(paramsOf(effects.showFieldErrors)).toEqual([{ form }]);
    expect(held.verifyHuman.calls).toEqual([]);
    expect(held.submitLogin.calls).toEqual([]);
  });

  it('a password login passes the human verification answer to the login call', async () => {
    const { held, send, expectState, snapshot } = start();
    send({ type: 'user.submit', form: passwordForm });
    expectState('challenge');
    expect(snapshot().hasTag('busy')).toBe(true);
    await held.verifyHuman.resolve('altcha-proof');
    expect(held.submitLogin.calls).toEqual([
      { payload: { ...passwordForm, humanVerification: 'altcha-proof' } },
    ]);
  });

  it('an SMS login skips the human verification', () => {
    const { held, send, expectState } = start();
    send({ type: 'user.selectTab', tab: 'sms' });
    send({ type: 'user.submit', form: smsForm });
    expectState('submitting');
    expect(held.verifyHuman.calls).toEqual([]);
    expect(held.submitLogin.calls).toEqual([{ payload: smsForm }]);
  });

  it('captcha_required shows and refreshes the captcha; later failures refresh it again', async () => {
    const { held, effects, submitPassword, expectState, expectContext, context, snapshot } =
      start();
    await submitPassword();
    await held.submitLogin.reject(failureFixture('captcha_required', 'Please enter the captcha.'));
    expectState('idle');
    expect(snapshot().hasTag('busy')).toBe(false);
    expectContext({ captchaRequired: true });
    expect(context().failure).toEqual({
      code: 'captcha_required',
      message: 'Please enter the captcha.',
    });
    expect(effects.refreshCaptcha).toHaveBeenCalledTimes(1);

    await submitPassword({ ...passwordForm, captcha: 'x7k2' });
    expect(held.submitLogin.calls.at(-1)?.payload.captcha).toBe('x7k2');
    await held.submitLogin.reject(
      failureFixture('invalid_credentials', 'The username or password is wrong.'),
    );
    expectContext({ captchaRequired: true, failure: { code: 'invalid_credentials' } });
    expect(effects.refreshCaptcha).toHaveBeenCalledTimes(2);
  });

  it('a failed login whose reply says the next try needs the captcha shows it before that try', async () => {
    const { held, effects, submitPassword, expectState, expectContext } = start();
    await submitPassword();
    await held.submitLogin.reject({
      ...failureFixture('invalid_credentials', 'The username or password is wrong.'),
      detail: { captchaRequired: true },
    });
    expectState('idle');
    expectContext({ captchaRequired: true, failure: { code: 'invalid_credentials' } });
    expect(effects.refreshCaptcha).toHaveBeenCalledTimes(1);
    // The next try carries the answer.
    await submitPassword({ ...passwordForm, captcha: 'x7k2' });
    expect(held.submitLogin.calls.at(-1)?.payload.captcha).toBe('x7k2');
  });

  it('a wrong password without a captcha only shows the message (loader hidden)', async () => {
    const { held, effects, submitPassword, expectState, expectContext, snapshot } = start();
    await submitPassword();
    await held.submitLogin.reject(
      failureFixture('error_not_agent', 'Only agents can log in here.'),
    );
    expectState('idle');
    expect(snapshot().hasTag('busy')).toBe(false);
    expectContext({
      captchaRequired: false,
      failure: { message: 'Only agents can log in here.' },
    });
    expect(effects.refreshCaptcha).not.toHaveBeenCalled();
  });

  it('an expired password forces the change for a password login, holding the password', async () => {
    const { held, effects, submitPassword, expectState, expectOutput } = start();
    await submitPassword();
    await held.submitLogin.resolve(loginResultFixture({ passwordExpired: true }));
    expectState('forcedPasswordChange');
    expectOutput({
      outcome: 'changePassword',
      reason: 'expired',
      password: passwordForm.password as string,
    });
    expect(paramsOf(effects.storeToken)).toEqual([{ token: 'tok-1f9c', cpw: true }]);
    expect(held.loadLoginInfo.calls).toEqual([]);
  });

  it('an expired password does not force the change for an SMS login', async () => {
    const { held, send, expectState } = start();
    send({ type: 'user.submit', form: smsForm });
    await held.submitLogin.resolve(loginResultFixture({ passwordExpired: true }));
    expectState('loadingLoginInfo');
  });

  it('the default password forces the change even when not expired', async () => {
    const { held, submitPassword, expectOutput } = start();
    await submitPassword(defaultPasswordForm);
    await held.submitLogin.resolve(loginResultFixture());
    expectOutput({
      outcome: 'changePassword',
      reason: 'defaultPassword',
      password: defaultPassword,
    });
  });

  it('a first-time login (the initial password) runs the first-login action, stores cpw and forces the change', async () => {
    const { held, effects, submitPassword, expectState, snapshot } = start();
    await submitPassword();
    await held.submitLogin.resolve(loginResultFixture({ firstTimeLogin: true }));
    expect(effects.runFirstLoginAction).toHaveBeenCalledTimes(1);
    expect(paramsOf(effects.storeToken)).toEqual([{ token: 'tok-1f9c', cpw: true }]);
    expectState('forcedPasswordChange');
    expect(snapshot().output).toMatchObject({
      outcome: 'changePassword',
      reason: 'defaultPassword',
    });
  });

  it('after login: login info, the after-login modal, then home', async () => {
    const { held, effects, submitPassword, send, expectState, expectContext, expectOutput } =
      start();
    await submitPassword();
    await held.submitLogin.resolve(loginResultFixture());
    expect(effects.runFirstLoginAction).not.toHaveBeenCalled();
    expect(paramsOf(effects.storeToken)).toEqual([{ token: 'tok-1f9c', cpw: false }]);
    await held.loadLoginInfo.resolve(playerMember);
    expectState('afterLogin');
    expect(paramsOf(effects.storeLoginInfo)).toEqual([{ member: playerMember }]);
    expectContext({ result: { previousLoginAt: '2026-05-01T10:00:00.000Z' } });
    send({ type: 'user.dismiss' });
    expectOutput({ outcome: 'home' });
  });

  it('a new IP asks for a second factor; the code goes with the challenge and chosen factor', async () => {
    const { held, effects, submitPassword, send, expectState, expectContext } = start();
    await submitPassword();
    await held.submitLogin.resolve(
      loginResultFixture({
        token: null,
        challenge: { challengeId: 'ch-42', factors: ['sms', 'totp'] },
      }),
    );
    expectState('secondFactor');
    expectContext({ factor: 'sms' });
    expect(effects.storeToken).not.toHaveBeenCalled();
    send({ type: 'user.selectFactor', factor: 'email' });
    expectContext({ factor: 'sms' });
    send({ type: 'user.selectFactor', factor: 'totp' });
    send({ type: 'user.submitCode', code: '000000' });
    expect(held.verifySecondFactor.calls).toEqual([
      { challengeId: 'ch-42', factor: 'totp', code: '000000' },
    ]);
    await held.verifySecondFactor.reject(
      failureFixture('two_factor_invalid', 'The code is wrong.'),
    );
    expectState('secondFactor');
    expectContext({ failure: { code: 'two_factor_invalid' } });
    send({ type: 'user.submitCode', code: '123456' });
    await held.verifySecondFactor.resolve(loginResultFixture());
    expect(paramsOf(effects.storeToken)).toEqual([{ token: 'tok-1f9c', cpw: false }]);
    expectState('loadingLoginInfo');
  });

  it('sends the SMS or e-mail code on request, never for the authenticator; a refusal stays on the step', async () => {
    const { held, submitPassword, send, expectState, expectContext, context, snapshot } = start();
    await submitPassword();
    await held.submitLogin.resolve(
      loginResultFixture({
        token: null,
        challenge: { challengeId: 'ch-7', factors: ['sms', 'email', 'totp'] },
      }),
    );
    send({ type: 'user.sendCode' });
    expectState('sendingSecondFactorCode');
    expect(snapshot().hasTag('busy')).toBe(true);
    expect(held.sendSecondFactorCode.calls).toEqual([{ challengeId: 'ch-7', factor: 'sms' }]);
    await held.sendSecondFactorCode.resolve({ expiredMinutes: 10 });
    expectState('secondFactor');
    expect(context().codeSent).toEqual({ factor: 'sms', expiredMinutes: 10 });

    send({ type: 'user.selectFactor', factor: 'email' });
    send({ type: 'user.sendCode' });
    await held.sendSecondFactorCode.reject(
      failureFixture('sms_too_many_requests', 'Too many requests.'),
    );
    expect(held.sendSecondFactorCode.calls.at(-1)).toEqual({
      challengeId: 'ch-7',
      factor: 'email',
    });
    expectState('secondFactor');
    expectContext({ failure: { code: 'sms_too_many_requests' } });

    send({ type: 'user.selectFactor', factor: 'totp' });
    send({ type: 'user.sendCode' });
    expectState('secondFactor');
    expect(held.sendSecondFactorCode.calls).toHaveLength(2);
  });

  it('free play logs in a trial account without a password change', async () => {
    const { held, effects, send, expectState, snapshot } = start();
    send({ type: 'user.freePlay' });
    expect(snapshot().hasTag('busy')).toBe(true);
    await held.submitFreePlay.resolve(
      loginResultFixture({ token: 'tok-trial', passwordExpired: true }),
    );
    expect(paramsOf(effects.storeToken)).toEqual([{ token: 'tok-trial', cpw: true }]);
    expectState('loadingLoginInfo');
  });

  it('remember-me logs the device in again; a spent cookie forgets it and keeps the form', async () => {
    const device = start();
    device.send({ type: 'user.continueRemembered' });
    expect(device.snapshot().hasTag('busy')).toBe(true);
    expect(device.held.verifyHuman.calls).toEqual([]);
    await device.held.submitRemembered.resolve(loginResultFixture({ token: 'tok-rmb' }));
    expect(paramsOf(device.effects.storeToken)).toEqual([{ token: 'tok-rmb', cpw: false }]);
    device.expectState('loadingLoginInfo');

    const spent = start();
    spent.send({ type: 'user.continueRemembered' });
    await spent.held.submitRemembered.reject(failureFixture('session_expired', 'Log in again.'));
    spent.expectState('idle');
    spent.expectContext({ failure: { code: 'session_expired' } });
    expect(spent.effects.forgetRemembered).toHaveBeenCalledTimes(1);
    spent.send({ type: 'user.forgetRemembered' });
    expect(spent.effects.forgetRemembered).toHaveBeenCalledTimes(2);
  });

  it('free play and social buttons do nothing when their modules are off', () => {
    const { held, send, expectState } = start({ freePlayEnabled: false, socialProviders: [] });
    send({ type: 'user.freePlay' });
    send({ type: 'user.social', provider: 'facebook' });
    expectState('idle');
    expect(held.submitFreePlay.calls).toEqual([]);
    expect(held.startSocialLogin.calls).toEqual([]);
  });

  it('social login starts the provider sign-in; a failure returns with the message', async () => {
    const { held, send, expectState, expectContext } = start();
    send({ type: 'user.social', provider: 'google' });
    expect(held.startSocialLogin.calls).toEqual([{ provider: 'google' }]);
    await held.startSocialLogin.reject(
      failureFixture('social_login_failed', 'Social login failed.'),
    );
    expectState('idle');
    expectContext({ failure: { code: 'social_login_failed' } });
  });
});
