import { assign, fromPromise, setup } from 'xstate';
import type {
  BindBankAccountBody,
  SetPaymentPasswordPayload,
  Withdrawal,
  WithdrawalRequestPayload,
  WithdrawInfo,
} from '../contract/withdrawal.ts';
import type { FailureDetail } from '../contract/envelope.ts';

export type WithdrawalContext = {
  /** What the page shows: payment password set?, bank accounts, requests, amount limits. */
  info: WithdrawInfo | null;
  /** The request made last (shown as done). */
  last: Withdrawal | null;
  /** The error code of the last failure (a contract error code or a client one). */
  error: string | null;
  /** What the server added to the failure: tries left before a lock, when a lock ends. */
  errorDetail: FailureDetail | null;
  /** Which form the failure belongs to: its message shows under that form. */
  errorStep: WithdrawalStep | null;
  /** The form whose save just succeeded: the page says it saved. */
  saved: Exclude<WithdrawalStep, 'request'> | null;
};

export type WithdrawalStep = 'bankAccount' | 'paymentPassword' | 'request';

/** Cleared as a new save or request starts. */
const freshAttempt = { error: null, errorDetail: null, errorStep: null, saved: null } as const;

export type WithdrawalEvent =
  | { type: 'user.retry' }
  | { type: 'user.refresh' }
  | { type: 'user.bindAccount'; account: BindBankAccountBody }
  | { type: 'user.setPaymentPassword'; payload: SetPaymentPasswordPayload }
  | { type: 'user.submit'; request: WithdrawalRequestPayload }
  | { type: 'user.again' };

const codeOf = (error: unknown): string =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'system_error';

const detailOf = (error: unknown): FailureDetail | null =>
  typeof error === 'object' && error !== null && 'detail' in error
    ? ((error as { detail: FailureDetail }).detail ?? null)
    : null;

/**
 * The withdrawal page (member center `withdraw`): loads what the page shows, then binds a bank
 * account, sets the payment password (when none is set) or sends a request (bank account,
 * amount, payment password and the page's idempotency key: a retried request withdraws once).
 * A request's amount leaves the wallet at once; the player cannot take it back.
 */
export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
  },
  actors: {
    loadWithdrawInfo: fromPromise<WithdrawInfo, void>(async () => {
      throw new Error('loadWithdrawInfo is supplied by the app');
    }),
    submitBankAccount: fromPromise<unknown, BindBankAccountBody>(async () => {
      throw new Error('submitBankAccount is supplied by the app');
    }),
    submitPaymentPassword: fromPromise<unknown, SetPaymentPasswordPayload>(async () => {
      throw new Error('submitPaymentPassword is supplied by the app');
    }),
    submitWithdrawal: fromPromise<Withdrawal, WithdrawalRequestPayload>(async () => {
      throw new Error('submitWithdrawal is supplied by the app');
    }),
  },
  actions: {
    /** After a request: the app re-reads the balance the header shows. */
    announceWithdrawal: (_, _params: { withdrawal: Withdrawal }) => {},
  },
}).createMachine({
  id: 'withdrawal',
  context: { info: null, last: null, ...freshAttempt },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadWithdrawInfo',
        src: 'loadWithdrawInfo',
        onDone: { target: 'ready', actions: assign({ info: ({ event }) => event.output }) },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => codeOf(event.error) }),
        },
      },
    },
    loadFailed: {
      on: { 'user.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      on: {
        'user.refresh': 'loading',
        'user.bindAccount': { target: 'binding', actions: assign(freshAttempt) },
        'user.setPaymentPassword': { target: 'settingPassword', actions: assign(freshAttempt) },
        'user.submit': { target: 'submitting', actions: assign(freshAttempt) },
      },
    },
    binding: {
      tags: ['busy'],
      invoke: {
        id: 'submitBankAccount',
        src: 'submitBankAccount',
        input: ({ event }) =>
          (event as Extract<WithdrawalEvent, { type: 'user.bindAccount' }>).account,
        onDone: { target: 'loading', actions: assign({ saved: 'bankAccount' }) },
        onError: {
          target: 'ready',
          actions: assign({
            error: ({ event }) => codeOf(event.error),
            errorDetail: ({ event }) => detailOf(event.error),
            errorStep: 'bankAccount' as const,
          }),
        },
      },
    },
    settingPassword: {
      tags: ['busy'],
      invoke: {
        id: 'submitPaymentPassword',
        src: 'submitPaymentPassword',
        input: ({ event }) =>
          (event as Extract<WithdrawalEvent, { type: 'user.setPaymentPassword' }>).payload,
        onDone: { target: 'loading', actions: assign({ saved: 'paymentPassword' }) },
        onError: {
          target: 'ready',
          actions: assign({
            error: ({ event }) => codeOf(event.error),
            errorDetail: ({ event }) => detailOf(event.error),
            errorStep: 'paymentPassword' as const,
          }),
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitWithdrawal',
        src: 'submitWithdrawal',
        input: ({ event }) => (event as Extract<WithdrawalEvent, { type: 'user.submit' }>).request,
        onDone: {
          target: 'submitted',
          actions: [
            // The new request heads the list at once (its amount has left the wallet).
            assign({
              last: ({ event }) => event.output,
              info: ({ context, event }) =>
                context.info && {
                  ...context.info,
                  withdrawals: [event.output, ...context.info.withdrawals],
                },
            }),
            { type: 'announceWithdrawal', params: ({ event }) => ({ withdrawal: event.output }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: assign({
            error: ({ event }) => codeOf(event.error),
            errorDetail: ({ event }) => detailOf(event.error),
            errorStep: 'request' as const,
          }),
        },
      },
    },
    submitted: {
      on: {
        'user.again': { target: 'loading', actions: assign({ last: null }) },
        // A status change arrived (approval, rejection): re-read the list.
        'user.refresh': { target: 'loading', actions: assign({ last: null }) },
      },
    },
  },
});
