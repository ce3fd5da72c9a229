import { transferMachine } from '../src/machines/transfer.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { transferMachine };

const request = { amount: '500000', idempotencyKey: 'k-0001-abcdef', from: 'main', to: 'AURALIVE' };

export const model = defineModel({
  name: 'transfer',
  title: 'Transfer (my wallet, consolidated funds, transfer to upline)',
  summary:
    'A money transfer of the member center. My wallet moves an amount between the main wallet ' +
    'and a game vendor wallet (or brings every vendor wallet back to main); transfer to upline ' +
    'sends an amount to the agent the player registered with and asks the payment password ' +
    'first. While the request is out the form is busy; success shows the amount and the new ' +
    'main balance; a failure shows the server message. A wrong payment password asks it again; ' +
    'a network failure offers a retry that sends the same request key, so the money moves once.',
  source: 'src/machines/transfer.machine.ts',
  machine: transferMachine,
  settings: [
    {
      name: 'my wallet',
      description: 'no payment password (main wallet and vendor wallets, consolidated funds)',
      provide: { guards: { needsPassword: () => false } },
    },
    {
      name: 'transfer to upline',
      description: 'the payment password is asked before the request goes out',
      provide: { guards: { needsPassword: () => true } },
    },
  ],
  project: (context) => ({ error: context.error }),
  events: {
    'user.submit': [{ label: 'P 5,000.00 main to Aura Live', request }],
    'user.confirm': [{ label: 'payment password', paymentPassword: '135790' }],
    'user.cancel': [{}],
    'user.retry': [{}],
    'user.edit': [{}],
    'user.again': [{}],
    'xstate.done.actor.submitTransfer': [
      { label: 'moved', output: { amount: '500000', mainBalance: '500000', postingId: '7' } },
    ],
    'xstate.error.actor.submitTransfer': [
      { label: 'insufficient balance', error: { code: 'insufficient_balance' } },
      { label: 'wrong payment password', error: { code: 'payment_password_wrong' } },
      { label: 'network error', error: { code: 'network_error' } },
    ],
  },
  states: {
    'transfer.editing': {
      shows: 'the transfer form: wallets (my wallet) or the upline, the amount and a submit button',
      role: { role: 'button', name: 'Transfer' },
    },
    'transfer.confirming': {
      shows: 'the payment password dialog with confirm and cancel',
      role: { role: 'dialog' },
    },
    'transfer.submitting': {
      shows: 'the form busy: a spinner on the disabled submit button',
      role: { role: 'status' },
    },
    'transfer.done': {
      shows: 'the success note with the amount and the new main balance, and "transfer again"',
      role: { role: 'button', name: 'Transfer again' },
    },
    'transfer.failed': {
      shows: 'the server message in an alert, with "try again" when it may help and "change"',
      role: { role: 'alert' },
    },
  },
});
