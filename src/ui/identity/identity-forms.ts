import { lazy } from 'react';
import type { ComponentType } from 'react';

/**
 * The identity forms (react-hook-form, the validation engine's resolvers, their flows) are not
 * part of the first page's script: each is its own chunk, asked for when a visitor points at,
 * focuses or touches a login or register control (`prefetchIdentityForm`), so its popup opens
 * with the form in the same frame; a popup opened another way loads its form as it opens (a
 * spinner meanwhile).
 */

/** A thenable that answers at once: React.lazy then renders the component without suspending. */
function settled<T>(value: T): Promise<T> {
  return { then: (onFulfilled: (value: T) => unknown) => onFulfilled(value) } as Promise<T>;
}

function lazyForm<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  let ready: ComponentType<P> | null = null;
  const fetch = () => load().then((module) => (ready = pick(module)));
  const Component = lazy(() =>
    ready ? settled({ default: ready }) : fetch().then((loaded) => ({ default: loaded })),
  );
  return {
    Component,
    prefetch: () => {
      if (!ready) fetch().catch(() => {});
    },
  };
}

const forms = {
  login: lazyForm(
    () => import('./login-flow.tsx'),
    (m) => m.LoginFlow,
  ),
  register: lazyForm(
    () => import('./register-flow.tsx'),
    (m) => m.RegisterFlow,
  ),
  forgot: lazyForm(
    () => import('./forgot-flow.tsx'),
    (m) => m.ForgotFlow,
  ),
  changePassword: lazyForm(
    () => import('./change-password-flow.tsx'),
    (m) => m.ChangePasswordFlow,
  ),
};

export type IdentityForm = keyof typeof forms;

/** The forms' flows (their machines), which the app makes at their first call. */
let prefetchFlows: () => unknown = () => {};

/** The app's loader of the forms' flows, fetched with any form (src/app/identity-actors.ts). */
export function prefetchFormFlowsWith(load: () => Promise<unknown>): void {
  prefetchFlows = () => load().catch(() => {});
}

/**
 * Starts loading the forms' chunks and their flows (once each; a failed load is tried again
 * next time).
 */
export function prefetchIdentityForm(...names: IdentityForm[]): void {
  prefetchFlows();
  for (const name of names) forms[name].prefetch();
}

export const LazyLoginFlow = forms.login.Component;
export const LazyRegisterFlow = forms.register.Component;
export const LazyForgotFlow = forms.forgot.Component;
export const LazyChangePasswordFlow = forms.changePassword.Component;
