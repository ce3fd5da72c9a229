import type { ContractView, ProcessContractReply } from '../src/contract/agent.ts';
import { contractMachine } from '../src/machines/contract.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { contractMachine };

/** The walked pair's contract (a real-time wage at 1.50 %), in the state given. */
export function contractIn(state: ContractView['state'], contractId = 41): ContractView {
  return {
    contractId,
    kind: 'realtime',
    state,
    role: 'upline',
    upline: 'demo_agent1',
    downline: 'demo_agent2',
    period: null,
    tiers: [{ minTurnover: '0', minNetLoss: '0', minActiveMembers: 0, rateBps: 150 }],
    maxRateBps: 150,
    createdAt: '2026-11-26T08:00:00.000Z',
    acceptedAt: state === 'pending' || state === 'rejected' ? null : '2026-11-26T08:01:00.000Z',
    endsAt: state === 'terminating' || state === 'ended' ? '2026-11-26T08:10:00.000Z' : null,
    terminatedBy: state === 'terminating' || state === 'ended' ? 'upline' : null,
  };
}
const reply = (state: ContractView['state']): ProcessContractReply => ({
  contract: contractIn(state),
  contracts: [contractIn(state)],
});
const tier = (rateBps: number) => ({
  minTurnover: '0',
  minNetLoss: '0',
  minActiveMembers: 0,
  rateBps,
});

export const model = defineModel({
  name: 'contract',
  title: 'Agent contract (offer, answer, terminate; both sides)',
  summary:
    'A wage contract of one kind between an upline agent and a direct downline agent, on the ' +
    "agent center's contract page of either side. The upline writes an offer (tiers; a " +
    "dividend's period) and sends it: pending. The upline may withdraw it (cancelled); the " +
    'downline accepts (active) or rejects it (rejected). Either side asks to terminate an ' +
    'active contract: it stays in force until the next period boundary (termination ' +
    'requested) and ends when its last period is settled. The server may cancel a pending or ' +
    'active contract (the downline took a higher-rate one, or the upline’s own rate fell). ' +
    'What the other side or the server does arrives on the real-time channel as a contract ' +
    'event (or the wage of a terminating contract): the page reads the contract again and ' +
    'shows where it stands. A refused call shows its reason; a 409 (the contract moved on ' +
    'meanwhile) reads the contract again.',
  source: 'src/machines/contract.machine.ts',
  machine: contractMachine,
  input: { kind: 'realtime', downline: 'demo_agent2', contract: null, nonce: 'walk-offer' },
  settings: [
    {
      name: 'upline',
      description: "the upline's page (it offers, withdraws, terminates)",
      provide: { guards: { isUpline: () => true } },
    },
    {
      name: 'downline',
      description: "the downline's page (it accepts, rejects, terminates)",
      provide: { guards: { isUpline: () => false } },
    },
  ],
  // What the guards read: where the contract stands, and whether the draft may be sent.
  project: (context) => ({
    state: context.contract?.state ?? null,
    draftValid: context.draft.tiers.every((t) => t.rateBps > 0),
  }),
  events: {
    'user.editOffer': [
      { label: '1.50 %', tiers: [tier(150)], period: null },
      { label: 'no rate', tiers: [tier(0)], period: null },
    ],
    'user.submitOffer': [{}],
    'user.withdraw': [{}],
    'user.accept': [{}],
    'user.reject': [{}],
    'user.terminate': [{}],
    'user.newOffer': [{}],
    'user.cancelOffer': [{}],
    'socket.contractChanged': [
      { label: 'this one accepted', contractId: 41, status: 'accepted' },
      { label: 'a new offer', contractId: 42, status: 'requested' },
      { label: 'another one cancelled', contractId: 77, status: 'cancelled' },
    ],
    'socket.wageSettled': [
      { label: 'this one', contractId: 41 },
      { label: 'another one', contractId: 77 },
    ],
    'xstate.done.actor.submitContract': [
      { label: 'pending', output: reply('pending') },
      { label: 'active', output: reply('active') },
      { label: 'rejected', output: reply('rejected') },
      { label: 'terminating', output: reply('terminating') },
      { label: 'cancelled', output: reply('cancelled') },
    ],
    'xstate.error.actor.submitContract': [
      { label: 'network error', error: { code: 'network_error', status: 0 } },
      { label: 'moved on (409)', error: { code: 'contract_state_invalid', status: 409 } },
    ],
    'xstate.done.actor.loadContract': [
      { label: 'pending', output: contractIn('pending') },
      { label: 'active', output: contractIn('active') },
      { label: 'terminating', output: contractIn('terminating') },
      { label: 'ended', output: contractIn('ended') },
      { label: 'rejected', output: contractIn('rejected') },
      { label: 'cancelled', output: contractIn('cancelled') },
      { label: 'none', output: null },
    ],
    'xstate.error.actor.loadContract': [
      { label: 'network error', error: { code: 'network_error', status: 0 } },
    ],
  },
  states: {
    'contract.routing': { shows: 'nothing of its own (passes on at once)' },
    'contract.waiting': {
      shows: 'downline: a note that the upline has offered no contract of the kind',
      testId: 'contract-waiting',
    },
    'contract.composing': {
      shows:
        "upline: the offer form (tiers: thresholds and rate; a dividend's period), any " +
        'message, the send button (and back, when a contract exists)',
      testId: 'contract-composing',
    },
    'contract.pending': {
      shows: 'the offer, "waiting for the downline"; upline: withdraw; downline: accept and reject',
      testId: 'contract-pending',
    },
    'contract.active': {
      shows: 'the contract in force with its rates; terminate; upline: a new offer',
      testId: 'contract-active',
    },
    'contract.terminationRequested': {
      shows: 'the contract in force until the date it ends, and who asked to end it',
      testId: 'contract-terminating',
    },
    'contract.ended': {
      shows: 'the contract ended; upline: a new offer',
      testId: 'contract-ended',
    },
    'contract.rejected': {
      shows: 'the offer rejected by the downline; upline: a new offer',
      testId: 'contract-rejected',
    },
    'contract.cancelled': {
      shows: 'the contract cancelled (withdrawn, or by the server); upline: a new offer',
      testId: 'contract-cancelled',
    },
    'contract.submitting': {
      shows: 'the buttons disabled with a spinner',
      testId: 'contract-busy',
    },
    'contract.refreshing': {
      shows: 'the contract being read again (busy)',
      testId: 'contract-busy',
    },
  },
});
