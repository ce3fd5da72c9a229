import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import {
  changePasswordErrors,
  forgotPhoneErrors,
  loginErrors,
} from '../contract/validation-engine.ts';
import type { LoginPayload, LoginResult, MemberInfo } from '../contract/identity.ts';
import type { Permission } from '../contract/system.ts';
import { sessionMachine } from '../machines/session.machine.ts';
import { loginMachine } from '../machines/login.machine.ts';
import type { SocialProvider } from '../machines/login.machine.ts';
import type { PhoneResetForm } from '../machines/forgot-password.machine.ts';
import { registrationMachine } from '../machines/registration.machine.ts';
import { smsCountdownMachine } from '../machines/sms-countdown.machine.ts';
import { changePasswordMachine } from '../machines/change-password.machine.ts';
import { forgotPasswordMachine } from '../machines/forgot-password.machine.ts';
import { signOutMachine } from '../machines/sign-out.machine.ts';
import { remoteDataMachine } from '../machines/remote-data.machine.ts';
import type { systemStatusMachine } from '../machines/system-status.machine.ts';
import type { IdentityService, SessionStore } from '../services/identity.service.ts';
import type { SystemService } from '../services/system.service.ts';
import {
  readSocialReturn,
  socialStartUrl,
  withoutSocialReturn,
  type SocialLoginClient,
} from '../services/social-login.ts';
import { constants } from '../contract/constants.ts';
import { formResolver, validationTranslator } from '../services/validation.ts';
import { dialogLogic } from '../ui/modals/dialogs.ts';
import type { CaptchaStore, IdentityFlows } from '../ui/identity/identity-flows.ts';

type Deps = {
  identity: IdentityService;
  system: SystemService;
  sessionStore: SessionStore;
  systemStatus: ActorRefFrom<typeof systemStatusMachine>;
  host: string;
  social: SocialLoginClient;
  humanVerification: (signal?: AbortSignal) => Promise<string>;
  /** Client-side navigation (the router is made after the actors). */
  navigate: (path: string) => void;
};

/** The captcha image: a new one per refresh, at most one request per second. */
function createCaptchaStore(identity: IdentityService): CaptchaStore {
  let image: string | null = null;
  let last = -Infinity;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => image,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh() {
      const now = Date.now();
      if (now - last < constants.captchaRefreshMs) return;
      last = now;
      identity.captcha().then(
        (next) => {
          image = next;
          for (const listener of listeners) listener();
        },
        () => {
          // The image stays; the player can click it again.
        },
      );
    },
  };
}

/** No answer when the site has human verification off: the field is left out of the call. */
const withoutEmptyHuman = <T extends { humanVerification?: string }>(payload: T): T => {
  if (payload.humanVerification) return payload;
  const { humanVerification: _unused, ...rest } = payload;
  return rest as T;
};

/**
 * The session, the dialogs and the identity flows, with their effects supplied from the
 * identity service and the session store.
 */
