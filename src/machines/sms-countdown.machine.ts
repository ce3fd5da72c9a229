import { assign, fromPromise, or, setup, stateIn } from 'xstate';
import { constants } from '../contract/constants.ts';

/** What the send button asks the server for (`/wps/verification/sms/register` or `noLogin`). */
export type SmsRequest = {
  countryDialingCode: string;
  mobileNo: string;
  captcha?: string;
  humanVerification?: string;
};

/** The send result: minutes the code is valid; none (null) with the phone-auth provider. */
export type SmsSent = { expiredMinutes: number | null };

/** A failed send as the machine shows it: the server's code and translated message. */
export type SmsFailure = { code: string; message: string };

export type SmsCountdownContext = {
  request: SmsRequest | null;
  /** The whole countdown, fixed when the code is sent. */
  countdownSeconds: number;
  /** What the button shows while counting; display only, the countdown delay ends it. */
  secondsLeft: number;
  failure: SmsFailure | null;
};

export type SmsCountdownEvent =
  { type: 'user.send'; request: SmsRequest } | { type: 'user.dismiss' };

/** Reads a rejected send (the app's ApiError or anything else) by its shape. */
export function smsFailureOf(error: unknown): SmsFailure {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return {
      code: typeof code === 'string' ? code : 'sms_unknown',
      message: typeof message === 'string' ? message : '',
    };
  }
  return { code: typeof error === 'string' ? error : 'sms_unknown', message: '' };
}

/** expiredMinutes x 60 s, or 60 s when the provider gives none. */
export function countdownSecondsOf(sent: SmsSent): number {
  return sent.expiredMinutes && sent.expiredMinutes > 0
    ? sent.expiredMinutes * 60
    : constants.smsCountdownSeconds;
}

/**
 * The SMS send button (spec section 4): can send; sends (a second press within 1000 ms is
 * ignored); counts down in seconds (expiredMinutes x 60, or 60 s) and can send again at 0. A
 * failed send shows the server's message until dismissed; too many requests locks the button
 * for 5 minutes. The app supplies `sendCode`.
 */
export const smsCountdownMachine = setup({
  types: {
    context: {} as SmsCountdownContext,
    events: {} as SmsCountdownEvent,
  },
  actors: {
    sendCode: fromPromise<SmsSent, SmsRequest>(async () => {
      throw new Error('sendCode is supplied by the app');
    }),
  },
  guards: {
    isTooManyRequests: (_, params: { error: unknown }) =>
      smsFailureOf(params.error).code === 'sms_too_many_requests',
    isThrottleOpen: stateIn({ throttle: 'open' }),
    isIdle: stateIn({ code: 'idle' }),
    isCountingOrLocked: or([stateIn({ code: 'counting' }), stateIn({ code: 'locked' })]),
  },
  delays: {
    tick: 1000,
    sendThrottle: constants.sendCodeThrottleMs,
    countdown: ({ context }) => context.countdownSeconds * 1000,
    smsLock: constants.smsTooManyRequestsLockMinutes * 60_000,
  },
}).createMachine({
  id: 'smsCountdown',
  type: 'parallel',
  context: { request: null, countdownSeconds: 0, secondsLeft: 0, failure: null },
  states: {
    code: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.send': {
              guard: 'isThrottleOpen',
              target: 'sending',
              actions: assign({ request: ({ event }) => event.request, failure: null }),
            },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => context.request!,
            onDone: {
              target: 'counting',
              actions: assign(({ event }) => {
                const seconds = countdownSecondsOf(event.output);
                return { countdownSeconds: seconds, secondsLeft: seconds };
              }),
            },
            onError: [
              {
                guard: {
                  type: 'isTooManyRequests',
                  params: ({ event }) => ({ error: event.error }),
                },
                target: 'locked',
                actions: assign({ failure: ({ event }) => smsFailureOf(event.error) }),
              },
              {
                target: 'failed',
                actions: assign({ failure: ({ event }) => smsFailureOf(event.error) }),
              },
            ],
          },
        },
        counting: {
          after: { countdown: { target: 'idle', actions: assign({ secondsLeft: 0 }) } },
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
        failed: {
          on: { 'user.dismiss': { target: 'idle', actions: assign({ failure: null }) } },
        },
        locked: {
          after: { smsLock: { target: 'idle', actions: assign({ failure: null }) } },
          initial: 'warning',
          states: {
            /** The server's message shows until dismissed; the button stays locked. */
            warning: { on: { 'user.dismiss': 'dismissed' } },
            dismissed: {},
          },
        },
      },
    },
    /**
     * A press sends only when no press came in the last 1000 ms. Once the button counts down or
     * is locked no press is taken anyway, so the throttle opens at once.
     */
    throttle: {
      initial: 'open',
      states: {
        open: {
          on: { 'user.send': { guard: 'isIdle', target: 'closed' } },
        },
        closed: {
          always: { guard: 'isCountingOrLocked', target: 'open' },
          after: { sendThrottle: 'open' },
        },
      },
    },
  },
});
