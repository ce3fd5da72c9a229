import { withdrawalConfirmationMachine } from '../src/machines/withdrawal-confirmation.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { withdrawalConfirmationMachine };

const png = (id: string, size = 68) => ({
  id,
  name: `${id}.png`,
  type: 'image/png',
  size,
  file: new Blob([new Uint8Array(size)]),
});
const confirmed = {
  id: 7,
  amount: '50000',
  status: 'confirmed' as const,
  bankAccount: {
    id: 1,
    bankName: 'State Bank',
    accountHolder: 'Asha Rao',
    maskedNumber: '****9012',
    createdAt: '2026-03-01T10:00:00.000Z',
  },
  createdAt: '2026-03-01T10:05:00.000Z',
  decidedAt: '2026-03-01T10:10:00.000Z',
  rejectReason: null,
  confirmation: 'received' as const,
  confirmedBy: 'member' as const,
  receivedAmount: '50000',
  confirmedAt: '2026-03-01T10:20:00.000Z',
  images: 0,
};

export const model = defineModel({
  name: 'withdrawal-confirmation',
  title: 'Withdrawal confirmation (received, not received, partly received)',
  summary:
    'After the operator has paid a withdrawal, the player confirms it: received, not received ' +
    '(a proof image is required) or partly received (the amount that arrived, below the whole). ' +
    'Proof images are png or jpg by content, at most 5 MB each and 3 in all, with previews; ' +
    'each is checked in the browser before it is added (the server checks again). A request ' +
    'left unconfirmed past the configured minutes counts as received; answering it then, or a ' +
    'second time, ends as "already confirmed".',
  source: 'src/machines/withdrawal-confirmation.machine.ts',
  machine: withdrawalConfirmationMachine,
  input: { withdrawalId: 7, amount: '50000' },
  // What the guards read: the outcome, how many images, whether the amount is part of the whole.
  project: (context) => ({
    outcome: context.outcome,
    images: context.images.length === 0 ? 'none' : context.images.length < 3 ? 'some' : 'full',
    partAmount: context.receivedAmount !== '' && context.receivedAmount !== context.amount,
    pending: context.pending.length > 0,
  }),
  events: {
    'user.selectOutcome': [
      { label: 'received', outcome: 'received' },
      { label: 'not received', outcome: 'notReceived' },
      { label: 'partly received', outcome: 'partlyReceived' },
    ],
    'user.setReceivedAmount': [
      { label: 'P 200.00', amount: '20000' },
      { label: 'the whole amount', amount: '50000' },
    ],
    'user.addImages': [
      { label: 'one png', images: [png('a')] },
      { label: 'one image over 5 MB', images: [png('big', 5 * 1024 * 1024 + 1)] },
      { label: 'three more', images: [png('b'), png('c'), png('d')] },
    ],
    'user.removeImage': [{ label: 'the first image', id: 'a' }],
    'user.submit': [{}],
    'xstate.done.actor.inspectImages': [
      { label: 'png by content', output: ['image/png'] },
      { label: 'not an image', output: [null] },
    ],
    'xstate.error.actor.inspectImages': [{ label: 'unreadable', error: new Error('read') }],
    'xstate.done.actor.submitConfirmation': [{ label: 'confirmed', output: confirmed }],
    'xstate.error.actor.submitConfirmation': [
      { label: 'network error', error: { code: 'network_error' } },
      { label: 'already confirmed', error: { code: 'withdrawal_state_invalid' } },
    ],
  },
  states: {
    'withdrawalConfirmation.choosing': {
      shows:
        'the three choices, the received amount field (partly received), the image picker with ' +
        'previews and limits, any message, and the confirm button',
      testId: 'withdraw-confirmation',
    },
    'withdrawalConfirmation.inspecting': {
      shows: 'the image picker busy while the picked images are checked',
      testId: 'withdraw-confirmation',
    },
    'withdrawalConfirmation.submitting': {
      shows: 'the confirm button disabled with a spinner',
      testId: 'withdraw-confirmation',
    },
    'withdrawalConfirmation.confirmed': {
      shows: 'a thank-you note; the request shows as confirmed',
      testId: 'withdraw-confirmed',
    },
    'withdrawalConfirmation.closed': {
      shows: 'a note that the withdrawal was already confirmed',
      testId: 'withdraw-confirmation-closed',
    },
  },
});
