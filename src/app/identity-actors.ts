import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { MemberInfo } from '../contract/identity.ts';
import type { Permission } from '../contract/system.ts';
import { sessionMachine } from '../machines/session.machine.ts';
import { signOutMachine } from '../machines/sign-out.machine.ts';
import { remoteDataMachine } from '../machines/remote-data.machine.ts';
import type { systemStatusMachine } from '../machines/system-status.machine.ts';
import type { IdentityService, SessionStore } from '../services/identity.service.ts';
import type { SystemService } from '../services/system.service.ts';
import {
  readSocialReturn,
  withoutSocialReturn,
  type SocialLoginClient,
} from '../services/social-login.ts';
import { constants } from '../contract/constants.ts';
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

/**
 * A promise made once, at its first call (again after a failure), that React's `use` reads
 * without suspending once it has settled: the fields React itself sets on a thenable it has
 * seen, set here as soon as it resolves, so a form opened after the flows were fetched (on
 * pointer or focus, src/ui/identity/identity-forms.ts) shows in the same frame.
 */
function readyWhenLoaded<T>(make: () => Promise<T>): () => Promise<T> {
  let made: (Promise<T> & { status?: string; value?: T }) | null = null;
  return () => {
    if (made) return made;
    const promise: Promise<T> & { status?: string; value?: T } = make().then(
      (value) => {
        promise.status = 'fulfilled';
        promise.value = value;
        return value;
      },
      (error: unknown) => {
        made = null;
        throw error;
      },
    );
    made = promise;
    return promise;
  };
}

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

  // The forms' machines (login, registration, SMS codes, password change and reset) and the
  // validation engine come with the first identity form, not with the first page (issue 35).
  const formFlows = readyWhenLoaded(async () =>
    (await import('./identity-form-actors.ts')).createIdentityFormFlows({
      identity,
      sessionStore,
      session,
      host: deps.host,
      humanVerification: deps.humanVerification,
      captcha,
      validators,
      storeToken,
      loadMember,
    }),
  );

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
    warmUp: () => {
      // Starting a running actor again does nothing.
      [countryCodes, socialProviders].forEach((a) => a.start());
    },
    session,
    dialogs,
    formFlows,
    socialProviders,
    signOut,
    captcha,
    rememberedUsername: () => sessionStore.rememberedUsername(),
    countryCodes,
  };

  return {
    session,
    dialogs,
    flows,
    start: () => {
      [session, dialogs].forEach((a) => a.start());
      void completeSocialReturn();
    },
  };
}
