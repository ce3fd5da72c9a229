import { loyaltyClaimMachine } from '../src/machines/loyalty-claim.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { loyaltyClaimMachine };

export const model = defineModel({
  name: 'loyalty-claim',
  title: 'Loyalty claim (rebate claim, points redemption)',
  summary:
    'The player claims the unclaimed rebate on manualRebate or redeems a points mall item: a ' +
    'busy button while the call runs (a second click does nothing), the result when it ' +
    'succeeds, the server message when it fails, and another try or a reset afterwards.',
  source: 'src/machines/loyalty-claim.machine.ts',
  machine: loyaltyClaimMachine,
  events: {
    'user.submit': [{ label: 'claim all game types', request: {} }],
    'user.reset': [{}],
    'xstate.done.actor.submit': [{ label: 'paid', output: { amount: '178', postings: 2 } }],
    'xstate.error.actor.submit': [
      { label: 'nothing to claim', error: 'There is no rebate to claim.' },
    ],
  },
  states: {
    'loyaltyClaim.idle': { shows: 'the claim or redeem button' },
    'loyaltyClaim.submitting': {
      shows: 'the button busy while the call runs',
      role: { role: 'button', name: 'Claim' },
    },
    'loyaltyClaim.done': { shows: 'the amount paid or the redemption made' },
    'loyaltyClaim.failed': { shows: "the server's translated message", role: { role: 'alert' } },
  },
});
