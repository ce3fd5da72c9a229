import { assign, setup } from 'xstate';
import {
  badgedMemberCenterPages,
  defaultMemberCenterPage,
  memberCenterPageKeys,
  type MemberCenterPageKey,
} from '../contract/member-center.ts';

/**
 * Every member-center page needs a real account (spec section 6: member-center screens need a
 * token and a type other than 4): a trial (free play) account is asked to register first, on
 * the money pages and on the others alike. The server refuses those calls too
 * (need_true_account).
 */
export const realAccountPages: readonly MemberCenterPageKey[] = memberCenterPageKeys;

/** Red badge counts by page (missionLeaderboard, messageV2, rewardCenter). */
export type MemberCenterCounts = Partial<Record<MemberCenterPageKey, number>>;

export type MemberCenterContext = {
  /** The page shown while open (kept while closed: the last one seen). */
  page: MemberCenterPageKey;
  counts: MemberCenterCounts;
  /** The session's account is a trial (free play) one. */
  isTrial: boolean;
};

export type MemberCenterEvent =
  /** From the account dropdown or the address (`?mc=<pageKey>`); no page: the default page. */
  | { type: 'user.open'; page?: MemberCenterPageKey }
  | { type: 'user.selectPage'; page: MemberCenterPageKey }
  | { type: 'user.close' }
  /** The session ended (sign-out, expired token): the overlay goes away. */
  | { type: 'app.loggedOut' }
  /** A badge count changed (unread messages, missions, rewards). */
  | { type: 'app.countChanged'; page: MemberCenterPageKey; count: number }
  /** The session's account changed (login, member info): whether it is a trial account. */
  | { type: 'app.accountChanged'; isTrial: boolean };

const requested = (event: MemberCenterEvent): MemberCenterPageKey =>
  (event.type === 'user.open' || event.type === 'user.selectPage' ? event.page : undefined) ??
  defaultMemberCenterPage;

/**
 * The member center overlay: closed, or open on one page (securityCenter by default). A trial
 * account asking for any page gets the 'register first' dialog instead. Closing clears the
 * points-mall handoff value (spec section 2).
 */
export const memberCenterMachine = setup({
  types: {
    context: {} as MemberCenterContext,
    events: {} as MemberCenterEvent,
  },
  actions: {
    /** Clears the value the points mall hands to the member center. */
    clearPointsMallHandoff: () => {},
    /** Opens the existing 'register first' dialog. */
    askToRegisterFirst: () => {},
  },
  guards: {
    /** A trial (type 4) account asking for a page: member-center pages are for real accounts. */
    isRegisterFirst: ({ context }, params: { page: MemberCenterPageKey }) =>
      context.isTrial && realAccountPages.includes(params.page),
    isBadgedPage: (_, params: { page: MemberCenterPageKey }) =>
      badgedMemberCenterPages.includes(params.page),
  },
}).createMachine({
  id: 'memberCenter',
  context: { page: defaultMemberCenterPage, counts: {}, isTrial: false },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'user.open': [
          {
            guard: { type: 'isRegisterFirst', params: ({ event }) => ({ page: requested(event) }) },
            actions: 'askToRegisterFirst',
          },
          { target: 'open', actions: assign({ page: ({ event }) => requested(event) }) },
        ],
      },
    },
    open: {
      on: {
        'user.open': [
          {
            guard: { type: 'isRegisterFirst', params: ({ event }) => ({ page: requested(event) }) },
            actions: 'askToRegisterFirst',
          },
          { actions: assign({ page: ({ event }) => requested(event) }) },
        ],
        'user.selectPage': [
          {
            guard: { type: 'isRegisterFirst', params: ({ event }) => ({ page: requested(event) }) },
            actions: 'askToRegisterFirst',
          },
          { actions: assign({ page: ({ event }) => requested(event) }) },
        ],
        'user.close': { target: 'closed', actions: 'clearPointsMallHandoff' },
        'app.loggedOut': { target: 'closed', actions: 'clearPointsMallHandoff' },
      },
    },
  },
  on: {
    'app.accountChanged': { actions: assign({ isTrial: ({ event }) => event.isTrial }) },
    'app.countChanged': {
      guard: { type: 'isBadgedPage', params: ({ event }) => ({ page: event.page }) },
      actions: assign({
        counts: ({ context, event }) => ({
          ...context.counts,
          [event.page]: Math.max(0, event.count),
        }),
      }),
    },
  },
});
