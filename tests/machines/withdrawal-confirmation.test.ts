import { describe, expect, it, vi } from 'vitest';
import {
  withdrawalConfirmationMachine,
  type ConfirmationRequest,
  type ProofImage,
} from '../../src/machines/withdrawal-confirmation.machine.ts';
import type { ProofImageType, Withdrawal } from '../../src/contract/withdrawal.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

const image = (id: string, size = 100): ProofImage => ({
  id,
  name: `${id}.png`,
  type: 'image/png',
  size,
  file: new Blob([new Uint8Array(4)]),
});

function start() {
  const announceConfirmed = vi.fn();
  const driver = driveMachine(withdrawalConfirmationMachine, {
    held: {
      inspectImages: heldPromise<(ProofImageType | null)[], ProofImage[]>(),
      submitConfirmation: heldPromise<Withdrawal, ConfirmationRequest>(),
    },
    provide: { actions: { announceConfirmed } },
    input: { withdrawalId: 7, amount: '50000' },
  });
  const { inspectImages: inspect, submitConfirmation: submit } = driver.held;
  return { ...driver, inspect, submit, announceConfirmed };
}

describe('withdrawalConfirmationMachine', () => {
  it('not received needs a proof image; a png by content is added and sent', async () => {
    const { inspect, submit, announceConfirmed, send, expectState, expectContext, context } =
      start();
    send({ type: 'user.submit' });
    expectContext({ error: 'outcome_required' });
    send({ type: 'user.selectOutcome', outcome: 'notReceived' });
    send({ type: 'user.submit' });
    expectContext({ error: 'proof_image_required' });
    send({ type: 'user.addImages', images: [image('a')] });
    expectState('inspecting');
    await inspect.resolve(['image/png']);
    expect(context().images.map((i) => i.id)).toEqual(['a']);
    send({ type: 'user.submit' });
    expect(submit.calls[0]).toMatchObject({
      withdrawalId: 7,
      outcome: 'notReceived',
      receivedAmount: null,
    });
    expect(submit.calls[0]?.images).toHaveLength(1);
    await submit.resolve({ id: 7 } as Withdrawal);
    expectState('confirmed');
    expect(announceConfirmed).toHaveBeenCalledTimes(1);
  });

  it('refuses a file that is not png/jpg by content, one over 5 MB, and a fourth image', async () => {
    const { inspect, send, expectState, expectContext, context } = start();
    send({ type: 'user.addImages', images: [image('fake')] });
    await inspect.resolve([null]);
    expectContext({ images: [], error: 'image_invalid' });
    send({ type: 'user.addImages', images: [image('big', 5 * 1024 * 1024 + 1)] });
    expectState('choosing');
    expectContext({ error: 'image_too_large' });
    send({ type: 'user.addImages', images: [image('a'), image('b'), image('c')] });
    await inspect.resolve(['image/png', 'image/jpeg', 'image/png']);
    send({ type: 'user.addImages', images: [image('d')] });
    expectContext({ error: 'too_many_images' });
    send({ type: 'user.removeImage', id: 'b' });
    expect(context().images.map((i) => i.id)).toEqual(['a', 'c']);
  });

  it('partly received needs an amount below the whole; received sends no images', async () => {
    const { submit, send, expectState, expectContext } = start();
    send({ type: 'user.selectOutcome', outcome: 'partlyReceived' });
    send({ type: 'user.setReceivedAmount', amount: '50000' });
    send({ type: 'user.submit' });
    expectContext({ error: 'withdrawal_amount_invalid' });
    send({ type: 'user.setReceivedAmount', amount: '20000' });
    send({ type: 'user.submit' });
    expect(submit.calls[0]).toMatchObject({ outcome: 'partlyReceived', receivedAmount: '20000' });
    await submit.reject({ code: 'network_error' });
    expectContext({ error: 'network_error' });
    send({ type: 'user.selectOutcome', outcome: 'received' });
    send({ type: 'user.submit' });
    expect(submit.calls[1]).toMatchObject({
      outcome: 'received',
      receivedAmount: null,
      images: [],
    });
    await submit.reject({ code: 'withdrawal_state_invalid' });
    expectState('closed');
  });
});
