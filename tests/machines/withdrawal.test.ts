import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { withdrawalMachine } from '../../src/machines/withdrawal.machine.ts';
import type {
  BindBankAccountBody,
  SetPaymentPasswordPayload,
  Withdrawal,
  WithdrawalRequestPayload,
  WithdrawInfo,
} from '../../src/contract/withdrawal.ts';
import { heldPromise } from '../support/model-actors.ts';

const info: WithdrawInfo = {
  paymentPasswordSet: true,
  bankAccounts: [],
  withdrawals: [],
  minAmount: '10000',
  maxAmount: '100000000',
};
const request: WithdrawalRequestPayload = {
  bankAccountId: 1,
  amount: '50000',
  paymentPassword: '135790',
  idempotencyKey: 'k-0001-abcdef',
};

function start() {
  const load = heldPromise<WithdrawInfo, void>();
  const bind = heldPromise<unknown, BindBankAccountBody>();
  const password = heldPromise<unknown, SetPaymentPasswordPayload>();
  const submit = heldPromise<Withdrawal, WithdrawalRequestPayload>();
  const announceWithdrawal = vi.fn();
  const actor = createActor(
    withdrawalMachine.provide({
      actors: {
        loadWithdrawInfo: load.logic,
        submitBankAccount: bind.logic,
        submitPaymentPassword: password.logic,
        submitWithdrawal: submit.logic,
      },
      actions: { announceWithdrawal },
    }),
  ).start();
  return { actor, load, bind, password, submit, announceWithdrawal };
}

describe('withdrawalMachine', () => {
  it('loads, sends the request as given, reports it and reloads after "new request"', async () => {
    const { actor, load, submit, announceWithdrawal } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await load.resolve(info);
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'user.submit', request });
    expect(submit.calls).toEqual([request]);
    const made = { id: 7 } as Withdrawal;
    await submit.resolve(made);
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(actor.getSnapshot().context.last).toBe(made);
    expect(announceWithdrawal).toHaveBeenCalledTimes(1);
    actor.send({ type: 'user.again' });
    expect(load.calls).toHaveLength(2);
  });

  it('a refused request keeps the form with the code; the same key may be sent again', async () => {
    const { actor, load, submit } = start();
    await load.resolve(info);
    actor.send({ type: 'user.submit', request });
    await submit.reject({ code: 'insufficient_balance' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBe('insufficient_balance');
    actor.send({ type: 'user.submit', request });
    expect(submit.calls.map((call) => call.idempotencyKey)).toEqual([
      request.idempotencyKey,
      request.idempotencyKey,
    ]);
  });

  it('binding an account and setting the password reload the page; a failure keeps it', async () => {
    const { actor, load, bind, password } = start();
    await load.resolve(info);
    const account = { bankName: 'Bank', accountHolder: 'Asha', accountNumber: '123456' };
    actor.send({ type: 'user.bindAccount', account });
    expect(bind.calls).toEqual([account]);
    await bind.resolve({});
    expect(load.calls).toHaveLength(2);
    await load.resolve(info);
    actor.send({
      type: 'user.setPaymentPassword',
      payload: { paymentPassword: '135790', password: 'x' },
    });
    await password.reject(new Error('offline'));
    expect(actor.getSnapshot().context.error).toBe('system_error');
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('a failed load offers a retry', async () => {
    const { actor, load } = start();
    await load.reject({ code: 'network_error' });
    expect(actor.getSnapshot().value).toBe('loadFailed');
    actor.send({ type: 'user.retry' });
    expect(load.calls).toHaveLength(2);
  });
});
