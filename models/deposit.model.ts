import type { DepositOrder, PaymentChannel } from '../src/contract/deposit.ts';
import { depositMachine } from '../src/machines/deposit.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { depositMachine };

export const onlineChannel: PaymentChannel = {
  id: 1,
  code: 'online',
  kind: 'online',
  name: 'Online payment',
  currency: 'PHP',
  minAmount: '10000',
  maxAmount: '10000000',
  bankAccount: null,
};

export const manualChannel: PaymentChannel = {
  id: 2,
  code: 'bank_transfer',
  kind: 'manual',
  name: 'Bank transfer',
  currency: 'PHP',
  minAmount: '10000',
  maxAmount: '5000000',
  bankAccount: {
    bankName: 'Demo Bank',
    accountName: 'Demo Site Payments',
    accountNumber: '0000-1234-5678',
    ifsc: 'DEMO0001234',
  },
};

const orderId = '5f1c1d7e-8a0b-4c55-9d3e-2b4a6f0c9e11';

export function orderFixture(overrides: Partial<DepositOrder> = {}): DepositOrder {
  return {
    orderId,
    channelId: 1,
    kind: 'online',
    amount: '50000',
    currency: 'PHP',
    status: 'pending',
    redirectUrl: `/sandbox/gateway/pay/${orderId}`,
    bankAccount: null,
    transferReference: null,
    upi: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

const manualOrder = orderFixture({
  channelId: 2,
  kind: 'manual',
  redirectUrl: null,
  bankAccount: manualChannel.bankAccount,
});

export const model = defineModel({
  name: 'deposit',
  title: 'Deposit (member center, depositv2)',
  summary:
    'The deposit page. The payment channels load (a spinner; an error with retry; an empty ' +
    'note when none is offered); the player picks a channel and types an amount, checked ' +
    "against the channel's minimum and maximum as they type; submit creates the order. An " +
    "online channel sends the player to the payment gateway's page; a manual bank transfer " +
    'shows the bank account and asks for the transfer reference, then waits for the operator. ' +
    'Back from the gateway (or told by the real-time channel that the order settled) the page ' +
    'reads the order: paid, still pending, or failed. A gateway or network failure offers a ' +
    'retry with the same request key, so one order is made.',
  source: 'src/machines/deposit.machine.ts',
  machine: depositMachine,
  input: {},
  settings: [
    {
      name: 'opened from the menu',
      description: 'the page starts with the channels',
      provide: { guards: { hasReturnedOrder: () => false } },
    },
    {
      name: 'back from the gateway',
      description: 'the gateway sent the player back with ?depositOrder=<id>',
      provide: { guards: { hasReturnedOrder: () => true } },
    },
  ],
  project: (context) => ({
    channels: context.channels.length,
    channelId: context.channelId,
    amount: context.amount !== null,
    amountProblem: context.amountProblem,
    order: context.order && `${context.order.kind}:${context.order.status}`,
    error: context.error,
  }),
  events: {
    'user.selectChannel': [
      { label: 'online', channelId: 1 },
      { label: 'bank transfer', channelId: 2 },
    ],
    'user.changeAmount': [
      { label: 'P 500.00', amount: '500' },
      { label: 'P 50.00 (below the minimum)', amount: '50' },
      { label: 'P 200,000.00 (above the maximum)', amount: '200,000' },
      { label: 'not an amount', amount: '12.345' },
    ],
    'user.submit': [{ idempotencyKey: 'deposit-key-0001' }],
    'user.back': [{}],
    'user.retry': [{}],
    'user.edit': [{}],
    'user.submitReference': [{ label: 'BDO-778899', reference: 'BDO-778899' }],
    'user.refresh': [{}],
    'user.again': [{}],
    'server.orderSettled': [
      { label: 'this order', orderId },
      { label: 'another order', orderId: '0b7a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d' },
    ],
    'xstate.done.actor.loadChannels': [
      { label: 'online and bank transfer', output: [onlineChannel, manualChannel] },
      { label: 'none', output: [] },
    ],
    'xstate.error.actor.loadChannels': [
      { label: 'network error', error: { code: 'network_error' } },
    ],
    'xstate.done.actor.submitDeposit': [
      { label: 'online: gateway page', output: orderFixture() },
      { label: 'manual: bank account', output: manualOrder },
    ],
    'xstate.error.actor.submitDeposit': [
      { label: 'gateway unavailable', error: { code: 'payment_unavailable' } },
      { label: 'amount out of range', error: { code: 'deposit_amount_out_of_range' } },
    ],
    'xstate.done.actor.submitTransferReference': [
      { label: 'reference kept', output: { ...manualOrder, transferReference: 'BDO-778899' } },
    ],
    'xstate.error.actor.submitTransferReference': [
      { label: 'no longer pending', error: { code: 'deposit_not_pending' } },
    ],
    'xstate.done.actor.loadOrder': [
      { label: 'paid', output: orderFixture({ status: 'paid', redirectUrl: null }) },
      { label: 'pending', output: orderFixture() },
      { label: 'failed', output: orderFixture({ status: 'failed', redirectUrl: null }) },
    ],
    'xstate.error.actor.loadOrder': [{ label: 'network error', error: { code: 'network_error' } }],
  },
  states: {
    'deposit.loadingChannels': {
      shows: 'the deposit page with a loading indicator',
      testId: 'deposit-loading',
    },
    'deposit.channelsFailed': {
      shows: 'the error message in an alert and a retry button',
      testId: 'deposit-error',
    },
    'deposit.noChannels': {
      shows: 'a note that no deposit channel is available now, and a retry button',
      testId: 'deposit-empty',
    },
    'deposit.choosingChannel': {
      shows: 'the channels as buttons (online payment, bank transfer) with their limits',
      testId: 'deposit-channels',
    },
    'deposit.editingAmount': {
      shows:
        'the chosen channel, the amount field with the minimum and maximum, a message under it ' +
        'when the amount is not valid, submit and back buttons',
      testId: 'deposit-amount-form',
    },
    'deposit.submitting': {
      shows: 'the amount form busy: the submit button disabled with a spinner',
      testId: 'deposit-amount-form',
    },
    'deposit.submitFailed': {
      shows: 'the server message in an alert, "try again" when it may help, and "change amount"',
      testId: 'deposit-error',
    },
    'deposit.redirecting': {
      shows: "a note that the payment page opens, then the gateway's page",
      testId: 'deposit-redirecting',
    },
    'deposit.awaitingTransfer': {
      shows:
        'the bank account (bank, account name, number) and amount to transfer, and the form ' +
        'for the transfer reference (with the server message after a refusal)',
      testId: 'deposit-bank-details',
    },
    'deposit.submittingReference': {
      shows: 'the reference form busy',
      testId: 'deposit-bank-details',
    },
    'deposit.awaitingConfirmation': {
      shows: 'a note that the operator checks the transfer and the player will be notified',
      testId: 'deposit-awaiting',
    },
    'deposit.checkingResult': {
      shows: 'a loading indicator while the order is read',
      testId: 'deposit-loading',
    },
    'deposit.resultFailed': {
      shows: 'the error message in an alert with retry and "new deposit"',
      testId: 'deposit-error',
    },
    'deposit.pendingResult': {
      shows: 'the order still being processed, with refresh and "new deposit"',
      testId: 'deposit-pending',
    },
    'deposit.paid': {
      shows: 'the success note with the credited amount and "new deposit"',
      testId: 'deposit-paid',
    },
    'deposit.failed': {
      shows: 'the failure note (not credited) and "new deposit"',
      testId: 'deposit-failed',
    },
  },
});
