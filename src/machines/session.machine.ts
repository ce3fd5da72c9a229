import { assign, fromPromise, setup } from 'xstate';
import { constants } from '../contract/constants.ts';
import type { MemberInfo } from '../contract/identity.ts';
import type { NotificationEvent } from '../contract/realtime.ts';

/** Notifications kept for the list (newest first); older ones drop off. */
export const keptNotifications = 20;

/** A failed call as the identity machines keep it: the stable code and the server's text. */
export type Failure = { code: string; message: string };

/**
 * Reads a rejected call (the app's ApiError, or anything else) as a Failure. Machines import
 * only the contract, so this reads the shape, not the class.
 */
export function failureOf(error: unknown): Failure {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return {
      code: typeof code === 'string' ? code : 'system_error',
      message: typeof message === 'string' ? message : '',
    };
  }
  return { code: typeof error === 'string' ? error : 'system_error', message: '' };
}

/** Agent-centre accounts: types 1, 2, 41, 42 (spec section 6). */
export function isAgentType(type: number): boolean {
  return (constants.agentCenterTypes as readonly number[]).includes(type);
}

/** Type 4: a trial (free play) account that must register before gated actions. */
export function isTrialType(type: number): boolean {
  return type === constants.trialAccountType;
}

/** Codes meaning the stored token no longer opens a session. */
const sessionEndedCodes: readonly string[] = ['not_logged_in', 'session_expired'];

export type SessionContext = {
  /** Whether a token is held (the token itself stays in session storage). */
  hasToken: boolean;
  member: MemberInfo | null;
  /** Agent types 1, 2, 41, 42: the agent-centre entry shows. */
  isAgent: boolean;
  /** Type 4 trial account: gated actions ask to register first. */
  isTrial: boolean;
  /** Forced password change pending (first login, or expired with the expiry module on). */
  cpw: boolean;
  /** sumBalance in integer minor units (as on the wire); null until read. */
  balance: string | null;
  /** Unread platform messages; null until read. */
  unread: number | null;
  /** Notifications received while logged in, newest first (at most keptNotifications). */
  notifications: NotificationEvent[];
};

export type SessionEvent =
  | { type: 'app.loggedIn'; token: string; member: MemberInfo | null; cpw: boolean }
  | { type: 'app.memberLoaded'; member: MemberInfo }
  | { type: 'app.passwordChanged' }
  | { type: 'app.loggedOut' }
  | { type: 'user.retry' }
  /** From the real-time channel, or from the HTTP re-read after a (re)connect or a gap. */
  | { type: 'realtime.balance'; balance: string }
  | { type: 'realtime.unread'; count: number }
  | { type: 'realtime.notification'; notification: NotificationEvent }
  | { type: 'user.dismissNotification'; id: string };

export type SessionInput = {
  /** The token found in session storage at start-up, if any. */
  token: string | null;
  /** The stored cpw flag. */
  cpw?: boolean;
};

/** What the app writes under the spec's session storage keys (token, cpw, username, ...). */
export type StoreSessionParams = {
  /** A new token to store; null keeps the stored one. */
  token: string | null;
  member: MemberInfo | null;
  isAgent: boolean;
  cpw: boolean;
};

const withMember = (member: MemberInfo | null) => ({
  member,
  isAgent: member !== null && isAgentType(member.type),
  isTrial: member !== null && isTrialType(member.type),
});

const noFigures = { balance: null, unread: null, notifications: [] };

/** The session as now known (member, role, cpw flag), keeping the stored token. */
const knownMember = ({ context }: { context: SessionContext }): StoreSessionParams => ({
  token: null,
  member: context.member,
  isAgent: context.isAgent,
  cpw: context.cpw,
});

const signedOut = { hasToken: false, cpw: false, ...withMember(null), ...noFigures };

