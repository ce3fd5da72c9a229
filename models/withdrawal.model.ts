import { withdrawalMachine } from '../src/machines/withdrawal.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { withdrawalMachine };

const account = {
  id: 1,
  bankName: 'State Bank',
  accountHolder: 'Asha Rao',
  maskedNumber: '****9012',
  createdAt: '2026-03-01T10:00:00.000Z',
};
const withdrawal = {
  id: 7,
  amount: '50000',
  status: 'requested' as const,
  bankAccount: account,
  createdAt: '2026-03-01T10:05:00.000Z',
  decidedAt: null,
  rejectReason: null,
  confirmation: null,
  confirmedBy: null,
  receivedAmount: null,
  confirmedAt: null,
  images: 0,
};

export const model = defineModel({
  name: 'withdrawal',
  title: 'Withdrawal (bank account, payment password, request)',
  summary:
    'The withdrawal page of the member center. It loads whether a payment password is set, the ' +
    'bound bank accounts and the requests with their status. The player binds a bank account ' +
    '(bank name, account holder, account number), sets a payment password when none is set ' +
    '(with the login password), and requests an amount to a bound account with the payment ' +
    'password. The amount leaves the wallet at once and cannot be taken back; the operator ' +
    'pays or rejects it (rejected: credited back), and a paid request waits for the ' +
    'confirmation. A failure shows the server message and keeps the form; a retried request ' +
    'sends the same key, so it withdraws once.',
  source: 'src/machines/withdrawal.machine.ts',
  machine: withdrawalMachine,
  events: {
    'user.retry': [{}],
    'user.refresh': [{}],
    'user.bindAccount': [
      {
        label: 'State Bank, Asha Rao, 1234 5678 9012',
        account: {
          bankName: 'State Bank',
          accountHolder: 'Asha Rao',
          accountNumber: '123456789012',
        },
      },
    ],
    'user.setPaymentPassword': [
      { label: 'payment password', payload: { paymentPassword: '135790', password: 'secret' } },
    ],
    'user.submit': [
      {
        label: 'P 500.00 to ****9012',
        request: {
          bankAccountId: 1,
          amount: '50000',
          paymentPassword: '135790',
          idempotencyKey: 'k-0001-abcdef',
        },
      },
    ],
    'user.again': [{}],
    'xstate.done.actor.loadWithdrawInfo': [
      {
        label: 'one account, one request',
        output: {
          paymentPasswordSet: true,
          bankAccounts: [account],
          withdrawals: [withdrawal],
          minAmount: '10000',
          maxAmount: '100000000',
        },
      },
    ],
    'xstate.error.actor.loadWithdrawInfo': [
      { label: 'network error', error: { code: 'network_error' } },
    ],
    'xstate.done.actor.submitBankAccount': [{ label: 'bound', output: account }],
    'xstate.error.actor.submitBankAccount': [
      { label: 'already bound', error: { code: 'bank_account_exists' } },
    ],
    'xstate.done.actor.submitPaymentPassword': [
      { label: 'set', output: { paymentPasswordSet: true } },
    ],
    'xstate.error.actor.submitPaymentPassword': [
      { label: 'wrong login password', error: { code: 'password_wrong' } },
    ],
    'xstate.done.actor.submitWithdrawal': [{ label: 'requested', output: withdrawal }],
    'xstate.error.actor.submitWithdrawal': [
      { label: 'insufficient balance', error: { code: 'insufficient_balance' } },
      { label: 'wrong payment password', error: { code: 'payment_password_wrong' } },
    ],
  },
  states: {
    'withdrawal.loading': {
      shows: 'the page with a loading indicator',
      testId: 'withdraw-loading',
    },
    'withdrawal.loadFailed': {
      shows: 'an error message with a "try again" button',
      role: { role: 'alert' },
    },
    'withdrawal.ready': {
      shows:
        'the bank account binding form, the payment password form when none is set, the request ' +
        'form (account, amount, payment password) and the request list with statuses',
      testId: 'withdraw-form',
    },
    'withdrawal.binding': {
      shows: 'the binding form busy: its submit button disabled with a spinner',
      testId: 'withdraw-bind',
    },
    'withdrawal.settingPassword': {
      shows: 'the payment password form busy',
      testId: 'withdraw-payment-password',
    },
    'withdrawal.submitting': {
      shows: 'the request form busy: its submit button disabled with a spinner',
      testId: 'withdraw-form',
    },
    'withdrawal.submitted': {
      shows: 'the success note with the amount and the account, and "new request"',
      testId: 'withdraw-submitted',
    },
  },
});
