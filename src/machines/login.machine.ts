import { and, assign, fromPromise, or, setup } from 'xstate';
import type { LoginPayload, LoginResult, MemberInfo } from '../contract/identity.ts';
import type { secondFactors } from '../contract/identity.ts';
import { failureOf, type Failure } from './session.machine.ts';

export type LoginTab = 'username' | 'sms';
export type SecondFactor = (typeof secondFactors)[number];
export type SocialProvider = 'google' | 'facebook';

/** What the login form sends: the login payload without the human-verification answer. */
export type LoginForm = Omit<LoginPayload, 'humanVerification'>;

/** Why the change-password popup follows the login. */
export type PasswordChangeReason = 'defaultPassword' | 'expired';

export type LoginInput = {
  /** SMS-code login module on: the SMS tab shows. */
  smsLoginEnabled: boolean;
  /** Free play module on. */
  freePlayEnabled: boolean;
  /** Social login buttons that are enabled. */
  socialProviders: readonly SocialProvider[];
  /** The site's default password (the spec's {secret}); null when none is configured. */
  defaultPassword: string | null;
};

export type LoginContext = LoginInput & {
  tab: LoginTab;
  /** The last submitted form (trimmed by the form); the password is handed to the popup. */
  form: LoginForm | null;
  /** The last submit failed the field rules: the form shows the errors under the fields. */
  invalid: boolean;
  humanVerification: string | null;
  /** The server asked for a captcha: the captcha image shows and is required. */
  captchaRequired: boolean;
  failure: Failure | null;
  challenge: { challengeId: string; factors: SecondFactor[] } | null;
  factor: SecondFactor | null;
  /** The SMS or e-mail factor whose code was sent, and for how many minutes it is valid. */
  codeSent: { factor: SecondFactor; expiredMinutes: number } | null;
  result: LoginResult | null;
  member: MemberInfo | null;
  passwordChangeReason: PasswordChangeReason | null;
};

export type LoginEvent =
  | { type: 'user.selectTab'; tab: LoginTab }
  | { type: 'user.submit'; form: LoginForm }
  | { type: 'user.refreshCaptcha' }
  | { type: 'user.freePlay' }
  /** Remember-me: log in again as the remembered player without the password. */
  | { type: 'user.continueRemembered' }
  /** Remember-me: this device forgets the remembered player. */
  | { type: 'user.forgetRemembered' }
  | { type: 'user.social'; provider: SocialProvider }
  | { type: 'user.selectFactor'; factor: SecondFactor }
  | { type: 'user.sendCode' }
  | { type: 'user.submitCode'; code: string }
  | { type: 'user.cancel' }
  | { type: 'user.dismiss' };

export type LoginOutput =
  | { outcome: 'home' }
  | { outcome: 'changePassword'; reason: PasswordChangeReason; password: string | null };

/** Context fields cleared when the form is shown again. */
const clearedAttempt = {
  failure: null,
  invalid: false,
  humanVerification: null,
  challenge: null,
  factor: null,
  codeSent: null,
} as const;

