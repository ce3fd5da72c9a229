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

/** The new password set through the e-mailed reset link (contract `passwordResetBodySchema`). */
export type LinkResetForm = { newPassword: string; confirmNewPassword: string };

export type ForgotPasswordInput = {
  /** White-label flag FORGETMOBILE: the mobile tab shows. */
  mobileEnabled: boolean;
  /** The token of the e-mailed reset link (/forget?token=...): the flow opens its form. */
  resetToken?: string | null;
};

export type ForgotPasswordForm = EmailResetForm | PhoneResetForm | LinkResetForm;

export type ForgotPasswordContext = {
  mobileEnabled: boolean;
  resetToken: string | null;
  /** The SMS countdown machine sent a code to the number on the form. */
  codeSent: boolean;
  invalid: boolean;
  failure: Failure | null;
  emailForm: EmailResetForm | null;
  phoneForm: PhoneResetForm | null;
  linkForm: LinkResetForm | null;
  /** The account whose password the phone reset set. */
  resetUsername: string | null;
  outcome: ForgotPasswordOutput['outcome'] | null;
};

export type ForgotPasswordEvent =
  | { type: 'user.selectTab'; tab: ForgotPasswordTab }
  | { type: 'user.submitEmail'; form: EmailResetForm }
  | { type: 'user.codeSent' }
  | { type: 'user.submitPhone'; form: PhoneResetForm }
  | { type: 'user.submitReset'; form: LinkResetForm }
  | { type: 'user.requestNewLink' };

export type ForgotPasswordOutput = {
  outcome: 'home' | 'login' | 'emailSent' | 'passwordReset';
};

/**
 * The forgot-password modal (spec section 4): by e-mail, a confirmation message once the mail
 * is sent; by phone (flag FORGETMOBILE), the new password with the SMS code, then an automatic
 * login and home. The SMS code itself is sent by the SMS countdown machine (`user.codeSent`).
 * Opened from the e-mailed link (input `resetToken`): the new password twice, then a message
 * to log in with it; a dead link (`reset_token_invalid`) offers the e-mail form again.
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
    /** Sets the new password with the e-mailed link's token. */
    submitLinkReset: fromPromise<void, LinkResetForm & { token: string }>(async () => {
      throw new Error('submitLinkReset is supplied by the app');
    }),
  },
  actions: {
    showFieldErrors: (_, _params: { form: ForgotPasswordForm }) => {},
    storeToken: (_, _params: { token: string; cpw: boolean }) => {},
  },
  guards: {
    /** The field rules of the form; supplied by the app (the shared validator). */
    isFormValid: (_, _params: { form: ForgotPasswordForm }) => false,
    /** No reset link's token: the flow is the forgot-password modal. */
    hasNoResetToken: ({ context }) => context.resetToken === null || context.resetToken === '',
    /** The link's token is unknown, used or expired: a new e-mail is the way on. */
    isResetTokenInvalid: (_, params: { failure: Failure }) =>
      params.failure.code === 'reset_token_invalid',
    isMobileTab: ({ context }, params: { tab: ForgotPasswordTab }) =>
      params.tab === 'mobile' && context.mobileEnabled,
    isEmailTab: (_, params: { tab: ForgotPasswordTab }) => params.tab === 'email',
    hasToken: (_, params: { result: LoginResult }) =>
      params.result.token !== null && params.result.challenge === null,
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({
    mobileEnabled: input.mobileEnabled,
    resetToken: input.resetToken ?? null,
    codeSent: false,
    invalid: false,
    failure: null,
    emailForm: null,
    phoneForm: null,
    linkForm: null,
    resetUsername: null,
    outcome: null,
  }),
  initial: 'link',
  states: {
    /**
     * The form of the e-mailed reset link: the new password and its confirmation. Without a
     * token the flow goes straight on to the e-mail tab.
     */
    link: {
      always: { guard: 'hasNoResetToken', target: 'email' },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.submitReset': {
              target: 'validating',
              actions: assign({
                linkForm: ({ event }) => event.form,
                invalid: false,
                failure: null,
              }),
            },
            'user.requestNewLink': {
              target: '#forgotPassword.email',
              actions: assign({ invalid: false, failure: null, resetToken: null }),
            },
          },
        },
        validating: {
          always: [
            {
              guard: {
                type: 'isFormValid',
                params: ({ context }) => ({ form: context.linkForm as LinkResetForm }),
              },
              target: 'submitting',
            },
            {
              target: 'editing',
              actions: [
                assign({ invalid: true }),
                {
                  type: 'showFieldErrors',
                  params: ({ context }) => ({ form: context.linkForm as LinkResetForm }),
                },
              ],
            },
          ],
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'submitLinkReset',
            src: 'submitLinkReset',
            input: ({ context }) => ({
              ...(context.linkForm as LinkResetForm),
              token: context.resetToken ?? '',
            }),
            onDone: '#forgotPassword.linkDone',
            onError: [
              {
                guard: {
                  type: 'isResetTokenInvalid',
                  params: ({ event }) => ({ failure: failureOf(event.error) }),
                },
                target: 'tokenInvalid',
                actions: assign({ failure: ({ event }) => failureOf(event.error) }),
              },
              {
                target: 'editing',
                actions: assign({ failure: ({ event }) => failureOf(event.error) }),
              },
            ],
          },
        },
        /** The server's message about the dead link, and a way to ask a new e-mail. */
        tokenInvalid: {
          on: {
            'user.requestNewLink': {
              target: '#forgotPassword.email',
              actions: assign({ invalid: false, failure: null, resetToken: null }),
            },
          },
        },
      },
    },
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
    /** The reset link set the new password: a message and the way to log in with it. */
    linkDone: { type: 'final', entry: assign({ outcome: 'passwordReset' as const }) },
    /** The password is changed and the player is logged in: the app goes home. */
    done: { type: 'final', entry: assign({ outcome: 'home' as const }) },
    /** The password is changed but the automatic login did not go through. */
    loginRequired: { type: 'final', entry: assign({ outcome: 'login' as const }) },
  },
  output: ({ context }): ForgotPasswordOutput => ({ outcome: context.outcome ?? 'login' }),
});
