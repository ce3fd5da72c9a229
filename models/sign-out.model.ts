import { signOutMachine } from '../src/machines/sign-out.machine.ts';
import { defineModel } from '../tests/support/model.ts';
import { failureFixture, networkFailure } from './session.model.ts';

export { signOutMachine };

export const model = defineModel({
  name: 'sign-out',
  title: 'Sign-out',
  summary:
    'Sign out from the account dropdown: a confirmation first; on confirm the logout call ' +
    'revokes the token, then session storage is cleared (the merchant code is written back), ' +
    'the agent and VIP service state is cleared and the site goes to /. The local session ends ' +
    'even when the logout call fails.',
  source: 'src/machines/sign-out.machine.ts',
  machine: signOutMachine,
  events: {
    'user.signOut': [{}],
    'user.cancel': [{}],
    'user.confirm': [{}],
    'xstate.done.actor.submitLogout': [{ label: 'logged out', output: undefined }],
    'xstate.error.actor.submitLogout': [
      { label: 'not_logged_in', error: failureFixture('not_logged_in', 'Please log in.') },
      { label: 'network error', error: networkFailure },
    ],
  },
  states: {
    'signOut.idle': {
      shows: 'the account dropdown with the sign-out entry',
      testId: 'menu-sign-out',
    },
    'signOut.confirming': {
      shows: 'the confirmation dialog with confirm and cancel buttons',
      testId: 'sign-out-confirm',
    },
    'signOut.signingOut': {
      shows: 'the confirmation dialog with the loader; both buttons disabled',
      testId: 'sign-out-confirm',
    },
    'signOut.done': {
      shows: 'the home page with the header in its logged-out form (login button)',
      testId: 'header-login',
    },
  },
});
