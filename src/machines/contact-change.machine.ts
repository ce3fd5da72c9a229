import { assign, fromPromise, setup } from 'xstate';
import { failureOf, type Failure } from './session.machine.ts';
import { countdownSecondsOf } from './sms-countdown.machine.ts';

/** What is changed: the mobile number or the e-mail address. */
export type ContactKind = 'mobile' | 'email';

/** The new contact with the current password: what the send and the change both carry. */
export type ContactRequest =
  | { kind: 'mobile'; password: string; countryDialingCode: string; mobileNum: string }
  | { kind: 'email'; password: string; email: string };

export type ContactChangeInput = { kind: ContactKind };

export type ContactChangeContext = ContactChangeInput & {
  /** Held from the send to the change: the code is bound to this number or address. */
  request: ContactRequest | null;
  /** The whole resend countdown, fixed when a code is sent. */
  countdownSeconds: number;
  /** Display only; the countdown delay ends the wait. */
  secondsLeft: number;
  failure: Failure | null;
};

export type ContactChangeEvent =
  | { type: 'user.open' }
  | { type: 'user.sendCode'; request: ContactRequest }
  | { type: 'user.resend' }
  | { type: 'user.edit' }
  | { type: 'user.submit'; code: string }
  | { type: 'user.cancel' }
  | { type: 'user.close' };

const badCode: Failure = { code: 'sms_invalid_code', message: '' };

/**
 * Changing the mobile number or the e-mail address in the security center (issue 3, item 7):
 * the current password and the new value, a code sent to the NEW number or address (resend after
 * the code's countdown, expiredMinutes x 60 s as the SMS button counts), then the code sets it.
 * A refusal shows on the step it came from. The app supplies the calls and `reloadMember`.
 */
export const contactChangeMachine = setup({
  types: {
    context: {} as ContactChangeContext,
    events: {} as ContactChangeEvent,
    input: {} as ContactChangeInput,
  },
  actors: {
    sendCode: fromPromise<{ expiredMinutes: number | null }, ContactRequest>(async () => {
      throw new Error('sendCode is supplied by the app');
    }),
    submitChange: fromPromise<void, { request: ContactRequest; code: string }>(async () => {
      throw new Error('submitChange is supplied by the app');
    }),
  },
  actions: {
    /** Member info again: it carries the number and the address. */
    reloadMember: () => {},
  },
  guards: {
    isCode: (_, params: { code: string }) => /^\d{6}$/.test(params.code),
    isCountingDown: ({ context }) => context.secondsLeft > 0,
  },
  delays: {
    tick: 1000,
    /** What is left of the code's countdown (all of it right after a send). */
    countdown: ({ context }) => context.secondsLeft * 1000,
  },
}).createMachine({
  id: 'contactChange',
  context: ({ input }) => ({
    ...input,
    request: null,
    countdownSeconds: 0,
    secondsLeft: 0,
    failure: null,
  }),
  initial: 'idle',
  states: {
    /** The current value with a "change" button. */
    idle: {
      on: { 'user.open': { target: 'editing', actions: assign({ failure: null }) } },
    },
    /** The current password and the new number or address. */
    editing: {
      on: {
        'user.sendCode': {
          target: 'sendingCode',
          actions: assign({ request: ({ event }) => event.request, failure: null }),
        },
        'user.cancel': { target: 'idle', actions: assign({ request: null, failure: null }) },
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => context.request as ContactRequest,
        onDone: {
          target: 'awaitingCode',
          actions: assign(({ event }) => {
            const seconds = countdownSecondsOf(event.output);
            return { countdownSeconds: seconds, secondsLeft: seconds };
          }),
        },
        onError: {
          target: 'editing',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    /** The code field; sending again waits for the countdown. */
    awaitingCode: {
      initial: 'counting',
      on: {
        'user.submit': [
          {
            guard: { type: 'isCode', params: ({ event }) => ({ code: event.code }) },
            target: 'submitting',
            actions: assign({ failure: null }),
          },
          { actions: assign({ failure: badCode }) },
        ],
        'user.edit': { target: 'editing', actions: assign({ failure: null }) },
        'user.cancel': { target: 'idle', actions: assign({ request: null, failure: null }) },
      },
      states: {
        counting: {
          after: {
            countdown: { target: 'canResend', actions: assign({ secondsLeft: 0 }) },
          },
          initial: 'ticking',
          states: {
            ticking: {
              after: {
                tick: {
                  target: 'ticking',
                  reenter: true,
                  actions: assign({
                    secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1),
                  }),
                },
              },
            },
          },
        },
        canResend: {
          on: { 'user.resend': { target: '#contactChange.sendingCode' } },
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitChange',
        src: 'submitChange',
        input: ({ context, event }) => ({
          request: context.request as ContactRequest,
          code: (event as { code?: string }).code ?? '',
        }),
        onDone: {
          target: 'done',
          actions: [assign({ request: null }), 'reloadMember'],
        },
        // Back to the code field; the countdown goes on from what was left.
        onError: [
          {
            guard: 'isCountingDown',
            target: 'awaitingCode.counting',
            actions: assign({ failure: ({ event }) => failureOf(event.error) }),
          },
          {
            target: 'awaitingCode.canResend',
            actions: assign({ failure: ({ event }) => failureOf(event.error) }),
          },
        ],
      },
    },
    /** The new value is set; the form closes on the next press. */
    done: {
      on: { 'user.close': 'idle' },
    },
  },
});