/**
 * The login modal (spec section 4, "Login"): validate, human verification (skipped for SMS),
 * the login call, a second factor for an IP the account has not used (an SMS or e-mail code is
 * sent on request), token stored; first-time login action; forced password change for the
 * default or an expired password unless the login was by SMS; otherwise login info loads and
 * the after-login modal shows; then home. Free play and social login start from the same modal.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginOutput,
  },
  actors: {
    /** Human verification (proof of work); resolves with the answer the login call carries. */
    verifyHuman: fromPromise<string>(async () => {
      throw new Error('verifyHuman is supplied by the app');
    }),
    submitLogin: fromPromise<LoginResult, { payload: LoginPayload }>(async () => {
      throw new Error('submitLogin is supplied by the app');
    }),
    verifySecondFactor: fromPromise<
      LoginResult,
      { challengeId: string; factor: SecondFactor; code: string }
    >(async () => {
      throw new Error('verifySecondFactor is supplied by the app');
    }),
    /** Sends the SMS or e-mail code of the challenge; resolves with its validity. */
    sendSecondFactorCode: fromPromise<
      { expiredMinutes: number },
      { challengeId: string; factor: 'sms' | 'email' }
    >(async () => {
      throw new Error('sendSecondFactorCode is supplied by the app');
    }),
    submitFreePlay: fromPromise<LoginResult>(async () => {
      throw new Error('submitFreePlay is supplied by the app');
    }),
    /** The remember-me login of this device (its httpOnly cookie). */
    submitRemembered: fromPromise<LoginResult>(async () => {
      throw new Error('submitRemembered is supplied by the app');
    }),
    /** Starts the OAuth redirect; the page leaves when it resolves. */
    startSocialLogin: fromPromise<void, { provider: SocialProvider }>(async () => {
      throw new Error('startSocialLogin is supplied by the app');
    }),
    /** Member info and what follows a login (announcements, unread, balance). */
    loadLoginInfo: fromPromise<MemberInfo>(async () => {
      throw new Error('loadLoginInfo is supplied by the app');
    }),
  },
  actions: {
    /** Shows the field rules' errors under the fields (the app runs the same validator). */
    showFieldErrors: (_, _params: { form: LoginForm }) => {},
    refreshCaptcha: () => {},
    storeToken: (_, _params: { token: string; cpw: boolean }) => {},
    /** First-time login: the app records it (cpw flag, analytics). */
    runFirstLoginAction: () => {},
    storeLoginInfo: (_, _params: { member: MemberInfo }) => {},
    /** Remember-me: the app forgets the remembered username and this device's cookie. */
    forgetRemembered: () => {},
  },
  guards: {
    /** The field rules of the login form; supplied by the app (the shared validator). */
    isFormValid: (_, _params: { form: LoginForm }) => false,
    isTabEnabled: ({ context }, params: { tab: LoginTab }) =>
      params.tab === 'username' || context.smsLoginEnabled,
    isFreePlayEnabled: ({ context }) => context.freePlayEnabled,
    isSocialProviderEnabled: ({ context }, params: { provider: SocialProvider }) =>
      context.socialProviders.includes(params.provider),
    isSmsLogin: ({ context }) => context.form?.type === 'sms',
    isPasswordLogin: ({ context }) => context.form?.type === 'username',
    /**
     * Still the initial (default) password an operator or agent gave the account: the server
     * says so with firstTimeLogin; a site may also name its default password in the input.
     */
    isDefaultPassword: ({ context }) =>
      context.result?.firstTimeLogin === true ||
      (context.defaultPassword !== null && context.form?.password === context.defaultPassword),
    isPasswordExpired: ({ context }) => context.result?.passwordExpired === true,
    isFirstTimeLogin: ({ context }) => context.result?.firstTimeLogin === true,
    /** Forced change: a password login with the default or an expired password (not SMS). */
    isPasswordChangeRequired: and([
      'isPasswordLogin',
      or(['isDefaultPassword', 'isPasswordExpired']),
    ]),
    hasChallenge: (_, params: { result: LoginResult }) =>
      params.result.challenge !== null || params.result.token === null,
    /**
     * The next try needs the captcha: the server refused one without it, or its failed reply
     * says so (detail.captchaRequired), so the field shows before that try.
     */
    isCaptchaRequired: (_, params: { error: unknown }) =>
      failureOf(params.error).code === 'captcha_required' ||
      (params.error as { detail?: { captchaRequired?: unknown } } | null)?.detail
        ?.captchaRequired === true,
    isCaptchaShown: ({ context }) => context.captchaRequired,
    isOfferedFactor: ({ context }, params: { factor: SecondFactor }) =>
      context.challenge?.factors.includes(params.factor) === true,
    /** The chosen factor takes a code the server sends (SMS or e-mail), not an authenticator. */
    isSentCodeFactor: ({ context }) => context.factor === 'sms' || context.factor === 'email',
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    ...input,
    tab: 'username',
    form: null,
    captchaRequired: false,
    result: null,
    member: null,
    passwordChangeReason: null,
    ...clearedAttempt,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.selectTab': {
          guard: { type: 'isTabEnabled', params: ({ event }) => ({ tab: event.tab }) },
          actions: assign({ tab: ({ event }) => event.tab, ...clearedAttempt }),
        },
        'user.submit': {
          target: 'validating',
          actions: assign({ form: ({ event }) => event.form, ...clearedAttempt }),
        },
        'user.refreshCaptcha': { guard: 'isCaptchaShown', actions: 'refreshCaptcha' },
        'user.freePlay': {
          guard: 'isFreePlayEnabled',
          target: 'submittingFreePlay',
          actions: assign({ form: null, ...clearedAttempt }),
        },
        'user.continueRemembered': {
          target: 'submittingRemembered',
          actions: assign({ form: null, ...clearedAttempt }),
        },
        'user.forgetRemembered': { actions: 'forgetRemembered' },
        'user.social': {
          guard: {
            type: 'isSocialProviderEnabled',
            params: ({ event }) => ({ provider: event.provider }),
          },
          target: 'startingSocialLogin',
          actions: assign({ ...clearedAttempt }),
        },
      },
    },
    validating: {
      always: [
        {
          guard: {
            type: 'isFormValid',
            params: ({ context }) => ({ form: context.form as LoginForm }),
          },
          target: 'choosingChallenge',
        },
        {
          target: 'idle',
          actions: [
            assign({ invalid: true }),
            {
              type: 'showFieldErrors',
              params: ({ context }) => ({ form: context.form as LoginForm }),
            },
          ],
        },
      ],
    },
    /** Human verification for a password login; an SMS login skips it. */
    choosingChallenge: {
      always: [{ guard: 'isSmsLogin', target: 'submitting' }, { target: 'challenge' }],
    },
    challenge: {
      tags: ['busy'],
      invoke: {
        id: 'verifyHuman',
        src: 'verifyHuman',
        onDone: {
          target: 'submitting',
          actions: assign({ humanVerification: ({ event }) => event.output }),
        },
        onError: {
          target: 'idle',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitLogin',
        src: 'submitLogin',
        input: ({ context }) => ({
          payload: {
            ...(context.form as LoginForm),
            ...(context.humanVerification === null
              ? {}
              : { humanVerification: context.humanVerification }),
          },
        }),
        onDone: [
          {
            guard: { type: 'hasChallenge', params: ({ event }) => ({ result: event.output }) },
            target: 'secondFactor',
            actions: assign({
              challenge: ({ event }) => event.output.challenge,
              factor: ({ event }) => event.output.challenge?.factors[0] ?? null,
            }),
          },
          { target: 'authenticated', actions: assign({ result: ({ event }) => event.output }) },
        ],
        onError: [
          {
            guard: { type: 'isCaptchaRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: [
              assign({ captchaRequired: true, failure: ({ event }) => failureOf(event.error) }),
              'refreshCaptcha',
            ],
          },
          {
            // A captcha answer is single use: a shown captcha is refreshed after every failure.
            guard: 'isCaptchaShown',
            target: 'idle',
            actions: [assign({ failure: ({ event }) => failureOf(event.error) }), 'refreshCaptcha'],
          },
          { target: 'idle', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
        ],
      },
    },
    secondFactor: {
      on: {
        'user.selectFactor': {
          guard: { type: 'isOfferedFactor', params: ({ event }) => ({ factor: event.factor }) },
          actions: assign({ factor: ({ event }) => event.factor, failure: null }),
        },
        'user.sendCode': { guard: 'isSentCodeFactor', target: 'sendingSecondFactorCode' },
        'user.submitCode': { target: 'verifyingSecondFactor' },
        'user.cancel': { target: 'idle', actions: assign({ ...clearedAttempt }) },
      },
    },
    /** The SMS or e-mail code is on its way; a failure stays on the step with its message. */
    sendingSecondFactorCode: {
      tags: ['busy'],
      invoke: {
        id: 'sendSecondFactorCode',
        src: 'sendSecondFactorCode',
        input: ({ context }) => ({
          challengeId: context.challenge?.challengeId ?? '',
          factor: context.factor === 'email' ? ('email' as const) : ('sms' as const),
        }),
        onDone: {
          target: 'secondFactor',
          actions: assign({
            failure: null,
            codeSent: ({ context, event }) => ({
              factor: context.factor ?? 'sms',
              expiredMinutes: event.output.expiredMinutes,
            }),
          }),
        },
        onError: {
          target: 'secondFactor',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    verifyingSecondFactor: {
      tags: ['busy'],
      invoke: {
        id: 'verifySecondFactor',
        src: 'verifySecondFactor',
        input: ({ context, event }) => ({
          challengeId: context.challenge?.challengeId ?? '',
          factor: context.factor ?? 'sms',
          code: event.type === 'user.submitCode' ? event.code : '',
        }),
        onDone: {
          target: 'authenticated',
          actions: assign({ result: ({ event }) => event.output, challenge: null }),
        },
        onError: {
          target: 'secondFactor',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    submittingFreePlay: {
      tags: ['busy'],
      invoke: {
        id: 'submitFreePlay',
        src: 'submitFreePlay',
        onDone: {
          target: 'authenticated',
          actions: assign({ result: ({ event }) => event.output }),
        },
        onError: {
          target: 'idle',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    /** The remembered device logs in again (no password, no human check, no second factor). */
    submittingRemembered: {
      tags: ['busy'],
      invoke: {
        id: 'submitRemembered',
        src: 'submitRemembered',
        onDone: {
          target: 'authenticated',
          actions: assign({ result: ({ event }) => event.output }),
        },
        // Expired or used up: the device is forgotten and the password form stays.
        onError: {
          target: 'idle',
          actions: [assign({ failure: ({ event }) => failureOf(event.error) }), 'forgetRemembered'],
        },
      },
    },
    startingSocialLogin: {
      tags: ['busy'],
      invoke: {
        id: 'startSocialLogin',
        src: 'startSocialLogin',
        input: ({ event }) => ({
          provider: event.type === 'user.social' ? event.provider : 'google',
        }),
        onDone: 'redirecting',
        onError: {
          target: 'idle',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    /** The page is leaving for the provider's sign-in. */
    redirecting: { tags: ['busy'] },
    /** Token received: decides between the forced password change and the after-login path. */
    authenticated: {
      entry: [
        {
          type: 'storeToken',
          params: ({ context }) => ({
            token: context.result?.token ?? '',
            cpw:
              context.result?.firstTimeLogin === true || context.result?.passwordExpired === true,
          }),
        },
      ],
      always: [
        { guard: 'isFirstTimeLogin', target: 'deciding', actions: 'runFirstLoginAction' },
        { target: 'deciding' },
      ],
    },
    deciding: {
      always: [
        {
          guard: 'isPasswordChangeRequired',
          target: 'forcedPasswordChange',
          actions: assign({
            passwordChangeReason: ({ context }) =>
              context.result?.passwordExpired === true
                ? ('expired' as const)
                : ('defaultPassword' as const),
          }),
        },
        { target: 'loadingLoginInfo' },
      ],
    },
    /** Ends the modal; the app opens the change-password popup with the held password. */
    forcedPasswordChange: { type: 'final' },
    loadingLoginInfo: {
      tags: ['busy'],
      invoke: {
        id: 'loadLoginInfo',
        src: 'loadLoginInfo',
        onDone: {
          target: 'afterLogin',
          actions: [
            assign({ member: ({ event }) => event.output }),
            { type: 'storeLoginInfo', params: ({ event }) => ({ member: event.output }) },
          ],
        },
        // The token is stored: the after-login modal still shows (the previous login time
        // comes with the login result); the site reads member info again on its own.
        onError: 'afterLogin',
      },
    },
    /** The after-login modal (previous login time). */
    afterLogin: { on: { 'user.dismiss': 'done' } },
    done: { type: 'final' },
  },
  output: ({ context }): LoginOutput =>
    context.passwordChangeReason === null
      ? { outcome: 'home' }
      : {
          outcome: 'changePassword',
          reason: context.passwordChangeReason,
          password: context.form?.password ?? null,
        },
});
