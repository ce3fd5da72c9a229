import { describe, expect, it } from 'vitest';
import type { DepositOrder, PaymentChannel } from '../../src/contract/deposit.ts';
import { depositMachine, type DepositRequest } from '../../src/machines/deposit.machine.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';
import { manualChannel, onlineChannel, orderFixture } from '../../models/deposit.model.ts';

function start(returnedOrderId: string | null = null) {
  const redirects: string[] = [];
  const driver = driveMachine(depositMachine, {
    held: {
      loadChannels: heldPromise<PaymentChannel[]>(),
      submitDeposit: heldPromise<DepositOrder, DepositRequest>(),
      submitTransferReference: heldPromise<DepositOrder, { orderId: string; reference: string }>(),
      loadOrder: heldPromise<DepositOrder, { orderId: string }>(),
    },
    provide: { actions: { redirectToGateway: (_, { url }) => void redirects.push(url) } },
    input: { returnedOrderId },
  });
  const {
    loadChannels: channels,
    submitDeposit: submit,
    submitTransferReference: reference,
    loadOrder: order,
  } = driver.held;
  return { ...driver, channels, submit, reference, order, redirects };
}

describe('depositMachine', () => {
  it('checks the amount against the chosen channel as the player types', async () => {
    const { channels, send, expectState, context, snapshot } = start();
    expect(snapshot().hasTag('busy')).toBe(true);
    await channels.resolve([onlineChannel, manualChannel]);
    send({ type: 'user.selectChannel', channelId: manualChannel.id });
    const problem = (amount: string) => {
      send({ type: 'user.changeAmount', amount });
      return [context().amount, context().amountProblem];
    };
    expect(problem('99.99')).toEqual(['9999', 'belowMin']);
    expect(problem('100')).toEqual(['10000', null]);
    expect(problem('50,000.00')).toEqual(['5000000', null]);
    expect(problem('50,000.01')).toEqual(['5000001', 'aboveMax']);
    // Each wrong amount says what is wrong with it.
    expect(problem('1.005')).toEqual([null, 'tooManyDecimals']);
    expect(problem('-500')).toEqual([null, 'negative']);
    expect(problem('abc')).toEqual([null, 'notNumber']);
    expect(problem('1e5')).toEqual([null, 'exponent']);
    expect(problem('0')).toEqual([null, 'zero']);
    expect(problem('')).toEqual([null, 'empty']);
    expect(problem('9'.repeat(16))).toEqual([null, 'aboveMax']);
    send({ type: 'user.submit', idempotencyKey: 'key-00000001' });
    expectState('editingAmount');
  });

  it('re-checks a typed amount when the player changes channel', async () => {
    const { channels, send, expectContext } = start();
    await channels.resolve([onlineChannel, manualChannel]);
    send({ type: 'user.selectChannel', channelId: onlineChannel.id });
    send({ type: 'user.changeAmount', amount: '80,000' });
    expectContext({ amountProblem: null });
    send({ type: 'user.back' });
    send({ type: 'user.selectChannel', channelId: manualChannel.id });
    expectContext({ amountProblem: 'aboveMax' });
  });

  it('submits minor units with the key, and sends the player to the gateway page', async () => {
    const { channels, submit, redirects, send, expectState } = start();
    await channels.resolve([onlineChannel, manualChannel]);
    send({ type: 'user.selectChannel', channelId: onlineChannel.id });
    send({ type: 'user.changeAmount', amount: '1,234.5' });
    send({ type: 'user.submit', idempotencyKey: 'key-00000001' });
    expect(submit.calls).toEqual([
      { channelId: onlineChannel.id, amount: '123450', idempotencyKey: 'key-00000001' },
    ]);
    await submit.resolve(orderFixture({ amount: '123450' }));
    expectState('redirecting');
    expect(redirects).toEqual([orderFixture().redirectUrl]);
  });

  it('retries a gateway failure with the same key; a refusal is not resent', async () => {
    const { channels, submit, send, expectState } = start();
    await channels.resolve([onlineChannel]);
    send({ type: 'user.selectChannel', channelId: onlineChannel.id });
    send({ type: 'user.changeAmount', amount: '500' });
    send({ type: 'user.submit', idempotencyKey: 'key-00000001' });
    await submit.reject({ code: 'payment_unavailable' });
    send({ type: 'user.retry' });
    expect(submit.calls.map((call) => call.idempotencyKey)).toEqual([
      'key-00000001',
      'key-00000001',
    ]);
    await submit.reject({ code: 'deposit_amount_out_of_range' });
    send({ type: 'user.retry' });
    expect(submit.calls).toHaveLength(2);
    send({ type: 'user.edit' });
    expectState('editingAmount');
  });

  it('manual: bank details, the reference, then waits; only its own settlement re-reads', async () => {
    const { channels, submit, reference, order, send, expectState } = start();
    await channels.resolve([manualChannel]);
    send({ type: 'user.selectChannel', channelId: manualChannel.id });
    send({ type: 'user.changeAmount', amount: '750' });
    send({ type: 'user.submit', idempotencyKey: 'key-00000002' });
    const manual = orderFixture({ kind: 'manual', channelId: 2, redirectUrl: null });
    await submit.resolve(manual);
    expectState('awaitingTransfer');
    send({ type: 'user.submitReference', reference: 'BDO-1' });
    expect(reference.calls).toEqual([{ orderId: manual.orderId, reference: 'BDO-1' }]);
    await reference.resolve({ ...manual, transferReference: 'BDO-1' });
    expectState('awaitingConfirmation');
    send({ type: 'server.orderSettled', orderId: 'someone-else' });
    expectState('awaitingConfirmation');
    send({ type: 'server.orderSettled', orderId: manual.orderId });
    expect(order.calls).toEqual([{ orderId: manual.orderId }]);
    await order.resolve({ ...manual, status: 'paid' });
    expectState('paid');
  });

  it('back from the gateway: reads the returned order, pending until it settles', async () => {
    const returned = orderFixture().orderId;
    const { channels, order, send, expectState, expectContext } = start(returned);
    await channels.resolve([onlineChannel]);
    expect(order.calls).toEqual([{ orderId: returned }]);
    await order.resolve(orderFixture());
    expectState('pendingResult');
    send({ type: 'server.orderSettled', orderId: returned });
    await order.resolve(orderFixture({ status: 'failed', redirectUrl: null }));
    expectState('failed');
    send({ type: 'user.again' });
    await channels.resolve([onlineChannel]);
    expectState('choosingChannel');
    expectContext({ order: null });
  });
});
