import { describe, expect, it, vi } from 'vitest';
import type { ContractView, ProcessContractReply } from '../../src/contract/agent.ts';
import {
  contractMachine,
  isValidDraft,
  type ContractInput,
  type ContractLoadRequest,
  type ContractRequest,
} from '../../src/machines/contract.machine.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';
import { contractIn } from '../../models/contract.model.ts';

const tier = (rateBps: number, minTurnover = '0') => ({
  minTurnover,
  minNetLoss: '0',
  minActiveMembers: 0,
  rateBps,
});

function start(upline: boolean, input: Partial<ContractInput> = {}) {
  const announceChanged = vi.fn();
  const driver = driveMachine(contractMachine, {
    held: {
      submitContract: heldPromise<ProcessContractReply, ContractRequest>(),
      loadContract: heldPromise<ContractView | null, ContractLoadRequest>(),
    },
    provide: { actions: { announceChanged }, guards: { isUpline: () => upline } },
    input: { kind: 'realtime', downline: 'agent_b', contract: null, nonce: 'page-1', ...input },
  });
  return { ...driver, announceChanged };
}

describe('contractMachine', () => {
  it('upline: sends the composed offer with its tiers and one request key per offer', async () => {
    const { send, held, expectState, expectContext, announceChanged } = start(true);
    expectState('composing');
    send({ type: 'user.submitOffer' });
    expectContext({ error: 'contract_tiers_invalid' });
    expect(held.submitContract.calls).toHaveLength(0);
    send({ type: 'user.editOffer', tiers: [tier(150)], period: null });
    send({ type: 'user.submitOffer' });
    expect(held.submitContract.calls[0]).toEqual({
      kind: 'realtime',
      body: {
        action: 'offer',
        downline: 'agent_b',
        tiers: [tier(150)],
        idempotencyKey: 'page-1-0',
      },
    });
    // A network failure keeps the draft; the retry is the same offer (same key).
    await held.submitContract.reject({ code: 'network_error', status: 0 });
    expectState('composing');
    expectContext({ error: 'network_error' });
    send({ type: 'user.submitOffer' });
    expect(held.submitContract.calls[1]?.body).toMatchObject({ idempotencyKey: 'page-1-0' });
    await held.submitContract.resolve({ contract: contractIn('pending'), contracts: [] });
    expectState('pending');
    expect(announceChanged).toHaveBeenCalledTimes(1);
    // Withdrawn, then a new offer: a fresh key.
    send({ type: 'user.withdraw' });
    expect(held.submitContract.calls[2]?.body).toEqual({ action: 'withdraw', contractId: 41 });
    await held.submitContract.resolve({ contract: contractIn('cancelled'), contracts: [] });
    expectState('cancelled');
    // A new offer starts from an empty form, with a fresh key.
    send({ type: 'user.newOffer' });
    send({ type: 'user.submitOffer' });
    expectContext({ error: 'contract_tiers_invalid' });
    send({ type: 'user.editOffer', tiers: [tier(120)], period: null });
    send({ type: 'user.submitOffer' });
    expect(held.submitContract.calls[3]?.body).toMatchObject({
      tiers: [tier(120)],
      idempotencyKey: 'page-1-1',
    });
  });

  it('a dividend offer carries its period; wages carry none; rates must rise tier by tier', () => {
    const draft = { tiers: [tier(100), tier(200, '100000')], period: null };
    expect(isValidDraft('daily', draft)).toBe(true);
    expect(isValidDraft('dividend', draft)).toBe(false);
    expect(isValidDraft('dividend', { ...draft, period: 'Monthly' })).toBe(true);
    expect(isValidDraft('daily', { tiers: [tier(200), tier(100)], period: null })).toBe(false);
    expect(isValidDraft('realtime', draft)).toBe(false);
    expect(isValidDraft('realtime', { tiers: [tier(10_001)], period: null })).toBe(false);
  });

  it('downline: accepts or rejects a pending offer; the upline cannot, the downline cannot withdraw', async () => {
    const down = start(false, { downline: null, contract: contractIn('pending') });
    down.expectState('pending');
    down.send({ type: 'user.withdraw' });
    down.expectState('pending');
    down.send({ type: 'user.accept' });
    expect(down.held.submitContract.calls[0]).toEqual({
      kind: 'realtime',
      body: { action: 'accept', contractId: 41 },
    });
    await down.held.submitContract.resolve({ contract: contractIn('active'), contracts: [] });
    down.expectState('active');
    down.send({ type: 'user.newOffer' });
    down.expectState('active');

    const up = start(true, { contract: contractIn('pending') });
    up.send({ type: 'user.accept' });
    up.send({ type: 'user.reject' });
    up.expectState('pending');
    expect(up.held.submitContract.calls).toHaveLength(0);
  });

  it('reads the contract again on a contract event about it, or a new offer; ignores the rest', async () => {
    const { send, held, expectState } = start(false, {
      downline: null,
      contract: contractIn('active'),
    });
    send({ type: 'socket.contractChanged', contractId: 77, status: 'cancelled' });
    send({ type: 'socket.wageSettled', contractId: 41 });
    expectState('active');
    expect(held.loadContract.calls).toHaveLength(0);
    send({ type: 'socket.contractChanged', contractId: 41, status: 'terminated' });
    expectState('refreshing');
    expect(held.loadContract.calls[0]).toEqual({
      kind: 'realtime',
      contractId: 41,
      downline: null,
    });
    await held.loadContract.resolve(contractIn('terminating'));
    expectState('terminationRequested');
    // The last wage of a terminating contract may end it.
    send({ type: 'socket.wageSettled', contractId: 41 });
    await held.loadContract.resolve(contractIn('ended'));
    expectState('ended');
  });

  it('a 409 reads the contract again and keeps the reason', async () => {
    const { send, held, expectState, expectContext } = start(false, {
      downline: null,
      contract: contractIn('pending'),
    });
    send({ type: 'user.accept' });
    await held.submitContract.reject({ code: 'contract_state_invalid', status: 409 });
    expectState('refreshing');
    await held.loadContract.resolve(contractIn('cancelled'));
    expectState('cancelled');
    expectContext({ error: 'contract_state_invalid' });
  });
});
