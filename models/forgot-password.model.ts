import {
  forgotPasswordMachine,
  type EmailResetForm,
  type ForgotPasswordForm,
  type LinkResetForm,
  type PhoneResetForm,
} from '../src/machines/forgot-password.machine.ts';
import { defineModel } from '../tests/support/model.ts';
import { failureFixture, loginResultFixture, networkFailure } from './session.model.ts';

export { forgotPasswordMachine };

/** The model's stand-in for the shared validator. */
export function isForgotFormValid(form: ForgotPasswordForm): boolean {
  if ('email' in form) return form.username !== '' && form.email.includes('@');
  if ('confirmNewPassword' in form) {
    return form.newPassword.length >= 6 && form.confirmNewPassword === form.newPassword;
  }
  return form.newPassword !== '' && /^\d{6}$/.test(form.verificationCode);
}

export const emailForm: EmailResetForm = { username: 'player01', email: 'player01@example.test' };
export const phoneForm: PhoneResetForm = {
  newPassword: 'Better123',
  mobileNum: '9876543210',
  countryDialingCode: '91',
  verificationCode: '123456',
};
export const linkForm: LinkResetForm = { newPassword: 'Fresh456', confirmNewPassword: 'Fresh456' };
export const resetToken = 'rt-3kQ9xV2mLp7Wn4Zb8Yc1Hd6Jf0Gs5Ta';

