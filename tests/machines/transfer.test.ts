import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { transferMachine, type TransferRequest } from '../../src/machines/transfer.machine.ts';
import { heldPromise } from '../support/model-actors.ts';

function start(needsPassword: boolean) {
  const submit = heldPromise<unknown, TransferRequest>();
  const done: unknown[] = [];
  const actor = createActor(
    transferMachine.provide({
      actors: { submitTransfer: submit.logic },
      guards: { needsPassword: () => needsPassword },
      actions: { announceDone: (_, { result }) => void done.push(result) },
    }),
  ).start();
  return { actor, submit, done };
}

const request = { amount: '1000', idempotencyKey: 'key-00000001', from: 'main', to: 'AURALIVE' };

describe('transferMachine', () => {
  it('sends the request at once when no password is needed, and announces the result', async () => {
    const { actor, submit, done } = start(false);
    actor.send({ type: 'user.submit', request });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(submit.calls).toEqual([request]);
    await submit.resolve({ amount: '1000' });
    expect(actor.getSnapshot().value).toBe('done');
    expect(done).toEqual([{ amount: '1000' }]);
  });

  it('retries a network failure with the same idempotency key', async () => {
    const { actor, submit } = start(false);
    actor.send({ type: 'user.submit', request });
    await submit.reject({ code: 'network_error' });
    expect(actor.getSnapshot().context.error).toBe('network_error');
    actor.send({ type: 'user.retry' });
    expect(submit.calls.map((call) => call.idempotencyKey)).toEqual([
      'key-00000001',
      'key-00000001',
    ]);
  });

  it('does not resend a refusal unchanged (insufficient balance): the player edits', async () => {
    const { actor, submit } = start(false);
    actor.send({ type: 'user.submit', request });
    await submit.reject({ code: 'insufficient_balance' });
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'user.edit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(submit.calls).toHaveLength(1);
  });

  it('asks the payment password, sends it, and forgets it after the answer', async () => {
    const { actor, submit } = start(true);
    actor.send({ type: 'user.submit', request: { amount: '500', idempotencyKey: 'key-up-0001' } });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'user.confirm', paymentPassword: '111111' });
    expect(submit.calls[0]?.paymentPassword).toBe('111111');
    await submit.reject({ code: 'payment_password_wrong' });
    expect(actor.getSnapshot().context.request?.paymentPassword).toBe('');
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'user.confirm', paymentPassword: '135790' });
    await submit.resolve({ amount: '500' });
    expect(submit.calls.map((call) => call.idempotencyKey)).toEqual(['key-up-0001', 'key-up-0001']);
    expect(actor.getSnapshot().context.request?.paymentPassword).toBe('');
    actor.send({ type: 'user.again' });
    expect(actor.getSnapshot().context).toMatchObject({ request: null, result: null });
  });

  it('a thrown value without a code counts as a system error', async () => {
    const { actor, submit } = start(false);
    actor.send({ type: 'user.submit', request });
    await submit.reject(new Error('boom'));
    expect(actor.getSnapshot().context.error).toBe('system_error');
  });
});
