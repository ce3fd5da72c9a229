import { assign, fromPromise, setup } from 'xstate';
import type { LoginResult } from '../contract/identity.ts';
import { failureOf, type Failure } from './session.machine.ts';

export type ForgotPasswordTab = 'email' | 'mobile';

/** Body of the e-mail reset call (contract `passwordEmailBodySchema`). */
export type EmailResetForm = { username: string; email: string };

/** Body of the phone reset call (contract `passwordVerificationPayloadSchema`). */
export type PhoneResetForm = {
  newPassword: string;
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
};

export type ForgotPasswordInput = {
  /** White-label flag FORGETMOBILE: the mobile tab shows. */
  mobileEnabled: boolean;
};

export type ForgotPasswordContext = ForgotPasswordInput & {
  /** The SMS countdown machine sent a code to the number on the form. */
  codeSent: boolean;
  invalid: boolean;
  failure: Failure | null;
  emailForm: EmailResetForm | null;
  phoneForm: PhoneResetForm | null;
  /** The account whose password the phone reset set. */
  resetUsername: string | null;
  outcome: ForgotPasswordOutput['outcome'] | null;
};

export type ForgotPasswordEvent =
  | { type: 'user.selectTab'; tab: ForgotPasswordTab }
  | { type: 'user.submitEmail'; form: EmailResetForm }
  | { type: 'user.codeSent' }
  | { type: 'user.submitPhone'; form: PhoneResetForm };

export type ForgotPasswordOutput = { outcome: 'home' | 'login' | 'emailSent' };

/**
 * The forgot-password modal (spec section 4): by e-mail, a confirmation message once the mail
 * is sent; by phone (flag FORGETMOBILE), the new password with the SMS code, then an automatic
 * login and home. The SMS code itself is sent by the SMS countdown machine (`user.codeSent`).
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as ForgotPasswordInput,
    output: {} as ForgotPasswordOutput,
  },
  actors: {
    requestEmailReset: fromPromise<void, EmailResetForm>(async () => {
      throw new Error('requestEmailReset is supplied by the app');
    }),
    /** Sets the new password; answers the username of the account the number belongs to. */
    submitPhoneReset: fromPromise<{ username: string }, PhoneResetForm>(async () => {
      throw new Error('submitPhoneReset is supplied by the app');
    }),
    /** Logs in with the account's username and the new password. */
    autoLogin: fromPromise<LoginResult, { username: string; password: string }>(async () => {
      throw new Error('autoLogin is supplied by the app');
    }),
  },
  actions: {
    showFieldErrors: (_, _params: { form: EmailResetForm | PhoneResetForm }) => {},
    storeToken: (_, _params: { token: string; cpw: boolean }) => {},
  },
  guards: {
    /** The field rules of the form; supplied by the app (the shared validator). */
    isFormValid: (_, _params: { form: EmailResetForm | PhoneResetForm }) => false,
    isMobileTab: ({ context }, params: { tab: ForgotPasswordTab }) =>
      params.tab === 'mobile' && context.mobileEnabled,
    isEmailTab: (_, params: { tab: ForgotPasswordTab }) => params.tab === 'email',
    hasToken: (_, params: { result: LoginResult }) =>
      params.result.token !== null && params.result.challenge === null,
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({
    ...input,
    codeSent: false,
    invalid: false,
    failure: null,
    emailForm: null,
    phoneForm: null,
    resetUsername: null,
    outcome: null,
  }),
  initial: 'email',
  states: {
    email: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.selectTab': {
              guard: { type: 'isMobileTab', params: ({ event }) => ({ tab: event.tab }) },
              target: '#forgotPassword.mobile',
              actions: assign({ invalid: false, failure: null }),
            },
            'user.submitEmail': {
              target: 'validating',
              actions: assign({
                emailForm: ({ event }) => event.form,
                invalid: false,
                failure: null,
              }),
            },
          },
        },
        validating: {
          always: [
            {
              guard: {
                type: 'isFormValid',
                params: ({ context }) => ({ form: context.emailForm as EmailResetForm }),
              },
              target: 'submitting',
            },
            {
              target: 'editing',
              actions: [
                assign({ invalid: true }),
                {
                  type: 'showFieldErrors',
                  params: ({ context }) => ({ form: context.emailForm as EmailResetForm }),
                },
              ],
            },
          ],
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'requestEmailReset',
            src: 'requestEmailReset',
            input: ({ context }) => context.emailForm as EmailResetForm,
            onDone: '#forgotPassword.emailSent',
            onError: {
              target: 'editing',
              actions: assign({ failure: ({ event }) => failureOf(event.error) }),
            },
          },
        },
      },
    },
    mobile: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.selectTab': {
              guard: { type: 'isEmailTab', params: ({ event }) => ({ tab: event.tab }) },
              target: '#forgotPassword.email',
              actions: assign({ invalid: false, failure: null }),
            },
            'user.codeSent': { actions: assign({ codeSent: true }) },
            'user.submitPhone': {
              target: 'validating',
              actions: assign({
                phoneForm: ({ event }) => event.form,
                invalid: false,
                failure: null,
              }),
            },
          },
        },
        validating: {
          always: [
            {
              guard: {
                type: 'isFormValid',
                params: ({ context }) => ({ form: context.phoneForm as PhoneResetForm }),
              },
              target: 'submitting',
            },
            {
              target: 'editing',
              actions: [
                assign({ invalid: true }),
                {
                  type: 'showFieldErrors',
                  params: ({ context }) => ({ form: context.phoneForm as PhoneResetForm }),
                },
              ],
            },
          ],
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'submitPhoneReset',
            src: 'submitPhoneReset',
            input: ({ context }) => context.phoneForm as PhoneResetForm,
            onDone: {
              target: 'loggingIn',
              actions: assign({ resetUsername: ({ event }) => event.output.username }),
            },
            onError: {
              target: 'editing',
              actions: assign({ failure: ({ event }) => failureOf(event.error) }),
            },
          },
        },
        loggingIn: {
          tags: ['busy'],
          invoke: {
            id: 'autoLogin',
            src: 'autoLogin',
            input: ({ context }) => ({
              username: context.resetUsername ?? '',
              password: context.phoneForm?.newPassword ?? '',
            }),
            onDone: [
              {
                guard: { type: 'hasToken', params: ({ event }) => ({ result: event.output }) },
                target: '#forgotPassword.done',
                actions: {
                  type: 'storeToken',
                  params: ({ event }) => ({
                    token: event.output.token ?? '',
                    cpw: event.output.firstTimeLogin || event.output.passwordExpired,
                  }),
                },
              },
              // A second factor (new IP) or no token: the password is changed; log in by hand.
              { target: '#forgotPassword.loginRequired' },
            ],
            onError: {
              target: '#forgotPassword.loginRequired',
              actions: assign({ failure: ({ event }) => failureOf(event.error) }),
            },
          },
        },
      },
    },
    /** The confirmation message: the reset mail is on its way. */
    emailSent: { type: 'final', entry: assign({ outcome: 'emailSent' as const }) },
    /** The password is changed and the player is logged in: the app goes home. */
    done: { type: 'final', entry: assign({ outcome: 'home' as const }) },
    /** The password is changed but the automatic login did not go through. */
    loginRequired: { type: 'final', entry: assign({ outcome: 'login' as const }) },
  },
  output: ({ context }): ForgotPasswordOutput => ({ outcome: context.outcome ?? 'login' }),
});
