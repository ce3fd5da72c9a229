import { assign, fromPromise, setup } from 'xstate';

/**
 * One money request as the page fills it: the amount (minor units as a string), the wallets
 * when there is a choice, and the idempotency key the page made for this request. Retrying the
 * same request sends the same key, so the server moves the money once.
 */
export type TransferRequest = {
  amount: string;
  idempotencyKey: string;
  from?: string;
  to?: string;
  /** Asked in `confirming` when the flow needs it (transfer to upline). */
  paymentPassword?: string;
};

export type TransferContext = {
  request: TransferRequest | null;
  /** The server's reply of the last transfer (its type is the submit actor's). */
  result: unknown;
  /** The error code of the last failure (a contract error code or a client one). */
  error: string | null;
};

export type TransferEvent =
  | { type: 'user.submit'; request: TransferRequest }
  | { type: 'user.confirm'; paymentPassword: string }
  | { type: 'user.cancel' }
  | { type: 'user.retry' }
  | { type: 'user.edit' }
  | { type: 'user.again' };

/** Codes after which the same request may be sent again unchanged. */
const retryableCodes = ['network_error', 'timeout', 'system_error', 'too_many_requests'];

const codeOf = (error: unknown): string =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'system_error';

/**
 * A transfer of the member center: between the main wallet and a vendor wallet (transferFund),
 * every vendor wallet back to main (consolidated funds), or to the upline agent (transferUpline,
 * which asks the payment password first). editing, then (confirming), submitting, done or
 * failed; a failure the server may not have seen is retried with the same key.
 */
export const transferMachine = setup({
  types: {
    context: {} as TransferContext,
    events: {} as TransferEvent,
  },
  actors: {
    submitTransfer: fromPromise<unknown, TransferRequest>(async () => {
      throw new Error('submitTransfer is supplied by the app');
    }),
  },
  actions: {
    /** After a transfer: the app re-reads what the page shows (wallets, balance). */
    announceDone: (_, _params: { result: unknown }) => {},
  },
  guards: {
    /** Supplied by the app: true for the transfer to upline (payment password asked). */
    needsPassword: () => false,
    /** The last failure left the request unsent or unanswered: the same key may go again. */
    isRetryable: ({ context }) => retryableCodes.includes(context.error ?? ''),
    isPasswordWrong: ({ context }) => context.error === 'payment_password_wrong',
  },
}).createMachine({
  id: 'transfer',
  context: { request: null, result: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.submit': [
          {
            guard: 'needsPassword',
            target: 'confirming',
            actions: assign({ request: ({ event }) => event.request, error: null }),
          },
          {
            target: 'submitting',
            actions: assign({ request: ({ event }) => event.request, error: null }),
          },
        ],
      },
    },
    confirming: {
      on: {
        'user.confirm': {
          target: 'submitting',
          actions: assign({
            request: ({ context, event }) =>
              context.request && { ...context.request, paymentPassword: event.paymentPassword },
            error: null,
          }),
        },
        'user.cancel': 'editing',
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitTransfer',
        src: 'submitTransfer',
        input: ({ context }) => context.request ?? { amount: '0', idempotencyKey: '' },
        onDone: {
          target: 'done',
          actions: [
            assign({
              result: ({ event }) => event.output,
              // The password is not kept once used.
              request: ({ context }) =>
                context.request && { ...context.request, paymentPassword: '' },
            }),
            { type: 'announceDone', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => codeOf(event.error),
            request: ({ context }) =>
              context.request && { ...context.request, paymentPassword: '' },
          }),
        },
      },
    },
    failed: {
      on: {
        // A wrong payment password asks it again for the same request.
        'user.retry': [
          { guard: 'isPasswordWrong', target: 'confirming' },
          { guard: 'isRetryable', target: 'submitting' },
        ],
        'user.edit': { target: 'editing', actions: assign({ error: null }) },
      },
    },
    done: {
      on: {
        'user.again': {
          target: 'editing',
          actions: assign({ request: null, result: null, error: null }),
        },
      },
    },
  },
});
