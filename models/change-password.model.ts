import {
  changePasswordMachine,
  type ChangePasswordForm,
} from '../src/machines/change-password.machine.ts';
import { defineModel } from '../tests/support/model.ts';
import { failureFixture, networkFailure } from './session.model.ts';

export { changePasswordMachine };

/** The model's stand-in for the shared validator. */
export function isChangePasswordFormValid(
  form: ChangePasswordForm,
  askCurrentPassword: boolean,
): boolean {
  if (askCurrentPassword && !form.oldPassword) return false;
  return form.newPassword !== '' && form.newPassword === form.confirmNewPassword;
}

export const model = defineModel({
  name: 'change-password',
  title: 'Change-password popup',
  summary:
    'The change-password popup, opened after a first login or an expired or default password ' +
    '(it cannot be closed then) or by the player from the security centre. It asks for the ' +
    'current password only when none is held from the login, then the new password twice. ' +
    'On success login info is reloaded and the popup closes for home; a failure shows the ' +
    'server message only.',
  source: 'src/machines/change-password.machine.ts',
  machine: changePasswordMachine.provide({
    guards: {
      isFormValid: (_, params: { form: ChangePasswordForm; askCurrentPassword: boolean }) =>
        isChangePasswordFormValid(params.form, params.askCurrentPassword),
    },
  }),
  input: { reason: 'voluntary', username: 'player01', heldPassword: null },
  events: {
    'user.submit': [
      {
        label: 'current, new and confirmation',
        form: {
          oldPassword: 'secret99',
          newPassword: 'Better123',
          confirmNewPassword: 'Better123',
        },
      },
      {
        label: 'confirmation differs (invalid)',
        form: { oldPassword: 'secret99', newPassword: 'Better123', confirmNewPassword: 'Other123' },
      },
    ],
    'user.close': [{}],
    'xstate.done.actor.submitPasswordChange': [{ label: 'changed', output: undefined }],
    'xstate.error.actor.submitPasswordChange': [
      {
        label: 'password_wrong',
        error: failureFixture('password_wrong', 'The current password is wrong.'),
      },
      { label: 'network error', error: networkFailure },
    ],
  },
  states: {
    'changePassword.editing': {
      shows:
        'the popup titled for a first login, an expired password or a change; the read-only ' +
        'username when known, the current password only when none is held from login, the new ' +
        'password and its confirmation; errors under the fields or the server message ' +
        '(data-testid=change-password-error)',
      testId: 'change-password-popup',
    },
    'changePassword.validating': {
      shows: 'never visible: checks the field rules',
      testId: 'change-password-popup',
    },
    'changePassword.submitting': {
      shows: 'the popup with the loader; the submit button disabled',
      testId: 'change-password-popup',
    },
    'changePassword.done': {
      shows: 'the popup closed and the home page',
      testId: 'header-account',
    },
    'changePassword.closed': {
      shows: 'the popup closed; the page under it unchanged',
      testId: 'header-account',
    },
  },
});
