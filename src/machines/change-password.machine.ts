import { assign, fromPromise, setup } from 'xstate';
import { failureOf, type Failure } from './session.machine.ts';

/** Why the popup opened: its title says so; a forced change cannot be closed. */
export type ChangePasswordReason = 'firstLogin' | 'expired' | 'voluntary';

export type ChangePasswordForm = {
  /** Asked only when no password is held from the login. */
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
};

/** The body of the change-password call (contract `changePasswordPayloadSchema`). */
export type ChangePasswordPayload = {
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
};

export type ChangePasswordInput = {
  reason: ChangePasswordReason;
  /** Shown read-only when known. */
  username: string | null;
  /** The password just used to log in, when the popup follows a login. */
  heldPassword: string | null;
};

export type ChangePasswordContext = ChangePasswordInput & {
  /**
   * The current-password field shows: a voluntary change only (the server asks no current
   * password of a session that must change it, after a reload as after the login).
   */
  askCurrentPassword: boolean;
  form: ChangePasswordForm | null;
  invalid: boolean;
  failure: Failure | null;
  outcome: 'home' | 'closed' | null;
};

export type ChangePasswordEvent =
  { type: 'user.submit'; form: ChangePasswordForm } | { type: 'user.close' };

/**
 * The change-password popup (spec section 4, "Password change"): validate, the call, then login
 * info is reloaded and the popup closes for home. A failure shows the server's message only.
 */
export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as ChangePasswordInput,
    output: {} as { outcome: 'home' | 'closed' },
  },
  actors: {
    submitPasswordChange: fromPromise<void, { payload: ChangePasswordPayload }>(async () => {
      throw new Error('submitPasswordChange is supplied by the app');
    }),
  },
  actions: {
    showFieldErrors: (_, _params: { form: ChangePasswordForm; askCurrentPassword: boolean }) => {},
    /** Member info and the cpw flag again, after the change. */
    reloadLoginInfo: () => {},
  },
  guards: {
    /** The change-password field rules; supplied by the app (the shared validator). */
    isFormValid: (_, _params: { form: ChangePasswordForm; askCurrentPassword: boolean }) => false,
    isVoluntary: ({ context }) => context.reason === 'voluntary',
  },
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({
    ...input,
    askCurrentPassword: input.reason === 'voluntary',
    form: null,
    invalid: false,
    failure: null,
    outcome: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.submit': {
          target: 'validating',
          actions: assign({ form: ({ event }) => event.form, invalid: false, failure: null }),
        },
        'user.close': {
          guard: 'isVoluntary',
          target: 'closed',
          actions: assign({ outcome: 'closed' as const }),
        },
      },
    },
    validating: {
      always: [
        {
          guard: {
            type: 'isFormValid',
            params: ({ context }) => ({
              form: context.form as ChangePasswordForm,
              askCurrentPassword: context.askCurrentPassword,
            }),
          },
          target: 'submitting',
        },
        {
          target: 'editing',
          actions: [
            assign({ invalid: true }),
            {
              type: 'showFieldErrors',
              params: ({ context }) => ({
                form: context.form as ChangePasswordForm,
                askCurrentPassword: context.askCurrentPassword,
              }),
            },
          ],
        },
      ],
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitPasswordChange',
        src: 'submitPasswordChange',
        input: ({ context }) => {
          const form = context.form as ChangePasswordForm;
          const oldPassword = context.askCurrentPassword ? form.oldPassword : context.heldPassword;
          return {
            payload: {
              ...(oldPassword === undefined || oldPassword === null ? {} : { oldPassword }),
              newPassword: form.newPassword,
              confirmNewPassword: form.confirmNewPassword,
            },
          };
        },
        onDone: {
          target: 'done',
          actions: ['reloadLoginInfo', assign({ outcome: 'home' as const })],
        },
        onError: {
          target: 'editing',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    /** The popup closes and the app goes home. */
    done: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ outcome: context.outcome ?? 'closed' }),
});
