import { use } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { i18n as I18n } from 'i18next';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import type { Translate } from '../../contract/validation-engine.ts';
import type { sessionMachine } from '../../machines/session.machine.ts';
import type { loginMachine } from '../../machines/login.machine.ts';
import type { registrationMachine } from '../../machines/registration.machine.ts';
import type { smsCountdownMachine } from '../../machines/sms-countdown.machine.ts';
import type { changePasswordMachine } from '../../machines/change-password.machine.ts';
import type { forgotPasswordMachine } from '../../machines/forgot-password.machine.ts';
import type { signOutMachine } from '../../machines/sign-out.machine.ts';
import type { dialogLogic } from '../modals/dialogs.ts';
import type { RemoteDataRef } from '../hooks/use-remote-data.ts';
import { createFlowsContext } from '../hooks/flows-context.ts';

/** A captcha image kept by the app: refreshed at most once per second. */
export type CaptchaStore = {
  /** The current image as a data URI, null before the first one. */
  getSnapshot: () => string | null;
  subscribe: (listener: () => void) => () => void;
  refresh: () => void;
};

/**
 * The identity forms' flows: a form starts one with `useActorRef(flows.login, { input })` each
 * time it opens. They come with the first identity form, not with the first page.
 */
export type IdentityFormFlows = {
  login: typeof loginMachine;
  registration: typeof registrationMachine;
  /** The get-code button of the registration form (`/wps/verification/sms/register`). */
  registerSms: typeof smsCountdownMachine;
  /** The get-code button of the forgot-password form (`/wps/verification/sms/noLogin`). */
  noLoginSms: typeof smsCountdownMachine;
  /** The SMS button of the login form's SMS tab (codes for login). */
  loginSms: typeof smsCountdownMachine;
  changePassword: typeof changePasswordMachine;
  forgotPassword: typeof forgotPasswordMachine;
  /** The validation engine's schemas in react-hook-form, with texts of the active language. */
  forms: {
    resolver: <T extends FieldValues>(schema: $ZodType<T, T>) => Resolver<T>;
    translator: (i18n: Pick<I18n, 't'>) => Translate;
  };
};

/**
 * Who is at the keyboard and the identity flows, their effects supplied by the app
 * (src/app/identity-actors.ts): the session and the dialogs run for the whole visit; the
 * forms' flows are fetched with the first form (`useIdentityFormFlows`).
 */
export type IdentityFlows = {
  /** Who is at the keyboard: visitor or member (started with the stored token). */
  session: ActorRefFrom<typeof sessionMachine>;
  /** The identity popup that is open. */
  dialogs: ActorRefFrom<typeof dialogLogic>;
  /** The forms' flows: one promise, made at its first call. */
  formFlows: () => Promise<IdentityFormFlows>;
  /** The social login providers the server offers: SocialProvider[]. */
  socialProviders: RemoteDataRef;
  signOut: typeof signOutMachine;
  captcha: CaptchaStore;
  /** The username remember-me kept, if any. */
  rememberedUsername: () => string | null;
  /** Country codes for the phone pickers: `{ current, list }`. */
  countryCodes: RemoteDataRef;
  /**
   * Asks for the forms' lists (country codes, social providers): the app does once the first
   * page has loaded, not beside it (issue 35); a form that shows them does as it opens.
   */
  warmUp: () => void;
};

export const [IdentityFlowsProvider, useIdentityFlows] =
  createFlowsContext<IdentityFlows>('Identity');

/** The session actor (member, balance, unread count, notifications). */
export const useSession = () => useIdentityFlows().session;

/** The identity popups (login, register, forgot, change password). */
export const useDialogs = () => useIdentityFlows().dialogs;

/** The identity forms' flows; a form suspends (its Suspense shows loading) until they are made. */
export const useIdentityFormFlows = (): IdentityFormFlows => use(useIdentityFlows().formFlows());
