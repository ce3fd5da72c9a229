import { memberCenterMachine } from '../src/machines/member-center.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { memberCenterMachine };

export const model = defineModel({
  name: 'member-center',
  title: 'Member center (overlay, page, badges)',
  summary:
    'The member center overlay of a logged-in member. It opens from the account dropdown ' +
    '(betting record, deposit, withdrawal, account record, member center, my account) or from ' +
    'the address (?mc=<pageKey>), on securityCenter when no page is named, and shows the menu ' +
    'in the spec order with the chosen page on the right. A trial (free play) account asking ' +
    'for any page gets the "register first" dialog instead (member-center screens need a ' +
    'real account). Red badges on mission, message and reward entries follow their ' +
    'counts. The close button, Escape or a sign-out close it; closing clears the points-mall ' +
    'handoff value.',
  source: 'src/machines/member-center.machine.ts',
  machine: memberCenterMachine,
  project: (context) => ({ isTrial: context.isTrial }),
  events: {
    'user.open': [
      { label: 'member center (default page)' },
      { label: 'deposit', page: 'depositv2' },
      { label: 'account record', page: 'transactionHistory' },
    ],
    'user.selectPage': [
      { label: 'withdrawal', page: 'withdraw' },
      { label: 'platform information', page: 'messageV2' },
    ],
    'user.close': [{}],
    'app.loggedOut': [{}],
    'app.countChanged': [
      { label: '3 unread messages', page: 'messageV2', count: 3 },
      { label: 'not a badged page', page: 'depositv2', count: 1 },
    ],
    'app.accountChanged': [
      { label: 'trial account', isTrial: true },
      { label: 'registered account', isTrial: false },
    ],
  },
  states: {
    'memberCenter.closed': {
      shows: 'the site without the member center overlay',
      testId: 'header-account',
    },
    'memberCenter.open': {
      shows:
        'the member center overlay: the menu (side menu on desktop, a scroller on phones) with ' +
        'the current page highlighted, its page on the right, badges and a close button',
      testId: 'member-center',
    },
  },
});
