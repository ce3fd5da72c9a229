import { fromPromise, setup } from 'xstate';

export type SignOutEvent =
  { type: 'user.signOut' } | { type: 'user.cancel' } | { type: 'user.confirm' };

/**
 * Sign-out (spec section 4): asks for confirmation; on confirm calls logout, then clears the
 * session storage (writing the merchant code back), the agent and VIP service state, and goes
 * to /. The local session ends whether or not the logout call succeeds.
 */
export const signOutMachine = setup({
  types: {
    events: {} as SignOutEvent,
  },
  actors: {
    submitLogout: fromPromise<void>(async () => {
      throw new Error('submitLogout is supplied by the app');
    }),
  },
  actions: {
    /** Clears session storage and stores the merchant code again. */
    clearSession: () => {},
    clearAgentAndVipState: () => {},
    goHome: () => {},
  },
}).createMachine({
  id: 'signOut',
  initial: 'idle',
  states: {
    idle: { on: { 'user.signOut': 'confirming' } },
    confirming: { on: { 'user.cancel': 'idle', 'user.confirm': 'signingOut' } },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'submitLogout',
        src: 'submitLogout',
        // The token is revoked on the server when the call gets through; locally it ends anyway.
        onDone: 'done',
        onError: 'done',
      },
    },
    done: { type: 'final', entry: ['clearSession', 'clearAgentAndVipState', 'goHome'] },
  },
});
