import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { DepositOrder, PaymentChannel } from '../../src/contract/deposit.ts';
import { depositMachine, type DepositRequest } from '../../src/machines/deposit.machine.ts';
import { heldPromise } from '../support/model-actors.ts';
import { manualChannel, onlineChannel, orderFixture } from '../../models/deposit.model.ts';

function start(returnedOrderId: string | null = null) {
  const channels = heldPromise<PaymentChannel[]>();
  const submit = heldPromise<DepositOrder, DepositRequest>();
  const reference = heldPromise<DepositOrder, { orderId: string; reference: string }>();
  const order = heldPromise<DepositOrder, { orderId: string }>();
  const redirects: string[] = [];
  const actor = createActor(
    depositMachine.provide({
      actors: {
        loadChannels: channels.logic,
        submitDeposit: submit.logic,
        submitTransferReference: reference.logic,
        loadOrder: order.logic,
      },
      actions: { redirectToGateway: (_, { url }) => void redirects.push(url) },
    }),
    { input: { returnedOrderId } },
  ).start();
  return { actor, channels, submit, reference, order, redirects };
}

const state = (actor: { getSnapshot: () => { value: unknown } }) => actor.getSnapshot().value;

describe('depositMachine', () => {
  it('checks the amount against the chosen channel as the player types', async () => {
    const { actor, channels } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await channels.resolve([onlineChannel, manualChannel]);
    actor.send({ type: 'user.selectChannel', channelId: manualChannel.id });
    const problem = (amount: string) => {
      actor.send({ type: 'user.changeAmount', amount });
      return [actor.getSnapshot().context.amount, actor.getSnapshot().context.amountProblem];
    };
    expect(problem('99.99')).toEqual(['9999', 'belowMin']);
    expect(problem('100')).toEqual(['10000', null]);
    expect(problem('50,000.00')).toEqual(['5000000', null]);
    expect(problem('50,000.01')).toEqual(['5000001', 'aboveMax']);
    expect(problem('1.005')).toEqual([null, 'invalid']);
    expect(problem('-5')).toEqual([null, 'invalid']);
    expect(problem('0')).toEqual([null, 'invalid']);
    actor.send({ type: 'user.submit', idempotencyKey: 'key-00000001' });
    expect(state(actor)).toBe('editingAmount');
  });

  it('re-checks a typed amount when the player changes channel', async () => {
    const { actor, channels } = start();
    await channels.resolve([onlineChannel, manualChannel]);
    actor.send({ type: 'user.selectChannel', channelId: onlineChannel.id });
    actor.send({ type: 'user.changeAmount', amount: '80,000' });
    expect(actor.getSnapshot().context.amountProblem).toBeNull();
    actor.send({ type: 'user.back' });
    actor.send({ type: 'user.selectChannel', channelId: manualChannel.id });
    expect(actor.getSnapshot().context.amountProblem).toBe('aboveMax');
  });

  it('submits minor units with the key, and sends the player to the gateway page', async () => {
    const { actor, channels, submit, redirects } = start();
    await channels.resolve([onlineChannel, manualChannel]);
    actor.send({ type: 'user.selectChannel', channelId: onlineChannel.id });
    actor.send({ type: 'user.changeAmount', amount: '1,234.5' });
    actor.send({ type: 'user.submit', idempotencyKey: 'key-00000001' });
    expect(submit.calls).toEqual([
      { channelId: onlineChannel.id, amount: '123450', idempotencyKey: 'key-00000001' },
    ]);
    await submit.resolve(orderFixture({ amount: '123450' }));
    expect(state(actor)).toBe('redirecting');
    expect(redirects).toEqual([orderFixture().redirectUrl]);
  });

  it('retries a gateway failure with the same key; a refusal is not resent', async () => {
    const { actor, channels, submit } = start();
    await channels.resolve([onlineChannel]);
    actor.send({ type: 'user.selectChannel', channelId: onlineChannel.id });
    actor.send({ type: 'user.changeAmount', amount: '500' });
    actor.send({ type: 'user.submit', idempotencyKey: 'key-00000001' });
    await submit.reject({ code: 'payment_unavailable' });
    actor.send({ type: 'user.retry' });
    expect(submit.calls.map((call) => call.idempotencyKey)).toEqual([
      'key-00000001',
      'key-00000001',
    ]);
    await submit.reject({ code: 'deposit_amount_out_of_range' });
    actor.send({ type: 'user.retry' });
    expect(submit.calls).toHaveLength(2);
    actor.send({ type: 'user.edit' });
    expect(state(actor)).toBe('editingAmount');
  });

  it('manual: bank details, the reference, then waits; only its own settlement re-reads', async () => {
    const { actor, channels, submit, reference, order } = start();
    await channels.resolve([manualChannel]);
    actor.send({ type: 'user.selectChannel', channelId: manualChannel.id });
    actor.send({ type: 'user.changeAmount', amount: '750' });
    actor.send({ type: 'user.submit', idempotencyKey: 'key-00000002' });
    const manual = orderFixture({ kind: 'manual', channelId: 2, redirectUrl: null });
    await submit.resolve(manual);
    expect(state(actor)).toBe('awaitingTransfer');
    actor.send({ type: 'user.submitReference', reference: 'BDO-1' });
    expect(reference.calls).toEqual([{ orderId: manual.orderId, reference: 'BDO-1' }]);
    await reference.resolve({ ...manual, transferReference: 'BDO-1' });
    expect(state(actor)).toBe('awaitingConfirmation');
    actor.send({ type: 'server.orderSettled', orderId: 'someone-else' });
    expect(state(actor)).toBe('awaitingConfirmation');
    actor.send({ type: 'server.orderSettled', orderId: manual.orderId });
    expect(order.calls).toEqual([{ orderId: manual.orderId }]);
    await order.resolve({ ...manual, status: 'paid' });
    expect(state(actor)).toBe('paid');
  });

  it('back from the gateway: reads the returned order, pending until it settles', async () => {
    const returned = orderFixture().orderId;
    const { actor, channels, order } = start(returned);
    await channels.resolve([onlineChannel]);
    expect(order.calls).toEqual([{ orderId: returned }]);
    await order.resolve(orderFixture());
    expect(state(actor)).toBe('pendingResult');
    actor.send({ type: 'server.orderSettled', orderId: returned });
    await order.resolve(orderFixture({ status: 'failed', redirectUrl: null }));
    expect(state(actor)).toBe('failed');
    actor.send({ type: 'user.again' });
    await channels.resolve([onlineChannel]);
    expect(state(actor)).toBe('choosingChannel');
    expect(actor.getSnapshot().context.order).toBeNull();
  });
});