/**
 * Who is at the keyboard: a visitor (no token) or a member. Started with the stored token; with
 * one, member info is read first; a token the server no longer knows is cleared. Login,
 * logout and password changes come from the other identity flows as `app.` events.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    loadMemberInfo: fromPromise<MemberInfo>(async () => {
      throw new Error('loadMemberInfo is supplied by the app');
    }),
  },
  actions: {
    /** Writes the session storage keys of the spec. */
    storeSession: (_, _params: StoreSessionParams) => {},
    /** Clears session storage, keeping (writing back) the merchant code. */
    clearSession: () => {},
  },
  guards: {
    hasToken: ({ context }) => context.hasToken,
    isSessionEnded: (_, params: { error: unknown }) =>
      sessionEndedCodes.includes(failureOf(params.error).code),
    isTrial: ({ context }) => context.isTrial,
    isAgent: ({ context }) => context.isAgent,
    mustChangePassword: ({ context }) => context.cpw,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    hasToken: input.token !== null && input.token !== '',
    cpw: input.cpw ?? false,
    ...withMember(null),
    ...noFigures,
  }),
  // A visitor until a stored token is proven: with one, member info is read at once.
  initial: 'visitor',
  states: {
    loadingMember: {
      tags: ['busy'],
      invoke: {
        id: 'loadMemberInfo',
        src: 'loadMemberInfo',
        onDone: {
          target: 'passwordChangeCheck',
          actions: [
            assign(({ event }) => withMember(event.output)),
            { type: 'storeSession', params: knownMember },
          ],
        },
        onError: [
          {
            guard: { type: 'isSessionEnded', params: ({ event }) => ({ error: event.error }) },
            target: 'visitor',
            actions: [assign(signedOut), 'clearSession'],
          },
          { target: 'memberUnavailable' },
        ],
      },
    },
    /** The token is kept, but member info could not be read (network): retry. */
    memberUnavailable: {
      on: { 'user.retry': 'loadingMember' },
    },
    visitor: {
      always: { guard: 'hasToken', target: 'loadingMember' },
    },
    /** Never visible: a session whose password must change first is not yet a member. */
    passwordChangeCheck: {
      always: [{ guard: 'mustChangePassword', target: 'passwordChange' }, { target: 'member' }],
    },
    /**
     * Logged in, but the server refuses every member call but the change itself, the sign-out
     * and member info until the password is changed: nothing of the member's site (balance,
     * unread count, the real-time channel, recent games) is read, so nothing is refused.
     */
    passwordChange: {
      on: {
        'app.memberLoaded': {
          actions: [
            assign(({ event }) => withMember(event.member)),
            { type: 'storeSession', params: knownMember },
          ],
        },
        'app.passwordChanged': {
          target: 'member',
          actions: [assign({ cpw: false }), { type: 'storeSession', params: knownMember }],
        },
      },
    },
    member: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: 'isTrial', target: 'trial' },
            { guard: 'isAgent', target: 'agent' },
            { target: 'player' },
          ],
        },
        player: {},
        agent: {},
        trial: {},
      },
      on: {
        'app.memberLoaded': {
          target: '.deciding',
          actions: [
            assign(({ event }) => withMember(event.member)),
            { type: 'storeSession', params: knownMember },
          ],
        },
        'realtime.balance': { actions: assign({ balance: ({ event }) => event.balance }) },
        'realtime.unread': { actions: assign({ unread: ({ event }) => event.count }) },
        'realtime.notification': {
          actions: assign({
            notifications: ({ context, event }) =>
              [
                event.notification,
                ...context.notifications.filter((kept) => kept.id !== event.notification.id),
              ].slice(0, keptNotifications),
          }),
        },
        'user.dismissNotification': {
          actions: assign({
            notifications: ({ context, event }) =>
              context.notifications.filter((kept) => kept.id !== event.id),
          }),
        },
      },
    },
  },
  on: {
    'app.loggedIn': {
      target: '.passwordChangeCheck',
      actions: [
        assign(({ event }) => ({
          hasToken: true,
          cpw: event.cpw,
          ...withMember(event.member),
          ...noFigures,
        })),
        {
          type: 'storeSession',
          params: ({ event, context }) => ({
            token: event.token,
            member: event.member,
            isAgent: context.isAgent,
            cpw: event.cpw,
          }),
        },
      ],
    },
    'app.loggedOut': { target: '.visitor', actions: [assign(signedOut), 'clearSession'] },
  },
});
