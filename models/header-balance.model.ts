import { headerBalanceMachine } from '../src/machines/header-balance.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { headerBalanceMachine };

export const model = defineModel({
  name: 'header-balance',
  title: 'Header balance (refresh, show/hide)',
  summary:
    'The wallet balance in the logged-in header: 2 decimals, thousands commas and the ' +
    'currency symbol, kept live by the real-time channel. The refresh button re-reads it over ' +
    'HTTP (the figure stays while it loads; a failure shows a notice and the button tries ' +
    'again). The eye button masks it as "***" or shows it; the choice is kept in local storage.',
  source: 'src/machines/header-balance.machine.ts',
  machine: headerBalanceMachine,
  input: { hidden: false },
  project: (context) => ({ hidden: context.hidden }),
  events: {
    'user.refresh': [{}],
    'user.toggleVisibility': [{}],
    'xstate.done.actor.loadBalance': [{ label: 'P 10,250.00', output: '1025000' }],
    'xstate.error.actor.loadBalance': [
      { label: 'network error', error: { kind: 'network', code: 'network_error', message: '' } },
    ],
  },
  states: {
    'headerBalance.idle': {
      shows: 'the balance (or "***" when hidden) with the refresh and eye buttons',
      testId: 'header-balance',
    },
    'headerBalance.refreshing': {
      shows: 'the balance with the refresh button spinning and disabled',
      testId: 'header-balance-refresh',
    },
    'headerBalance.failed': {
      shows: 'the balance kept, a "could not refresh" notice and the refresh button',
      testId: 'header-balance-failed',
    },
  },
});
