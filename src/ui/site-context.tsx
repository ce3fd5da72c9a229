import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { systemStatusMachine } from '../machines/system-status.machine.ts';
import type { preferencesMachine } from '../machines/preferences.machine.ts';
import type { remoteDataMachine } from '../machines/remote-data.machine.ts';
import type { sessionMachine } from '../machines/session.machine.ts';
import type { loginMachine } from '../machines/login.machine.ts';
import type { registrationMachine } from '../machines/registration.machine.ts';
import type { smsCountdownMachine } from '../machines/sms-countdown.machine.ts';
import type { changePasswordMachine } from '../machines/change-password.machine.ts';
import type { forgotPasswordMachine } from '../machines/forgot-password.machine.ts';
import type { signOutMachine } from '../machines/sign-out.machine.ts';
import type { memberCenterMachine } from '../machines/member-center.machine.ts';
import type { headerBalanceMachine } from '../machines/header-balance.machine.ts';
import type { dialogLogic } from './modals/dialogs.ts';
import type { RecordsFlows } from './member-center/records-flows.ts';
import type { SecurityFlows } from './member-center/security-flows.ts';
import type { WithdrawFlows } from './member-center/withdraw-flows.ts';
import type { DepositFlows } from './member-center/deposit-flows.ts';
import type { i18n as I18n } from 'i18next';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { Translate } from '../contract/validation-engine.ts';

export type RemoteDataRef = ActorRefFrom<typeof remoteDataMachine>;

/** A captcha image kept by the app: refreshed at most once per second. */
export type CaptchaStore = {
  /** The current image as a data URI, null before the first one. */
  getSnapshot: () => string | null;
  subscribe: (listener: () => void) => () => void;
  refresh: () => void;
};

/**
 * The identity flows, their effects supplied by the app (`machine.provide(...)`): a screen
 * starts one with `useActorRef(flows.login, { input })` each time it opens.
 */
export type IdentityFlows = {
  login: typeof loginMachine;
  registration: typeof registrationMachine;
  /** The get-code button of the registration form (`/wps/verification/sms/register`). */
  registerSms: typeof smsCountdownMachine;
  /** The get-code button of the forgot-password form (`/wps/verification/sms/noLogin`). */
  noLoginSms: typeof smsCountdownMachine;
  /** The SMS button of the login form's SMS tab (codes for login). */
  loginSms: typeof smsCountdownMachine;
  /** The social login providers the server offers: SocialProvider[]. */
  socialProviders: RemoteDataRef;
  changePassword: typeof changePasswordMachine;
  forgotPassword: typeof forgotPasswordMachine;
  signOut: typeof signOutMachine;
  captcha: CaptchaStore;
  /** The username remember-me kept, if any. */
  rememberedUsername: () => string | null;
  /** The validation engine's schemas in react-hook-form, with texts of the active language. */
  forms: {
    resolver: <T extends FieldValues>(schema: z.ZodType<T, T>) => Resolver<T>;
    translator: (i18n: Pick<I18n, 't'>) => Translate;
  };
  /** Country codes for the phone pickers: `{ current, list }`. */
  countryCodes: RemoteDataRef;
};

/**
 * The running actors the app (src/app) creates and the UI reads. Each remote resource states
 * the type its data has, as the app's loader returns it.
 */
export type SiteActors = {
  systemStatus: ActorRefFrom<typeof systemStatusMachine>;
  preferences: ActorRefFrom<typeof preferencesMachine>;
  /** Banner[] of every group; the banner carousel picks the route's group. */
  banners: RemoteDataRef;
  /** { list, popup, promotion } announcements for the notice marquee and notice page. */
  notices: RemoteDataRef;
  /** { lanes } game vendors by category for the nav dropdowns, footer strip and lobbies. */
  vendors: RemoteDataRef;
  /** { sections } help center articles in the current language. */
  helpCenter: RemoteDataRef;
  /** Who is at the keyboard: visitor or member (started with the stored token). */
  session: ActorRefFrom<typeof sessionMachine>;
  /** The identity popup that is open. */
  dialogs: ActorRefFrom<typeof dialogLogic>;
  identity: IdentityFlows;
  /** Account record, bonus details, my wallet, transfer to upline and platform messages. */
  records: RecordsFlows;
  /** The security center page's flows (authenticator, contact change, summary). */
  security: SecurityFlows;
  /** The withdrawal page's flows (page, confirmation). */
  withdraw: WithdrawFlows;
  /** The deposit page's flow (depositv2). */
  deposit: DepositFlows;
  /** The member center overlay: closed, or open on a page. */
  memberCenter: ActorRefFrom<typeof memberCenterMachine>;
  /** The header balance's refresh and show/hide. */
  headerBalance: ActorRefFrom<typeof headerBalanceMachine>;
};

export const SiteContext = createContext<SiteActors | null>(null);

export function useSite(): SiteActors {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite needs <SiteContext.Provider> from src/app');
  return site;
}
