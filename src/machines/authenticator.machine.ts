import { assign, fromPromise, setup } from 'xstate';
import { failureOf, type Failure } from './session.machine.ts';

/** A new authenticator secret: base32 for typing by hand, otpauth:// for the QR code. */
export type AuthenticatorSetup = { secret: string; otpauthUri: string };

export type AuthenticatorContext = {
  /** Shown while binding (QR code and manual entry); dropped once bound or cancelled. */
  setup: AuthenticatorSetup | null;
  /** The current password of a binding, held from its first step only until its setup call. */
  password: string | null;
  failure: Failure | null;
};

export type AuthenticatorEvent =
  | { type: 'user.startBind' }
  | { type: 'user.submitPassword'; password: string }
  | { type: 'user.submitCode'; code: string }
  | { type: 'user.startUnbind' }
  | { type: 'user.submitUnbind'; password: string; code: string }
  | { type: 'user.cancel' }
  | { type: 'user.retry' };

/** An authenticator code as the server takes it: six digits. */
export const isAuthenticatorCode = (code: string) => /^\d{6}$/.test(code);

const badCode: Failure = { code: 'two_factor_invalid', message: '' };
const noPassword: Failure = { code: 'password_required', message: '' };

/**
 * The authenticator (TOTP) of the security center (issue 3, items 4 and 7): the status loads;
 * binding asks the current password, shows the new secret as a QR code and as text, and binds on
 * a first code; unbinding asks the current password and a code. Every refusal shows its message
 * on the step it came from. The app supplies the calls and `reloadMember`.
 */
export const authenticatorMachine = setup({
  types: {
    context: {} as AuthenticatorContext,
    events: {} as AuthenticatorEvent,
  },
  actors: {
    loadStatus: fromPromise<{ bound: boolean }>(async () => {
      throw new Error('loadStatus is supplied by the app');
    }),
    submitSetup: fromPromise<AuthenticatorSetup, { password: string }>(async () => {
      throw new Error('submitSetup is supplied by the app');
    }),
    submitConfirm: fromPromise<{ bound: boolean }, { code: string }>(async () => {
      throw new Error('submitConfirm is supplied by the app');
    }),
    submitUnbind: fromPromise<{ bound: boolean }, { password: string; code: string }>(async () => {
      throw new Error('submitUnbind is supplied by the app');
    }),
  },
  actions: {
    /** Member info again: it carries twoFactorBound. */
    reloadMember: () => {},
  },
  guards: {
    isBound: (_, params: { bound: boolean }) => params.bound,
    hasPassword: (_, params: { password: string }) => params.password.length > 0,
    isCode: (_, params: { code: string }) => isAuthenticatorCode(params.code),
    isUnbindFilled: (_, params: { password: string; code: string }) =>
      params.password.length > 0 && isAuthenticatorCode(params.code),
  },
}).createMachine({
  id: 'authenticator',
  context: { setup: null, password: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'isBound', params: ({ event }) => ({ bound: event.output.bound }) },
            target: 'bound',
          },
          { target: 'unbound' },
        ],
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: assign({ failure: null }) } },
    },
    unbound: {
      on: { 'user.startBind': { target: 'askingPassword', actions: assign({ failure: null }) } },
    },
    askingPassword: {
      on: {
        'user.submitPassword': [
          {
            guard: {
              type: 'hasPassword',
              params: ({ event }) => ({ password: event.password }),
            },
            target: 'settingUp',
            actions: assign({ password: ({ event }) => event.password, failure: null }),
          },
          { actions: assign({ failure: noPassword }) },
        ],
        'user.cancel': { target: 'unbound', actions: assign({ failure: null }) },
      },
    },
    settingUp: {
      tags: ['busy'],
      invoke: {
        id: 'submitSetup',
        src: 'submitSetup',
        input: ({ context }) => ({ password: context.password ?? '' }),
        onDone: {
          target: 'confirming',
          actions: assign({ setup: ({ event }) => event.output, password: null }),
        },
        onError: {
          target: 'askingPassword',
          actions: assign({ failure: ({ event }) => failureOf(event.error), password: null }),
        },
      },
    },
    /** The QR code and the secret show; the first code of the authenticator binds it. */
    confirming: {
      on: {
        'user.submitCode': [
          {
            guard: { type: 'isCode', params: ({ event }) => ({ code: event.code }) },
            target: 'confirmingCode',
            actions: assign({ failure: null }),
          },
          { actions: assign({ failure: badCode }) },
        ],
        'user.cancel': { target: 'unbound', actions: assign({ setup: null, failure: null }) },
      },
    },
    confirmingCode: {
      tags: ['busy'],
      invoke: {
        id: 'submitConfirm',
        src: 'submitConfirm',
        input: ({ event }) => ({ code: (event as { code?: string }).code ?? '' }),
        onDone: {
          target: 'bound',
          actions: [assign({ setup: null }), 'reloadMember'],
        },
        onError: {
          target: 'confirming',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    bound: {
      on: { 'user.startUnbind': { target: 'unbinding', actions: assign({ failure: null }) } },
    },
    /** The current password and a code of the authenticator. */
    unbinding: {
      on: {
        'user.submitUnbind': [
          {
            guard: {
              type: 'isUnbindFilled',
              params: ({ event }) => ({ password: event.password, code: event.code }),
            },
            target: 'submittingUnbind',
            actions: assign({ failure: null }),
          },
          {
            actions: assign({
              failure: ({ event }) => (event.password.length === 0 ? noPassword : badCode),
            }),
          },
        ],
        'user.cancel': { target: 'bound', actions: assign({ failure: null }) },
      },
    },
    submittingUnbind: {
      tags: ['busy'],
      invoke: {
        id: 'submitUnbind',
        src: 'submitUnbind',
        input: ({ event }) => {
          const { password = '', code = '' } = event as { password?: string; code?: string };
          return { password, code };
        },
        onDone: { target: 'unbound', actions: 'reloadMember' },
        onError: {
          target: 'unbinding',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
  },
});
