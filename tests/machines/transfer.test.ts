import { describe, expect, it } from 'vitest';
import { transferMachine, type TransferRequest } from '../../src/machines/transfer.machine.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

function start(needsPassword: boolean) {
  const done: unknown[] = [];
  const driver = driveMachine(transferMachine, {
    held: { submitTransfer: heldPromise<unknown, TransferRequest>() },
    provide: {
      guards: { needsPassword: () => needsPassword },
      actions: { announceDone: (_, { result }) => void done.push(result) },
    },
  });
  return { ...driver, submit: driver.held.submitTransfer, done };
}

const request = { amount: '1000', idempotencyKey: 'key-00000001', from: 'main', to: 'AURALIVE' };

describe('transferMachine', () => {
  it('sends the request at once when no password is needed, and announces the result', async () => {
    const { submit, done, send, expectState, snapshot } = start(false);
    send({ type: 'user.submit', request });
    expect(snapshot().hasTag('busy')).toBe(true);
    expect(submit.calls).toEqual([request]);
    await submit.resolve({ amount: '1000' });
    expectState('done');
    expect(done).toEqual([{ amount: '1000' }]);
  });

  it('retries a network failure with the same idempotency key', async () => {
    const { submit, send, expectContext } = start(false);
    send({ type: 'user.submit', request });
    await submit.reject({ code: 'network_error' });
    expectContext({ error: 'network_error' });
    send({ type: 'user.retry' });
    expect(submit.calls.map((call) => call.idempotencyKey)).toEqual([
      'key-00000001',
      'key-00000001',
    ]);
  });

  it('does not resend a refusal unchanged (insufficient balance): the player edits', async () => {
    const { submit, send, expectState } = start(false);
    send({ type: 'user.submit', request });
    await submit.reject({ code: 'insufficient_balance' });
    send({ type: 'user.retry' });
    expectState('failed');
    send({ type: 'user.edit' });
    expectState('editing');
    expect(submit.calls).toHaveLength(1);
  });

  it('asks the payment password, sends it, and forgets it after the answer', async () => {
    const { submit, send, expectState, snapshot } = start(true);
    send({ type: 'user.submit', request: { amount: '500', idempotencyKey: 'key-up-0001' } });
    expectState('confirming');
    send({ type: 'user.confirm', paymentPassword: '111111' });
    expect(submit.calls[0]?.paymentPassword).toBe('111111');
    await submit.reject({ code: 'payment_password_wrong' });
    expect(snapshot().context.request?.paymentPassword).toBe('');
    send({ type: 'user.retry' });
    expectState('confirming');
    send({ type: 'user.confirm', paymentPassword: '135790' });
    await submit.resolve({ amount: '500' });
    expect(submit.calls.map((call) => call.idempotencyKey)).toEqual(['key-up-0001', 'key-up-0001']);
    expect(snapshot().context.request?.paymentPassword).toBe('');
    send({ type: 'user.again' });
    expect(snapshot().context).toMatchObject({ request: null, result: null });
  });

  it('a thrown value without a code counts as a system error', async () => {
    const { submit, send, expectContext } = start(false);
    send({ type: 'user.submit', request });
    await submit.reject(new Error('boom'));
    expectContext({ error: 'system_error' });
  });
});
