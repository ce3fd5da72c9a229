import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  withdrawalConfirmationMachine,
  type ConfirmationRequest,
  type ProofImage,
} from '../../src/machines/withdrawal-confirmation.machine.ts';
import type { ProofImageType, Withdrawal } from '../../src/contract/withdrawal.ts';
import { heldPromise } from '../support/model-actors.ts';

const image = (id: string, size = 100): ProofImage => ({
  id,
  name: `${id}.png`,
  type: 'image/png',
  size,
  file: new Blob([new Uint8Array(4)]),
});

function start() {
  const inspect = heldPromise<(ProofImageType | null)[], ProofImage[]>();
  const submit = heldPromise<Withdrawal, ConfirmationRequest>();
  const announceConfirmed = vi.fn();
  const actor = createActor(
    withdrawalConfirmationMachine.provide({
      actors: { inspectImages: inspect.logic, submitConfirmation: submit.logic },
      actions: { announceConfirmed },
    }),
    { input: { withdrawalId: 7, amount: '50000' } },
  ).start();
  return { actor, inspect, submit, announceConfirmed };
}

describe('withdrawalConfirmationMachine', () => {
  it('not received needs a proof image; a png by content is added and sent', async () => {
    const { actor, inspect, submit, announceConfirmed } = start();
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.error).toBe('outcome_required');
    actor.send({ type: 'user.selectOutcome', outcome: 'notReceived' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.error).toBe('proof_image_required');
    actor.send({ type: 'user.addImages', images: [image('a')] });
    expect(actor.getSnapshot().value).toBe('inspecting');
    await inspect.resolve(['image/png']);
    expect(actor.getSnapshot().context.images.map((i) => i.id)).toEqual(['a']);
    actor.send({ type: 'user.submit' });
    expect(submit.calls[0]).toMatchObject({
      withdrawalId: 7,
      outcome: 'notReceived',
      receivedAmount: null,
    });
    expect(submit.calls[0]?.images).toHaveLength(1);
    await submit.resolve({ id: 7 } as Withdrawal);
    expect(actor.getSnapshot().value).toBe('confirmed');
    expect(announceConfirmed).toHaveBeenCalledTimes(1);
  });

  it('refuses a file that is not png/jpg by content, one over 5 MB, and a fourth image', async () => {
    const { actor, inspect } = start();
    actor.send({ type: 'user.addImages', images: [image('fake')] });
    await inspect.resolve([null]);
    expect(actor.getSnapshot().context).toMatchObject({ images: [], error: 'image_invalid' });
    actor.send({ type: 'user.addImages', images: [image('big', 5 * 1024 * 1024 + 1)] });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.error).toBe('image_too_large');
    actor.send({ type: 'user.addImages', images: [image('a'), image('b'), image('c')] });
    await inspect.resolve(['image/png', 'image/jpeg', 'image/png']);
    actor.send({ type: 'user.addImages', images: [image('d')] });
    expect(actor.getSnapshot().context.error).toBe('too_many_images');
    actor.send({ type: 'user.removeImage', id: 'b' });
    expect(actor.getSnapshot().context.images.map((i) => i.id)).toEqual(['a', 'c']);
  });

  it('partly received needs an amount below the whole; received sends no images', async () => {
    const { actor, submit } = start();
    actor.send({ type: 'user.selectOutcome', outcome: 'partlyReceived' });
    actor.send({ type: 'user.setReceivedAmount', amount: '50000' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.error).toBe('withdrawal_amount_invalid');
    actor.send({ type: 'user.setReceivedAmount', amount: '20000' });
    actor.send({ type: 'user.submit' });
    expect(submit.calls[0]).toMatchObject({ outcome: 'partlyReceived', receivedAmount: '20000' });
    await submit.reject({ code: 'network_error' });
    expect(actor.getSnapshot().context.error).toBe('network_error');
    actor.send({ type: 'user.selectOutcome', outcome: 'received' });
    actor.send({ type: 'user.submit' });
    expect(submit.calls[1]).toMatchObject({
      outcome: 'received',
      receivedAmount: null,
      images: [],
    });
    await submit.reject({ code: 'withdrawal_state_invalid' });
    expect(actor.getSnapshot().value).toBe('closed');
  });
});
