import { fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import {
  changePasswordErrors,
  forgotPhoneErrors,
  loginErrors,
} from '../contract/validation-engine.ts';
import type { LoginPayload, LoginResult, MemberInfo } from '../contract/identity.ts';
import type { Permission } from '../contract/system.ts';
import type { sessionMachine } from '../machines/session.machine.ts';
import { loginMachine } from '../machines/login.machine.ts';
import type { SocialProvider } from '../machines/login.machine.ts';
import type { PhoneResetForm } from '../machines/forgot-password.machine.ts';
import { registrationMachine } from '../machines/registration.machine.ts';
import { smsCountdownMachine } from '../machines/sms-countdown.machine.ts';
import { changePasswordMachine } from '../machines/change-password.machine.ts';
import { forgotPasswordMachine } from '../machines/forgot-password.machine.ts';
import type { IdentityService, SessionStore } from '../services/identity.service.ts';
import { socialStartUrl } from '../services/social-login.ts';
import { formResolver, validationTranslator } from '../services/validation.ts';
import type { CaptchaStore, IdentityFormFlows } from '../ui/identity/identity-flows.ts';

/** No answer when the site has human verification off: the field is left out of the call. */
export const withoutEmptyHuman = <T extends { humanVerification?: string }>(payload: T): T => {
  if (payload.humanVerification) return payload;
  const { humanVerification: _unused, ...rest } = payload;
  return rest as T;
};

/**
 * The identity forms' machines with their effects: login, registration, the SMS codes,
 * password change and reset (made with the first identity form, src/app/identity-actors.ts).
 */
export function createIdentityFormFlows(deps: {
  identity: IdentityService;
  sessionStore: SessionStore;
  session: ActorRefFrom<typeof sessionMachine>;
  host: string;
  humanVerification: (signal?: AbortSignal) => Promise<string>;
  captcha: CaptchaStore;
  /** The bootstrap payload's validators, once it is read. */
  validators: () => Permission['validators'] | undefined;
  storeToken: (token: string, cpw: boolean) => void;
  loadMember: () => Promise<MemberInfo>;
}): IdentityFormFlows {
  const { identity, sessionStore, session, captcha, validators, storeToken, loadMember } = deps;

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

  return {
    login,
    registration,
    registerSms,
    noLoginSms,
    loginSms,
    changePassword,
    forgotPassword,
    forms: { resolver: formResolver, translator: validationTranslator },
  };
}
