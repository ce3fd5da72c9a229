import { authenticatorMachine } from '../src/machines/authenticator.machine.ts';
import { defineModel } from '../tests/support/model.ts';
import { failureFixture, networkFailure } from './session.model.ts';

export { authenticatorMachine };

const setupResult = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Site:player01?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Site',
};

export const model = defineModel({
  name: 'authenticator',
  title: 'Authenticator (TOTP) in the security center',
  summary:
    'The authenticator section of the member center security page. Its status loads (bound ' +
    'or not). Binding asks the current password again, then shows the new secret as a QR code ' +
    'and as text for manual entry, and binds on a first 6-digit code of the authenticator. ' +
    'Unbinding asks the current password and a code. A refusal (wrong password, wrong code, ' +
    'network) shows its message on the step it came from; cancel goes back.',
  source: 'src/machines/authenticator.machine.ts',
  machine: authenticatorMachine,
  events: {
    'user.startBind': [{}],
    'user.submitPassword': [
      { label: 'password', password: 'secret123' },
      { label: 'empty', password: '' },
    ],
    'user.submitCode': [
      { label: '123456', code: '123456' },
      { label: 'not 6 digits', code: '12a' },
    ],
    'user.startUnbind': [{}],
    'user.submitUnbind': [
      { label: 'password and code', password: 'secret123', code: '654321' },
      { label: 'no password', password: '', code: '654321' },
      { label: 'bad code', password: 'secret123', code: '65' },
    ],
    'user.cancel': [{}],
    'user.retry': [{}],
    'xstate.done.actor.loadStatus': [
      { label: 'not bound', output: { bound: false } },
      { label: 'bound', output: { bound: true } },
    ],
    'xstate.error.actor.loadStatus': [{ label: 'network error', error: networkFailure }],
    'xstate.done.actor.submitSetup': [{ label: 'secret', output: setupResult }],
    'xstate.error.actor.submitSetup': [
      {
        label: 'password_wrong',
        error: failureFixture('password_wrong', 'The current password is wrong.'),
      },
    ],
    'xstate.done.actor.submitConfirm': [{ label: 'bound', output: { bound: true } }],
    'xstate.error.actor.submitConfirm': [
      { label: 'two_factor_invalid', error: failureFixture('two_factor_invalid', 'Wrong code.') },
    ],
    'xstate.done.actor.submitUnbind': [{ label: 'unbound', output: { bound: false } }],
    'xstate.error.actor.submitUnbind': [
      {
        label: 'password_wrong',
        error: failureFixture('password_wrong', 'The current password is wrong.'),
      },
    ],
  },
  project: (context) => ({ setup: context.setup !== null, failure: context.failure?.code ?? null }),
  states: {
    'authenticator.loading': {
      shows: 'the authenticator section with a loading indicator',
      testId: 'security-totp-loading',
    },
    'authenticator.failed': {
      shows: 'the load error with a retry button',
      testId: 'security-totp-failed',
    },
    'authenticator.unbound': {
      shows: '"not bound" and a bind button',
      testId: 'security-totp-unbound',
    },
    'authenticator.askingPassword': {
      shows: 'the current-password field, continue and cancel; a refusal under it',
      testId: 'security-totp-password',
    },
    'authenticator.settingUp': {
      shows: 'the password step busy: the continue button disabled',
      testId: 'security-totp-password',
    },
    'authenticator.confirming': {
      shows:
        'the QR code, the secret for manual entry, the code field, confirm and cancel; a ' +
        'refusal under the code',
      testId: 'security-totp-confirm',
    },
    'authenticator.confirmingCode': {
      shows: 'the confirm step busy: the confirm button disabled',
      testId: 'security-totp-confirm',
    },
    'authenticator.bound': {
      shows: '"bound" and an unbind button',
      testId: 'security-totp-bound',
    },
    'authenticator.unbinding': {
      shows: 'the current password and a code field, unbind and cancel; a refusal under them',
      testId: 'security-totp-unbind',
    },
    'authenticator.submittingUnbind': {
      shows: 'the unbind step busy: the unbind button disabled',
      testId: 'security-totp-unbind',
    },
  },
});
