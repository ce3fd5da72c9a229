import { describe, expect, it, vi } from 'vitest';
import {
  contactChangeMachine,
  type ContactRequest,
} from '../../src/machines/contact-change.machine.ts';
import { failureFixture } from '../../models/session.model.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

const request: ContactRequest = { kind: 'email', password: 'secret123', email: 'new@example.test' };

function start() {
  const reloadMember = vi.fn();
  const driver = driveMachine(contactChangeMachine, {
    held: {
      sendCode: heldPromise<{ expiredMinutes: number | null }, ContactRequest>(),
      submitChange: heldPromise<void, { request: ContactRequest; code: string }>(),
    },
    provide: { actions: { reloadMember } },
    input: { kind: 'email' },
  });
  /** One tick at a time: each tick schedules the next. */
  const seconds = (count: number) => {
    for (let i = 0; i < count; i += 1) driver.tick(1000);
  };
  return { ...driver, ...driver.held, reloadMember, seconds };
}

describe('contactChangeMachine', () => {
  it('sends to the new address, counts the code down, then sets it with the code', async () => {
    const {
      sendCode,
      submitChange,
      reloadMember,
      send,
      expectState,
      expectToBeIn,
      expectContext,
      seconds,
    } = start();
    send({ type: 'user.open' });
    send({ type: 'user.sendCode', request });
    expect(sendCode.calls).toEqual([request]);
    await sendCode.resolve({ expiredMinutes: 2 });
    expectContext({ countdownSeconds: 120, secondsLeft: 120 });
    seconds(3);
    expectContext({ secondsLeft: 117 });
    expectToBeIn({ awaitingCode: 'counting' });

    send({ type: 'user.submit', code: '123456' });
    expect(submitChange.calls).toEqual([{ request, code: '123456' }]);
    await submitChange.resolve(undefined);
    expectState('done');
    expectContext({ request: null });
    expect(reloadMember).toHaveBeenCalledTimes(1);
  });

  it('a wrong code keeps the countdown where it was; after it the code may be sent again', async () => {
    const { sendCode, submitChange, send, expectToBeIn, expectContext, seconds } = start();
    send({ type: 'user.open' });
    send({ type: 'user.sendCode', request });
    await sendCode.resolve({ expiredMinutes: 1 });
    seconds(10);
    send({ type: 'user.submit', code: '000000' });
    await submitChange.reject(failureFixture('sms_invalid_code', 'Wrong code.'));
    expectToBeIn({ awaitingCode: 'counting' });
    expectContext({ secondsLeft: 50 });
    expectContext({ failure: { code: 'sms_invalid_code' } });
    seconds(50);
    expectToBeIn({ awaitingCode: 'canResend' });
    send({ type: 'user.resend' });
    expect(sendCode.calls).toEqual([request, request]);
  });

  it('a refused send goes back to the form with the message', async () => {
    const { sendCode, send, expectState, expectContext } = start();
    send({ type: 'user.open' });
    send({ type: 'user.sendCode', request });
    await sendCode.reject(failureFixture('email_taken', 'This e-mail is already registered.'));
    expectState('editing');
    expectContext({ failure: { code: 'email_taken' } });
  });
});