export function createIdentityActors(deps: Deps) {
  const { identity, sessionStore, systemStatus } = deps;
  const permission = (): Permission | null => systemStatus.getSnapshot().context.permission;

  const session = createActor(
    sessionMachine.provide({
      actors: { loadMemberInfo: fromPromise(({ signal }) => identity.memberInfo(signal)) },
      actions: {
        storeSession: (_, params) => sessionStore.write(params),
        clearSession: () => sessionStore.clear(),
      },
    }),
    { input: { token: sessionStore.token(), cpw: sessionStore.cpw() } },
  );

  const dialogs = createActor(dialogLogic);
  // A stored session whose password must change (a reload, a new tab) opens the forced change
  // once its member info is read; a login opens it itself, with its reason and password.
  let checkingStoredToken = false;
  session.subscribe((snapshot) => {
    const fromStoredToken = checkingStoredToken;
    checkingStoredToken = snapshot.matches('loadingMember');
    if (!fromStoredToken || !snapshot.matches('passwordChange')) return;
    if (dialogs.getSnapshot().context.open === 'changePassword') return;
    dialogs.send({ type: 'app.openChangePassword', reason: 'firstLogin', heldPassword: null });
  });

  const loadMember = async (): Promise<MemberInfo> => {
    const member = await identity.memberInfo();
    session.send({ type: 'app.memberLoaded', member });
    return member;
  };
  const storeToken = (token: string, cpw: boolean) => {
    if (!token) return;
    sessionStore.write({ token, member: null, isAgent: false, cpw });
    session.send({ type: 'app.loggedIn', token, member: null, cpw });
  };

  const captcha = createCaptchaStore(identity);
  const validators = () => permission()?.validators;

  const login = loginMachine.provide({
    actors: {
      verifyHuman: fromPromise(({ signal }) => deps.humanVerification(signal)),
      submitLogin: fromPromise(async ({ input }) => {
        const result = await identity.login(withoutEmptyHuman<LoginPayload>(input.payload));
        // Remember-me keeps the username (never the password) for a day.
        if (input.payload.type === 'username') {
          sessionStore.rememberUsername(input.payload.rememberMe ? input.payload.username : null);
        }
        return result;
      }),
      verifySecondFactor: fromPromise(({ input }) => identity.verifyLogin(input)),
      sendSecondFactorCode: fromPromise(({ input }) => identity.sendLoginCode(input)),
      submitFreePlay: fromPromise(() => identity.freePlay(navigator.platform || 'web')),
      submitRemembered: fromPromise(() => identity.loginRemembered()),
      // A full-page navigation: the server redirects to the provider (PKCE, state, nonce).
      startSocialLogin: fromPromise<void, { provider: SocialProvider }>(async ({ input }) => {
        window.location.assign(socialStartUrl(input.provider));
      }),
      loadLoginInfo: fromPromise(() => loadMember()),
    },
    actions: {
      refreshCaptcha: () => captcha.refresh(),
      storeToken: (_, { token, cpw }) => storeToken(token, cpw),
      storeLoginInfo: () => {},
      forgetRemembered: () => {
        sessionStore.rememberUsername(null);
        void identity.forgetDevice().catch(() => {});
      },
    },
    guards: {
      isFormValid: ({ context }, { form }) => {
        const rules = validators();
        if (!rules) return false;
        const options = { type: form.type, captchaShown: context.captchaRequired };
        return Object.keys(loginErrors(form, rules, options)).length === 0;
      },
    },
  });

  const registration = registrationMachine.provide({
    actors: {
      checkAffiliate: fromPromise(({ input, signal }) =>
        identity.checkAffiliate(input.code, deps.host, signal),
      ),
      verifyHuman: fromPromise(({ signal }) => deps.humanVerification(signal)),
      submitRegistration: fromPromise(async ({ input }) => {
        const { form, registerType, affiliateCode, referralCode } = input;
        const { agreeTerms: _t, confirmAge: _a, ...fields } = form;
        const byMobile = registerType === 'mobile';
        const result: LoginResult = await identity.register(
          withoutEmptyHuman({
            ...Object.fromEntries(
              Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''),
            ),
            username: byMobile ? (form.mobileNum ?? '').trim() : (form.username ?? '').trim(),
            ...(affiliateCode ? { affiliateCode } : {}),
            ...(referralCode ? { referralCode } : {}),
            domain: deps.host.replace(/:\d+$/, ''),
            registerUrl: window.location.href,
            registerMethod: 'WEB' as const,
            agreeTerms: true as const,
            login: true,
            humanVerification: input.humanVerification,
          }),
          byMobile,
        );
        if (result.token) storeToken(result.token, false);
      }),
      loadMemberInfo: fromPromise(() => loadMember()),
    },
  });

  const registerSms = smsCountdownMachine.provide({
    actors: {
      sendCode: fromPromise(async ({ input, signal }) =>
        identity.smsRegister(
          withoutEmptyHuman({
            ...input,
            humanVerification: input.humanVerification || (await deps.humanVerification(signal)),
          }),
        ),
      ),
    },
  });
  const noLoginSmsFor = (purpose: 'login' | 'resetPassword') =>
    smsCountdownMachine.provide({
      actors: {
        sendCode: fromPromise(async ({ input, signal }) =>
          identity.smsNoLogin({
            ...withoutEmptyHuman({
              ...input,
              humanVerification: input.humanVerification || (await deps.humanVerification(signal)),
            }),
            purpose,
          }),
        ),
      },
    });
  const noLoginSms = noLoginSmsFor('resetPassword');
  const loginSms = noLoginSmsFor('login');

  const changePassword = changePasswordMachine.provide({
    actors: {
      submitPasswordChange: fromPromise(async ({ input }) => {
        await identity.changePassword(input.payload);
      }),
    },
    actions: {
      reloadLoginInfo: () => {
        session.send({ type: 'app.passwordChanged' });
        void loadMember().catch(() => {});
      },
    },
    guards: {
      isFormValid: (_, { form, askCurrentPassword }) => {
        const rules = validators();
        if (!rules) return false;
        const errors = changePasswordErrors(form, rules, { askCurrent: askCurrentPassword });
        return Object.keys(errors).length === 0;
      },
    },
  });

  const forgotPassword = forgotPasswordMachine.provide({
    actors: {
      requestEmailReset: fromPromise(({ input }) => identity.passwordEmail(input)),
      submitPhoneReset: fromPromise(({ input }: { input: PhoneResetForm }) =>
        identity.passwordVerification({
          ...input,
          mobileNum: input.mobileNum.trim(),
          verificationCode: input.verificationCode.trim(),
        }),
      ),
      // A username login: it answers the human verification like the login form.
      autoLogin: fromPromise(async ({ input, signal }) =>
        identity.login(
          withoutEmptyHuman<LoginPayload>({
            type: 'username',
            username: input.username,
            password: input.password,
            humanVerification: await deps.humanVerification(signal),
          }),
        ),
      ),
      submitLinkReset: fromPromise(({ input }) => identity.passwordReset(input)),
    },
    actions: {
      storeToken: (_, { token, cpw }) => {
        storeToken(token, cpw);
        // The header shows the account once its info is read.
        void loadMember().catch(() => {});
      },
    },
    guards: {
      isFormValid: (_, { form }) => {
        if ('email' in form) {
          return form.username.trim() !== '' && /^[^\s@]+@[^\s@]+$/.test(form.email.trim());
        }
        const rules = validators();
        if (!rules) return false;
        const errors =
          'confirmNewPassword' in form
            ? changePasswordErrors(form, rules, { askCurrent: false })
            : forgotPhoneErrors(form, rules);
        return Object.keys(errors).length === 0;
      },
    },
  });

  const signOut = signOutMachine.provide({
    actors: { submitLogout: fromPromise(() => identity.logout()) },
    actions: {
      clearSession: () => session.send({ type: 'app.loggedOut' }),
      clearAgentAndVipState: () => dialogs.send({ type: 'user.close' }),
      goHome: () => deps.navigate('/'),
    },
  });

  const countryCodes = createActor(
    remoteDataMachine.provide({
      actors: { load: fromPromise(({ signal }) => deps.system.getCountryCodes(signal)) },
    }),
    { input: { params: {} } },
  );

  const socialProviders = createActor(
    remoteDataMachine.provide({
      actors: { load: fromPromise(({ signal }) => deps.social.providers(signal)) },
    }),
    { input: { params: {} } },
  );

  /**
   * Back from a social sign-in: `?social=<one-time code>` is traded once for a session and
   * taken out of the address; a failed trade goes to /login with its error.
   */
  async function completeSocialReturn() {
    const back = readSocialReturn(window.location.search);
    if (!back.code) return;
    window.history.replaceState(null, '', withoutSocialReturn(window.location.href));
    try {
      const result = await deps.social.exchangeSocialCode(back.code);
      if (!result.token) return;
      storeToken(result.token, false);
      await loadMember();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      deps.navigate(
        `/login?socialError=${typeof code === 'string' ? code : 'social_login_failed'}`,
      );
    }
  }

  const flows: IdentityFlows = {
    session,
    dialogs,
    login,
    registration,
    registerSms,
    noLoginSms,
    loginSms,
    socialProviders,
    changePassword,
    forgotPassword,
    signOut,
    captcha,
    rememberedUsername: () => sessionStore.rememberedUsername(),
    countryCodes,
    forms: { resolver: formResolver, translator: validationTranslator },
  };

  return {
    session,
    dialogs,
    flows,
    start: () => {
      [session, dialogs, countryCodes, socialProviders].forEach((a) => a.start());
      void completeSocialReturn();
    },
  };
}
