import { assign, fromPromise, setup } from 'xstate';
import { failureOf, type Failure } from './session.machine.ts';

/** Set the first payment password, or change the one set. */
export type PaymentPasswordMode = 'set' | 'change';

/** The form as the page sends it, checked there (six digits, typed twice). */
export type PaymentPasswordForm = {
  /** The payment password now set: a change only. */
  currentPaymentPassword: string | null;
  paymentPassword: string;
  /** The login password, so a stolen session cannot set or change it. */
  password: string;
};

export type PaymentPasswordContext = {
  mode: PaymentPasswordMode;
  failure: Failure | null;
};

export type PaymentPasswordEvent =
  | { type: 'user.open'; mode: PaymentPasswordMode }
  | { type: 'user.submit'; form: PaymentPasswordForm }
  | { type: 'user.cancel' }
  | { type: 'user.close' };

/**
 * The payment password in the security center: the player opens the form (set when none is set,
 * change otherwise), gives the new six digits twice and the login password (and, for a change,
 * the current payment password); the server's refusal (a wrong password, locked payments, the
 * same digits) shows on the form; a saved one says so and the page reads the summary again.
 */
export const paymentPasswordMachine = setup({
  types: {
    context: {} as PaymentPasswordContext,
    events: {} as PaymentPasswordEvent,
  },
  actors: {
    submitPaymentPassword: fromPromise<
      unknown,
      { mode: PaymentPasswordMode; form: PaymentPasswordForm }
    >(async () => {
      throw new Error('submitPaymentPassword is supplied by the app');
    }),
  },
}).createMachine({
  id: 'paymentPassword',
  context: { mode: 'set', failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.open': {
          target: 'editing',
          actions: assign({ mode: ({ event }) => event.mode, failure: null }),
        },
      },
    },
    editing: {
      on: {
        'user.submit': 'submitting',
        'user.cancel': { target: 'idle', actions: assign({ failure: null }) },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitPaymentPassword',
        src: 'submitPaymentPassword',
        input: ({ context, event }) => ({
          mode: context.mode,
          form: (event as Extract<PaymentPasswordEvent, { type: 'user.submit' }>).form,
        }),
        onDone: { target: 'done', actions: assign({ failure: null }) },
        onError: {
          target: 'editing',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    done: {
      on: { 'user.close': 'idle' },
    },
  },
});
