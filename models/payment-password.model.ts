import { paymentPasswordMachine } from '../src/machines/payment-password.machine.ts';
import { defineModel } from '../tests/support/model.ts';
import { failureFixture, networkFailure } from './session.model.ts';

export { paymentPasswordMachine };

export const setForm = {
  currentPaymentPassword: null,
  paymentPassword: '246802',
  password: 'login123',
};
export const changeForm = { ...setForm, currentPaymentPassword: '135790' };

export const model = defineModel({
  name: 'payment-password',
  title: 'Payment password in the security center (set or change)',
  summary:
    'The payment password (six digits) that withdrawals, transfers and redemptions ask. On the ' +
    'member center security page the player sees whether one is set and opens the form: to set ' +
    'the first one (new digits twice and the login password) or to change it (the current ' +
    'digits as well). The page checks the form before it is sent; the server checks the ' +
    'current payment password (its wrong tries count with every payment that asks it and lock ' +
    'payments after five), then the login password, and refuses the same digits again. A ' +
    'refusal shows on the form; a saved password says so and the page reads its status again.',
  source: 'src/machines/payment-password.machine.ts',
  machine: paymentPasswordMachine,
  events: {
    'user.open': [
      { label: 'set (none set)', mode: 'set' },
      { label: 'change (one set)', mode: 'change' },
    ],
    'user.submit': [
      { label: 'new digits and the login password', form: setForm },
      { label: 'the current digits too', form: changeForm },
    ],
    'user.cancel': [{}],
    'user.close': [{}],
    'xstate.done.actor.submitPaymentPassword': [
      { label: 'saved', output: { paymentPasswordSet: true } },
    ],
    'xstate.error.actor.submitPaymentPassword': [
      {
        label: 'payment_password_wrong',
        error: failureFixture('payment_password_wrong', 'Wrong payment password.'),
      },
      { label: 'password_wrong', error: failureFixture('password_wrong', 'Wrong password.') },
      { label: 'network error', error: networkFailure },
    ],
  },
  project: (context) => ({ mode: context.mode, failure: context.failure?.code ?? null }),
  states: {
    'paymentPassword.idle': {
      shows: 'whether a payment password is set, with a set or change button',
      testId: 'security-payment-open',
    },
    'paymentPassword.editing': {
      shows:
        'the form: current digits (a change only), new digits twice, the login password, save ' +
        'and cancel; a refusal above the buttons',
      testId: 'security-payment-form',
    },
    'paymentPassword.submitting': {
      shows: 'the save button busy and disabled',
      testId: 'security-payment-form',
    },
    'paymentPassword.done': {
      shows: 'a "saved" note with a close button; the status reads "set"',
      testId: 'security-payment-done',
    },
  },
});
