import { loginMachine, type LoginForm } from '../src/machines/login.machine.ts';
import { defineModel } from '../tests/support/model.ts';
import {
  failureFixture,
  loginResultFixture,
  networkFailure,
  playerMember,
  trialMember,
} from './session.model.ts';

export { loginMachine };

/** The site's default password in the model (the spec's {secret}). */
export const defaultPassword = 'Welcome123';

/**
 * The model's stand-in for the shared validator: username required; a password for a password
 * login, a code for an SMS login.
 */
export function isLoginFormValid(form: LoginForm): boolean {
  if (form.username.trim() === '') return false;
  return form.type === 'sms' ? Boolean(form.verificationCode) : Boolean(form.password);
}

export const passwordForm: LoginForm = {
  type: 'username',
  username: 'player01',
  password: 'secret99',
};
export const defaultPasswordForm: LoginForm = { ...passwordForm, password: defaultPassword };
export const smsForm: LoginForm = {
  type: 'sms',
  username: '9876543210',
  countryDialingCode: '91',
  verificationCode: '123456',
};

const challengeResult = loginResultFixture({
  token: null,
  challenge: { challengeId: 'ch-42', factors: ['sms', 'email', 'totp'] },
});

export const model = defineModel({
  name: 'login',
  title: 'Login modal',
  summary:
    'The login modal of spec section 4. Username and password (or an SMS code on the SMS tab, ' +
    'shown only when SMS login is enabled) are checked against the field rules, then the human ' +
    'verification runs (not for SMS) and the login call is made. A captcha_required answer, or ' +
    'a failure whose reply says the next try needs it, shows the captcha, which is refreshed ' +
    'after every later failure; the fields keep what was typed; any failure hides the ' +
    'loader and shows the server message. A login from an IP the account has not used asks for ' +
    'a second factor (SMS, e-mail or authenticator code; the SMS or e-mail code is sent when ' +
    'asked). With the token stored, a first-time ' +
    'login runs the first-login action; the default password or an expired password (not for ' +
    'SMS) ends in the change-password popup; otherwise login info loads and the after-login ' +
    'modal shows, then home. Free play logs in a trial account; social login redirects.',
  source: 'src/machines/login.machine.ts',
  machine: loginMachine.provide({
    guards: { isFormValid: (_, params: { form: LoginForm }) => isLoginFormValid(params.form) },
  }),
  input: {
    smsLoginEnabled: true,
    freePlayEnabled: true,
    socialProviders: ['google', 'facebook'],
    defaultPassword,
  },
  project: (context) => ({
    captcha: context.captchaRequired,
    login:
      context.form === null
        ? null
        : context.form.type === 'sms'
          ? 'sms'
          : context.form.password === context.defaultPassword
            ? 'default password'
            : 'password',
    factor: context.factor,
  }),
  events: {
    'user.selectTab': [{ tab: 'sms' }, { tab: 'username' }],
    'user.submit': [
      { label: 'username and password', form: passwordForm },
      { label: 'username and the default password', form: defaultPasswordForm },
      { label: 'mobile number and SMS code', form: smsForm },
      { label: 'empty username (invalid)', form: { ...passwordForm, username: '' } },
    ],
    'user.refreshCaptcha': [{}],
    'user.freePlay': [{}],
    'user.continueRemembered': [{}],
    'user.forgetRemembered': [{}],
    'user.social': [{ provider: 'google' }],
    'user.selectFactor': [{ factor: 'totp' }],
    'user.sendCode': [{}],
    'user.submitCode': [{ code: '123456' }],
    'user.cancel': [{}],
    'user.dismiss': [{}],
    'xstate.done.actor.verifyHuman': [{ label: 'solved', output: 'altcha-payload-base64' }],
    'xstate.error.actor.verifyHuman': [
      {
        label: 'captcha_invalid',
        error: failureFixture('captcha_invalid', 'Verification failed.'),
      },
    ],
    'xstate.done.actor.submitLogin': [
      { label: 'token', output: loginResultFixture() },
      { label: 'token, first-time login', output: loginResultFixture({ firstTimeLogin: true }) },
      { label: 'token, password expired', output: loginResultFixture({ passwordExpired: true }) },
      { label: 'second factor asked (new IP)', output: challengeResult },
    ],
    'xstate.error.actor.submitLogin': [
      {
        label: 'captcha_required',
        error: failureFixture('captcha_required', 'Please enter the captcha.'),
      },
      {
        label: 'invalid_credentials',
        error: failureFixture('invalid_credentials', 'The username or password is wrong.'),
      },
      {
        label: 'invalid_credentials, the next try needs the captcha',
        error: {
          ...failureFixture('invalid_credentials', 'The username or password is wrong.'),
          detail: { captchaRequired: true },
        },
      },
      {
        label: 'account_locked',
        error: failureFixture('account_locked', 'Too many attempts; try again later.'),
      },
      {
        label: 'member_no_enter',
        error: failureFixture('member_no_enter', 'This account cannot log in here.'),
      },
      {
        label: 'error_not_agent',
        error: failureFixture('error_not_agent', 'Only agents can log in here.'),
      },
    ],
    'xstate.done.actor.verifySecondFactor': [{ label: 'token', output: loginResultFixture() }],
    'xstate.error.actor.verifySecondFactor': [
      {
        label: 'two_factor_invalid',
        error: failureFixture('two_factor_invalid', 'The code is wrong.'),
      },
    ],
    'xstate.done.actor.sendSecondFactorCode': [
      { label: 'sent, 10 minutes', output: { expiredMinutes: 10 } },
    ],
    'xstate.error.actor.sendSecondFactorCode': [
      {
        label: 'sms_too_many_requests',
        error: failureFixture('sms_too_many_requests', 'Too many requests.'),
      },
    ],
    'xstate.done.actor.submitRemembered': [
      { label: 'device token', output: loginResultFixture({ token: 'tok-rmb' }) },
    ],
    'xstate.error.actor.submitRemembered': [
      {
        label: 'session_expired',
        error: failureFixture('session_expired', 'Please log in again.'),
      },
    ],
    'xstate.done.actor.submitFreePlay': [
      { label: 'trial token', output: loginResultFixture({ token: 'tok-trial' }) },
    ],
    'xstate.error.actor.submitFreePlay': [
      {
        label: 'freeplay_disabled',
        error: failureFixture('freeplay_disabled', 'Free play is not available.'),
      },
    ],
    'xstate.done.actor.startSocialLogin': [{ label: 'redirect started', output: undefined }],
    'xstate.error.actor.startSocialLogin': [
      {
        label: 'social_login_failed',
        error: failureFixture('social_login_failed', 'Social login failed.'),
      },
    ],
    'xstate.done.actor.loadLoginInfo': [
      { label: 'player', output: playerMember },
      { label: 'trial', output: trialMember },
    ],
    'xstate.error.actor.loadLoginInfo': [{ label: 'network error', error: networkFailure }],
  },
  states: {
    'login.idle': {
      shows:
        'the login form: username / SMS tabs (SMS only when enabled), remember-me, free play, ' +
        'social buttons, links to register and forgot password; after a failure the server ' +
        'message (data-testid=login-error), after captcha_required (or a failure saying the next ' +
        'try needs it) the captcha image ' +
        '(data-testid=login-captcha), after an invalid submit the first error under each field',
      testId: 'login-form',
    },
    'login.validating': {
      shows: 'never visible: checks the field rules',
      testId: 'login-form',
    },
    'login.choosingChallenge': {
      shows: 'never visible: SMS logins skip the human verification',
      testId: 'login-form',
    },
    'login.challenge': {
      shows: 'the human verification widget working; the submit button disabled',
      testId: 'login-human-check',
    },
    'login.submitting': {
      shows: 'the loader over the form; the submit button disabled',
      testId: 'login-form',
    },
    'login.secondFactor': {
      shows:
        'the second-factor step: the factor choice (SMS, e-mail, authenticator) and a 6-digit ' +
        'code field, with the server message after a wrong code',
      testId: 'login-second-factor',
    },
    'login.sendingSecondFactorCode': {
      shows:
        'the second-factor step with the loader while the SMS or e-mail code is sent; then ' +
        'the note that the code was sent (data-testid=login-second-factor-sent)',
      testId: 'login-second-factor',
    },
    'login.verifyingSecondFactor': {
      shows: 'the second-factor step with the loader; the submit button disabled',
      testId: 'login-second-factor',
    },
    'login.submittingRemembered': {
      shows: 'the loader over the form while the remembered device logs in again',
      testId: 'login-form',
    },
    'login.submittingFreePlay': {
      shows: 'the loader over the form while the trial account is created',
      testId: 'login-form',
    },
    'login.startingSocialLogin': {
      shows: 'the loader over the form while the provider sign-in starts',
      testId: 'login-form',
    },
    'login.redirecting': {
      shows: 'the loader while the page leaves for the provider sign-in',
      testId: 'login-form',
    },
    'login.authenticated': {
      shows: 'never visible: the token is stored; a first-time login runs its action',
      testId: 'login-form',
    },
    'login.deciding': {
      shows: 'never visible: chooses the forced password change or the after-login path',
      testId: 'login-form',
    },
    'login.forcedPasswordChange': {
      shows: 'the login modal closed and the change-password popup open (first login / expired)',
      testId: 'change-password-popup',
    },
    'login.loadingLoginInfo': {
      shows: 'the loader while member info and what follows a login load',
      testId: 'login-form',
    },
    'login.afterLogin': {
      shows: 'the after-login modal with the previous login time and a close button',
      testId: 'after-login-modal',
    },
    'login.done': {
      shows: 'the home page with the header in its logged-in form',
      testId: 'header-account',
    },
  },
});
