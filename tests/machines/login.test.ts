import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
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
  const actors = {
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
  };
  const actor = createActor(
    loginMachine.provide({
      actions: effects,
      actors: {
        verifyHuman: actors.verifyHuman.logic,
        submitLogin: actors.submitLogin.logic,
        verifySecondFactor: actors.verifySecondFactor.logic,
        sendSecondFactorCode: actors.sendSecondFactorCode.logic,
        submitFreePlay: actors.submitFreePlay.logic,
        submitRemembered: actors.submitRemembered.logic,
        startSocialLogin: actors.startSocialLogin.logic,
        loadLoginInfo: actors.loadLoginInfo.logic,
      },
      guards: { isFormValid: (_, params: { form: LoginForm }) => isLoginFormValid(params.form) },
    }),
    { input: { ...baseInput, ...input } },
  ).start();
  const params = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((call) => call[1]);
  return { actor, effects, actors, params };
}

/** Submits a password form through the human verification. */
async function submitPassword(
  { actor, actors }: ReturnType<typeof start>,
  form: LoginForm = passwordForm,
) {
  actor.send({ type: 'user.submit', form });
  await actors.verifyHuman.resolve('altcha-proof');
}

describe('loginMachine', () => {
  it('shows the SMS tab only when SMS login is enabled', () => {
    const off = start({ smsLoginEnabled: false });
    off.actor.send({ type: 'user.selectTab', tab: 'sms' });
    expect(off.actor.getSnapshot().context.tab).toBe('username');
    const on = start();
    on.actor.send({ type: 'user.selectTab', tab: 'sms' });
    expect(on.actor.getSnapshot().context.tab).toBe('sms');
  });

  it('an invalid form stays on the form with field errors and calls nothing', () => {
    const { actor, actors, effects, params } = start();
    const form = { ...passwordForm, username: '' };
    actor.send({ type: 'user.submit', form });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.invalid).toBe(true);
    expect(params(effects.showFieldErrors)).toEqual([{ form }]);
    expect(actors.verifyHuman.calls).toEqual([]);
    expect(actors.submitLogin.calls).toEqual([]);
  });

  it('a password login passes the human verification answer to the login call', async () => {
    const session = start();
    session.actor.send({ type: 'user.submit', form: passwordForm });
    expect(session.actor.getSnapshot().value).toBe('challenge');
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(true);
    await session.actors.verifyHuman.resolve('altcha-proof');
    expect(session.actors.submitLogin.calls).toEqual([
      { payload: { ...passwordForm, humanVerification: 'altcha-proof' } },
    ]);
  });

  it('an SMS login skips the human verification', () => {
    const { actor, actors } = start();
    actor.send({ type: 'user.selectTab', tab: 'sms' });
    actor.send({ type: 'user.submit', form: smsForm });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actors.verifyHuman.calls).toEqual([]);
    expect(actors.submitLogin.calls).toEqual([{ payload: smsForm }]);
  });

  it('captcha_required shows and refreshes the captcha; later failures refresh it again', async () => {
    const session = start();
    await submitPassword(session);
    await session.actors.submitLogin.reject(
      failureFixture('captcha_required', 'Please enter the captcha.'),
    );
    const snapshot = session.actor.getSnapshot();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(snapshot.context.captchaRequired).toBe(true);
    expect(snapshot.context.failure).toEqual({
      code: 'captcha_required',
      message: 'Please enter the captcha.',
    });
    expect(session.effects.refreshCaptcha).toHaveBeenCalledTimes(1);

    await submitPassword(session, { ...passwordForm, captcha: 'x7k2' });
    expect(session.actors.submitLogin.calls.at(-1)?.payload.captcha).toBe('x7k2');
    await session.actors.submitLogin.reject(
      failureFixture('invalid_credentials', 'The username or password is wrong.'),
    );
    expect(session.actor.getSnapshot().context.captchaRequired).toBe(true);
    expect(session.actor.getSnapshot().context.failure?.code).toBe('invalid_credentials');
    expect(session.effects.refreshCaptcha).toHaveBeenCalledTimes(2);
  });

  it('a wrong password without a captcha only shows the message (loader hidden)', async () => {
    const session = start();
    await submitPassword(session);
    await session.actors.submitLogin.reject(
      failureFixture('error_not_agent', 'Only agents can log in here.'),
    );
    expect(session.actor.getSnapshot().value).toBe('idle');
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(session.actor.getSnapshot().context.captchaRequired).toBe(false);
    expect(session.actor.getSnapshot().context.failure?.message).toBe(
      'Only agents can log in here.',
    );
    expect(session.effects.refreshCaptcha).not.toHaveBeenCalled();
  });

  it('an expired password forces the change for a password login, holding the password', async () => {
    const session = start();
    await submitPassword(session);
    await session.actors.submitLogin.resolve(loginResultFixture({ passwordExpired: true }));
    const snapshot = session.actor.getSnapshot();
    expect(snapshot.status).toBe('done');
    expect(snapshot.value).toBe('forcedPasswordChange');
    expect(snapshot.output).toEqual({
      outcome: 'changePassword',
      reason: 'expired',
      password: passwordForm.password,
    });
    expect(session.params(session.effects.storeToken)).toEqual([{ token: 'tok-1f9c', cpw: true }]);
    expect(session.actors.loadLoginInfo.calls).toEqual([]);
  });

  it('an expired password does not force the change for an SMS login', async () => {
    const session = start();
    session.actor.send({ type: 'user.submit', form: smsForm });
    await session.actors.submitLogin.resolve(loginResultFixture({ passwordExpired: true }));
    expect(session.actor.getSnapshot().value).toBe('loadingLoginInfo');
  });

  it('the default password forces the change even when not expired', async () => {
    const session = start();
    await submitPassword(session, defaultPasswordForm);
    await session.actors.submitLogin.resolve(loginResultFixture());
    expect(session.actor.getSnapshot().output).toEqual({
      outcome: 'changePassword',
      reason: 'defaultPassword',
      password: defaultPassword,
    });
  });

  it('a first-time login (the initial password) runs the first-login action, stores cpw and forces the change', async () => {
    const session = start();
    await submitPassword(session);
    await session.actors.submitLogin.resolve(loginResultFixture({ firstTimeLogin: true }));
    expect(session.effects.runFirstLoginAction).toHaveBeenCalledTimes(1);
    expect(session.params(session.effects.storeToken)).toEqual([{ token: 'tok-1f9c', cpw: true }]);
    expect(session.actor.getSnapshot().value).toBe('forcedPasswordChange');
    expect(session.actor.getSnapshot().output).toMatchObject({
      outcome: 'changePassword',
      reason: 'defaultPassword',
    });
  });

  it('after login: login info, the after-login modal, then home', async () => {
    const session = start();
    await submitPassword(session);
    await session.actors.submitLogin.resolve(loginResultFixture());
    expect(session.effects.runFirstLoginAction).not.toHaveBeenCalled();
    expect(session.params(session.effects.storeToken)).toEqual([{ token: 'tok-1f9c', cpw: false }]);
    await session.actors.loadLoginInfo.resolve(playerMember);
    expect(session.actor.getSnapshot().value).toBe('afterLogin');
    expect(session.params(session.effects.storeLoginInfo)).toEqual([{ member: playerMember }]);
    expect(session.actor.getSnapshot().context.result?.previousLoginAt).toBe(
      '2026-05-01T10:00:00.000Z',
    );
    session.actor.send({ type: 'user.dismiss' });
    expect(session.actor.getSnapshot().status).toBe('done');
    expect(session.actor.getSnapshot().output).toEqual({ outcome: 'home' });
  });

  it('a new IP asks for a second factor; the code goes with the challenge and chosen factor', async () => {
    const session = start();
    await submitPassword(session);
    await session.actors.submitLogin.resolve(
      loginResultFixture({
        token: null,
        challenge: { challengeId: 'ch-42', factors: ['sms', 'totp'] },
      }),
    );
    expect(session.actor.getSnapshot().value).toBe('secondFactor');
    expect(session.actor.getSnapshot().context.factor).toBe('sms');
    expect(session.effects.storeToken).not.toHaveBeenCalled();
    session.actor.send({ type: 'user.selectFactor', factor: 'email' });
    expect(session.actor.getSnapshot().context.factor).toBe('sms');
    session.actor.send({ type: 'user.selectFactor', factor: 'totp' });
    session.actor.send({ type: 'user.submitCode', code: '000000' });
    expect(session.actors.verifySecondFactor.calls).toEqual([
      { challengeId: 'ch-42', factor: 'totp', code: '000000' },
    ]);
    await session.actors.verifySecondFactor.reject(
      failureFixture('two_factor_invalid', 'The code is wrong.'),
    );
    expect(session.actor.getSnapshot().value).toBe('secondFactor');
    expect(session.actor.getSnapshot().context.failure?.code).toBe('two_factor_invalid');
    session.actor.send({ type: 'user.submitCode', code: '123456' });
    await session.actors.verifySecondFactor.resolve(loginResultFixture());
    expect(session.params(session.effects.storeToken)).toEqual([{ token: 'tok-1f9c', cpw: false }]);
    expect(session.actor.getSnapshot().value).toBe('loadingLoginInfo');
  });

  it('sends the SMS or e-mail code on request, never for the authenticator; a refusal stays on the step', async () => {
    const session = start();
    await submitPassword(session);
    await session.actors.submitLogin.resolve(
      loginResultFixture({
        token: null,
        challenge: { challengeId: 'ch-7', factors: ['sms', 'email', 'totp'] },
      }),
    );
    session.actor.send({ type: 'user.sendCode' });
    expect(session.actor.getSnapshot().value).toBe('sendingSecondFactorCode');
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(session.actors.sendSecondFactorCode.calls).toEqual([
      { challengeId: 'ch-7', factor: 'sms' },
    ]);
    await session.actors.sendSecondFactorCode.resolve({ expiredMinutes: 10 });
    expect(session.actor.getSnapshot().value).toBe('secondFactor');
    expect(session.actor.getSnapshot().context.codeSent).toEqual({
      factor: 'sms',
      expiredMinutes: 10,
    });

    session.actor.send({ type: 'user.selectFactor', factor: 'email' });
    session.actor.send({ type: 'user.sendCode' });
    await session.actors.sendSecondFactorCode.reject(
      failureFixture('sms_too_many_requests', 'Too many requests.'),
    );
    expect(session.actors.sendSecondFactorCode.calls.at(-1)).toEqual({
      challengeId: 'ch-7',
      factor: 'email',
    });
    expect(session.actor.getSnapshot().value).toBe('secondFactor');
    expect(session.actor.getSnapshot().context.failure?.code).toBe('sms_too_many_requests');

    session.actor.send({ type: 'user.selectFactor', factor: 'totp' });
    session.actor.send({ type: 'user.sendCode' });
    expect(session.actor.getSnapshot().value).toBe('secondFactor');
    expect(session.actors.sendSecondFactorCode.calls).toHaveLength(2);
  });

  it('free play logs in a trial account without a password change', async () => {
    const session = start();
    session.actor.send({ type: 'user.freePlay' });
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(true);
    await session.actors.submitFreePlay.resolve(
      loginResultFixture({ token: 'tok-trial', passwordExpired: true }),
    );
    expect(session.params(session.effects.storeToken)).toEqual([{ token: 'tok-trial', cpw: true }]);
    expect(session.actor.getSnapshot().value).toBe('loadingLoginInfo');
  });

  it('remember-me logs the device in again; a spent cookie forgets it and keeps the form', async () => {
    const session = start();
    session.actor.send({ type: 'user.continueRemembered' });
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(session.actors.verifyHuman.calls).toEqual([]);
    await session.actors.submitRemembered.resolve(loginResultFixture({ token: 'tok-rmb' }));
    expect(session.params(session.effects.storeToken)).toEqual([{ token: 'tok-rmb', cpw: false }]);
    expect(session.actor.getSnapshot().value).toBe('loadingLoginInfo');

    const spent = start();
    spent.actor.send({ type: 'user.continueRemembered' });
    await spent.actors.submitRemembered.reject(failureFixture('session_expired', 'Log in again.'));
    expect(spent.actor.getSnapshot().value).toBe('idle');
    expect(spent.actor.getSnapshot().context.failure?.code).toBe('session_expired');
    expect(spent.effects.forgetRemembered).toHaveBeenCalledTimes(1);
    spent.actor.send({ type: 'user.forgetRemembered' });
    expect(spent.effects.forgetRemembered).toHaveBeenCalledTimes(2);
  });

  it('free play and social buttons do nothing when their modules are off', () => {
    const { actor, actors } = start({ freePlayEnabled: false, socialProviders: [] });
    actor.send({ type: 'user.freePlay' });
    actor.send({ type: 'user.social', provider: 'facebook' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actors.submitFreePlay.calls).toEqual([]);
    expect(actors.startSocialLogin.calls).toEqual([]);
  });

  it('social login starts the provider sign-in; a failure returns with the message', async () => {
    const session = start();
    session.actor.send({ type: 'user.social', provider: 'google' });
    expect(session.actors.startSocialLogin.calls).toEqual([{ provider: 'google' }]);
    await session.actors.startSocialLogin.reject(
      failureFixture('social_login_failed', 'Social login failed.'),
    );
    expect(session.actor.getSnapshot().value).toBe('idle');
    expect(session.actor.getSnapshot().context.failure?.code).toBe('social_login_failed');
  });
});
