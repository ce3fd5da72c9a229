import { describe, expect, it, vi } from 'vitest';
import { withdrawalMachine } from '../../src/machines/withdrawal.machine.ts';
import type {
  BindBankAccountBody,
  SetPaymentPasswordPayload,
  Withdrawal,
  WithdrawalRequestPayload,
  WithdrawInfo,
} from '../../src/contract/withdrawal.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

const info: WithdrawInfo = {
  paymentPasswordSet: true,
  bankAccounts: [],
  withdrawals: [],
  minAmount: '10000',
  maxAmount: '100000000',
  limits: {
    minAmount: '10000',
    maxAmount: '100000000',
    dailyCount: 5,
    dailyAmount: '200000000',
    remainingCount: 5,
    remainingAmount: '200000000',
    resetsAt: '2026-03-01T18:30:00.000Z',
  },
  withdrawable: '1000000',
  held: '0',
  turnoverNeeded: '0',
};
const request: WithdrawalRequestPayload = {
  bankAccountId: 1,
  amount: '50000',
  paymentPassword: '135790',
  idempotencyKey: 'k-0001-abcdef',
};

function start() {
  const announceWithdrawal = vi.fn();
  const driver = driveMachine(withdrawalMachine, {
    held: {
      loadWithdrawInfo: heldPromise<WithdrawInfo, void>(),
      submitBankAccount: heldPromise<unknown, BindBankAccountBody>(),
      submitPaymentPassword: heldPromise<unknown, SetPaymentPasswordPayload>(),
      submitWithdrawal: heldPromise<Withdrawal, WithdrawalRequestPayload>(),
    },
    provide: { actions: { announceWithdrawal } },
  });
  const {
    loadWithdrawInfo: load,
    submitBankAccount: bind,
    submitPaymentPassword: password,
  } = driver.held;
  return {
    ...driver,
    load,
    bind,
    password,
    submit: driver.held.submitWithdrawal,
    announceWithdrawal,
  };
}

describe('withdrawalMachine', () => {
  it('names the form a failure belongs to, keeps the tries left, and says which save succeeded', async () => {
    const { load, password, submit, send, expectState, context } = start();
    await load.resolve({ ...info, paymentPasswordSet: false });
    const payload = { paymentPassword: '135790', password: 'login-pass1' };
    send({ type: 'user.setPaymentPassword', payload });
    await password.reject({ code: 'password_wrong', detail: { remainingTries: 3 } });
    expectState('ready');
    expect(context()).toMatchObject({
      error: 'password_wrong',
      errorStep: 'paymentPassword',
      errorDetail: { remainingTries: 3 },
      saved: null,
    });
    send({ type: 'user.setPaymentPassword', payload });
    expect(context()).toMatchObject({ error: null, errorStep: null, errorDetail: null });
    await password.resolve({});
    await load.resolve(info);
    expect(context().saved).toBe('paymentPassword');
    send({ type: 'user.submit', request });
    expect(context().saved).toBeNull();
    const lockedUntil = '2026-01-01T00:15:00.000Z';
    await submit.reject({ code: 'payment_password_locked', detail: { lockedUntil } });
    expect(context()).toMatchObject({ errorStep: 'request', errorDetail: { lockedUntil } });
  });

  it('loads, sends the request as given, reports it and reloads after "new request"', async () => {
    const { load, submit, announceWithdrawal, send, expectState, context, snapshot } = start();
    expect(snapshot().hasTag('busy')).toBe(true);
    await load.resolve(info);
    expectState('ready');
    send({ type: 'user.submit', request });
    expect(submit.calls).toEqual([request]);
    const made = { id: 7 } as Withdrawal;
    await submit.resolve(made);
    expectState('submitted');
    expect(context().last).toBe(made);
    expect(announceWithdrawal).toHaveBeenCalledTimes(1);
    send({ type: 'user.again' });
    expect(load.calls).toHaveLength(2);
  });

  it('a refused request keeps the form with the code; the same key may be sent again', async () => {
    const { load, submit, send, expectState, expectContext } = start();
    await load.resolve(info);
    send({ type: 'user.submit', request });
    await submit.reject({ code: 'insufficient_balance' });
    expectState('ready');
    expectContext({ error: 'insufficient_balance' });
    send({ type: 'user.submit', request });
    expect(submit.calls.map((call) => call.idempotencyKey)).toEqual([
      request.idempotencyKey,
      request.idempotencyKey,
    ]);
  });

  it('binding an account and setting the password reload the page; a failure keeps it', async () => {
    const { load, bind, password, send, expectState, expectContext } = start();
    await load.resolve(info);
    const account = { bankName: 'Bank', accountHolder: 'Asha', accountNumber: '123456' };
    send({ type: 'user.bindAccount', account });
    expect(bind.calls).toEqual([account]);
    await bind.resolve({});
    expect(load.calls).toHaveLength(2);
    await load.resolve(info);
    send({
      type: 'user.setPaymentPassword',
      payload: { paymentPassword: '135790', password: 'x' },
    });
    await password.reject(new Error('offline'));
    expectContext({ error: 'system_error' });
    expectState('ready');
  });

  it('a failed load offers a retry', async () => {
    const { load, send, expectState } = start();
    await load.reject({ code: 'network_error' });
    expectState('loadFailed');
    send({ type: 'user.retry' });
    expect(load.calls).toHaveLength(2);
  });
});
