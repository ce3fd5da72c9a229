import type { LoginResult, MemberInfo } from '../src/contract/identity.ts';
import type { NotificationEvent } from '../src/contract/realtime.ts';
import { sessionMachine } from '../src/machines/session.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { sessionMachine };

/** A member as /wps/member/info returns it; `type` chooses the role. */
export function memberFixture(type: number, account = 'player01'): MemberInfo {
  return {
    id: 1001,
    account,
    nickname: 'Player One',
    type,
    toUpline: false,
    clubLabel: { labelName: 'VIP 1', rankLevel: 1 },
    memberLabel: { colour: '#ABABAB' },
    mobileNum: '919876543210',
    email: 'player01@example.test',
    language: 'hi',
    lastLoginAt: '2026-05-01T10:00:00.000Z',
    twoFactorBound: false,
  };
}

/** A deposit-arrival notification as the real-time channel delivers it. */
export const depositArrived: NotificationEvent = {
  id: '0c6f3a52-8d7e-4e0b-9d11-2f5b8f0a7c31',
  kind: 'depositArrived',
  title: null,
  params: { amount: '50000' },
  createdAt: '2026-05-01T10:00:00.000Z',
  seq: 4,
};

export const playerMember = memberFixture(0);
export const agentMember = memberFixture(1, 'agent01');
export const trialMember = memberFixture(4, 'trial7f3k');

/** A login reply with a token; fields overridden per case. */
export function loginResultFixture(overrides: Partial<LoginResult> = {}): LoginResult {
  return {
    token: 'tok-1f9c',
    firstTimeLogin: false,
    passwordExpired: false,
    previousLoginAt: '2026-05-01T10:00:00.000Z',
    challenge: null,
    ...overrides,
  };
}

/** A failed call as the app's HTTP client rejects it: the stable code and the server's text. */
export function failureFixture(code: string, message: string) {
  return { kind: 'server', code, message };
}

export const networkFailure = { kind: 'network', code: 'network_error', message: 'No connection' };

export const model = defineModel({
  name: 'session',
  title: 'Session (visitor, member, agent, trial)',
  summary:
    'Who is at the keyboard. Started with the token found in session storage: with one, ' +
    'member info is read first (a token the server no longer knows, not_logged_in or ' +
    'session_expired, is cleared and the visitor stays; a network failure keeps the token and ' +
    'offers a retry); without one the visitor is shown the public site. A login (from the login, ' +
    'forgot-password or registration flows) makes a member: an agent for types 1, 2, 41, 42, a ' +
    'trial account for type 4, a player otherwise; a session whose password must change (first ' +
    'login with an initial password, an expired password) waits in the forced change and is a ' +
    'member only once it is changed. While a member, the real-time channel (and ' +
    'the HTTP re-read after each reconnect) updates the header balance and the unread badge, ' +
    'and notifications are kept for the toasts and the list until dismissed. Logging out clears ' +
    'session storage (keeping the merchant code) and the figures.',
  source: 'src/machines/session.machine.ts',
  machine: sessionMachine,
  input: { token: 'tok-stored', cpw: false },
  settings: [
    {
      name: 'stored token',
      description: 'session storage holds a token at start-up: member info is read first',
      // The machine's own guard: the input holds a token.
    },
    {
      name: 'no token',
      description: 'session storage holds no token: the visitor sees the public site',
      provide: { guards: { hasToken: () => false } },
    },
  ],
  events: {
    'xstate.done.actor.loadMemberInfo': [
      { label: 'player, type 0', output: playerMember },
      { label: 'agent, type 1', output: agentMember },
      { label: 'trial, type 4', output: trialMember },
    ],
    'xstate.error.actor.loadMemberInfo': [
      { label: 'not_logged_in', error: failureFixture('not_logged_in', 'Please log in.') },
      {
        label: 'session_expired',
        error: failureFixture('session_expired', 'Your session has expired. Please log in again.'),
      },
      { label: 'network error', error: networkFailure },
    ],
    'app.loggedIn': [
      { label: 'player', token: 'tok-1f9c', member: playerMember, cpw: false },
      {
        label: 'agent type 42',
        token: 'tok-1f9c',
        member: memberFixture(42, 'agent42'),
        cpw: false,
      },
      { label: 'trial (free play)', token: 'tok-1f9c', member: trialMember, cpw: false },
      {
        label: 'no member info yet, password change due',
        token: 'tok-1f9c',
        member: null,
        cpw: true,
      },
    ],
    'app.memberLoaded': [
      { label: 'player', member: playerMember },
      { label: 'agent type 2', member: memberFixture(2, 'agent02') },
    ],
    'app.passwordChanged': [{}],
    'realtime.balance': [{ label: 'P 1,250.50', balance: '125050' }],
    'realtime.unread': [{ label: '2 unread', count: 2 }],
    'realtime.notification': [{ label: 'deposit arrived', notification: depositArrived }],
    'user.dismissNotification': [{ label: 'the deposit toast', id: depositArrived.id }],
    'app.loggedOut': [{}],
    'user.retry': [{}],
  },
  states: {
    'session.loadingMember': {
      shows: 'the loading screen while the stored token is checked (member info)',
      testId: 'page-loading',
    },
    'session.memberUnavailable': {
      shows:
        'the site with the header in its logged-in form but no account name, and a notice that ' +
        'the member info could not be read, with a retry button',
      testId: 'session-retry',
    },
    'session.visitor': {
      shows: 'the header with the login button (and the register button when enabled)',
      testId: 'header-login',
    },
    'session.passwordChangeCheck': {
      shows: 'never visible: a session whose password must change first is not yet a member',
      testId: 'change-password-form',
    },
    'session.passwordChange': {
      shows:
        'the forced password change popup, which cannot be closed; the header shows no account ' +
        'area and nothing of the account (balance, unread count, real-time channel) is read',
      testId: 'change-password-form',
    },
    'session.member': {
      shows: 'the header with the account name, balance and the account dropdown',
      testId: 'header-account',
    },
    'session.member.deciding': {
      shows: 'never visible: chooses the role from the member type',
      testId: 'header-account',
    },
    'session.member.player': {
      shows: 'the account dropdown with "my account" (no agent centre entry)',
      testId: 'header-account',
    },
    'session.member.agent': {
      shows: 'the account dropdown with the agent centre entry',
      testId: 'menu-agent-center',
    },
    'session.member.trial': {
      shows:
        'the header of a trial account: gated actions (deposit, member centre) ask to register ' +
        'an account first',
      testId: 'header-account',
    },
  },
});