export const model = defineModel({
  name: 'forgot-password',
  title: 'Forgot-password modal',
  summary:
    'The forgot-password modal of spec section 4. By e-mail: account and address, then a ' +
    'confirmation that the reset mail is on its way. By mobile number (tab shown only with the ' +
    'FORGETMOBILE flag): the SMS code is sent by the SMS button (its own machine), then the new ' +
    'password with the code is submitted; on success the player is logged in automatically and ' +
    'goes home (if that login does not go through, the modal says to log in). The reset link ' +
    'of the e-mail (/forget?token=...) opens the form for the new password and its ' +
    'confirmation; once set, a message and a way to log in; a used, unknown or expired link ' +
    "shows the server's message and the e-mail form to ask a new one. Failures show the " +
    'server message on the form.',
  source: 'src/machines/forgot-password.machine.ts',
  machine: forgotPasswordMachine.provide({
    guards: {
      isFormValid: (_, params: { form: ForgotPasswordForm }) => isForgotFormValid(params.form),
    },
  }),
  input: { mobileEnabled: true, resetToken },
  settings: [
    {
      name: 'reset link',
      description: 'the page was opened from the e-mailed link (/forget?token=...)',
      // The machine's own guard: the input holds the link's token.
    },
    {
      name: 'modal',
      description: 'the forgot-password popup or the /forget page without a token',
      provide: { guards: { hasNoResetToken: () => true } },
    },
  ],
  events: {
    'user.selectTab': [{ tab: 'mobile' }, { tab: 'email' }],
    'user.submitEmail': [
      { label: 'account and e-mail', form: emailForm },
      { label: 'no e-mail (invalid)', form: { ...emailForm, email: '' } },
    ],
    'user.codeSent': [{}],
    'user.submitPhone': [
      { label: 'new password and code', form: phoneForm },
      { label: 'no code (invalid)', form: { ...phoneForm, verificationCode: '' } },
    ],
    'user.submitReset': [
      { label: 'new password twice', form: linkForm },
      {
        label: 'confirmation differs (invalid)',
        form: { ...linkForm, confirmNewPassword: 'Other789' },
      },
    ],
    'user.requestNewLink': [{}],
    'xstate.done.actor.submitLinkReset': [{ label: 'password set', output: undefined }],
    'xstate.error.actor.submitLinkReset': [
      {
        label: 'reset_token_invalid',
        error: failureFixture('reset_token_invalid', 'This link is no longer valid.'),
      },
      { label: 'network error', error: networkFailure },
    ],
    'xstate.done.actor.requestEmailReset': [{ label: 'sent', output: undefined }],
    'xstate.error.actor.requestEmailReset': [
      {
        label: 'email_not_found',
        error: failureFixture('email_not_found', 'No account has this e-mail address.'),
      },
    ],
    'xstate.done.actor.submitPhoneReset': [
      { label: 'password set', output: { username: 'player01' } },
    ],
    'xstate.error.actor.submitPhoneReset': [
      {
        label: 'sms_invalid_code',
        error: failureFixture('sms_invalid_code', 'The verification code is wrong.'),
      },
      {
        label: 'sms_code_expired',
        error: failureFixture('sms_code_expired', 'The verification code has expired.'),
      },
    ],
    'xstate.done.actor.autoLogin': [
      { label: 'token', output: loginResultFixture() },
      {
        label: 'second factor asked',
        output: loginResultFixture({
          token: null,
          challenge: { challengeId: 'ch-7', factors: ['sms'] },
        }),
      },
    ],
    'xstate.error.actor.autoLogin': [{ label: 'network error', error: networkFailure }],
  },
  states: {
    'forgotPassword.link': {
      shows: 'the "set a new password" form of the reset link',
      testId: 'forgot-link-form',
    },
    'forgotPassword.link.editing': {
      shows:
        'new password and confirmation (each with show/hide), errors under the fields or the ' +
        'server message (data-testid=forgot-error), a link to ask a new e-mail',
      testId: 'forgot-link-form',
    },
    'forgotPassword.link.validating': {
      shows: 'never visible: checks the password rule and the confirmation',
      testId: 'forgot-link-form',
    },
    'forgotPassword.link.submitting': {
      shows: 'the form with the loader; the submit button disabled',
      testId: 'forgot-link-form',
    },
    'forgotPassword.link.tokenInvalid': {
      shows: "the server's message that the link is no longer valid and a button for a new e-mail",
      testId: 'forgot-link-invalid',
    },
    'forgotPassword.linkDone': {
      shows: 'the message that the password is set, with a button to log in',
      testId: 'forgot-link-done',
    },
    'forgotPassword.email': {
      shows: 'the e-mail tab selected (the mobile tab shown only with FORGETMOBILE)',
      testId: 'forgot-tab-email',
    },
    'forgotPassword.email.editing': {
      shows:
        'account and e-mail fields, a customer-service link; errors under the fields or the ' +
        'server message (data-testid=forgot-error)',
      testId: 'forgot-email-form',
    },
    'forgotPassword.email.validating': {
      shows: 'never visible: checks the field rules',
      testId: 'forgot-email-form',
    },
    'forgotPassword.email.submitting': {
      shows: 'the e-mail form with the loader; the submit button disabled',
      testId: 'forgot-email-form',
    },
    'forgotPassword.mobile': {
      shows: 'the mobile tab selected',
      testId: 'forgot-tab-mobile',
    },
    'forgotPassword.mobile.editing': {
      shows:
        'country code, mobile number with the get-code button, SMS code, new password; errors ' +
        'under the fields or the server message (data-testid=forgot-error)',
      testId: 'forgot-mobile-form',
    },
    'forgotPassword.mobile.validating': {
      shows: 'never visible: checks the field rules',
      testId: 'forgot-mobile-form',
    },
    'forgotPassword.mobile.submitting': {
      shows: 'the mobile form with the loader; the submit button disabled',
      testId: 'forgot-mobile-form',
    },
    'forgotPassword.mobile.loggingIn': {
      shows: 'the loader while the player is logged in with the new password',
      testId: 'forgot-mobile-form',
    },
    'forgotPassword.emailSent': {
      shows: 'the confirmation that the reset mail was sent, with a close button',
      testId: 'forgot-email-sent',
    },
    'forgotPassword.done': {
      shows: 'the modal closed and the home page with the header in its logged-in form',
      testId: 'header-account',
    },
    'forgotPassword.loginRequired': {
      shows: 'the message that the password is changed, with a link to log in with it',
      testId: 'forgot-login-required',
    },
  },
});
