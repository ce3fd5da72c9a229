import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  contactChangeMachine,
  type ContactRequest,
} from '../../src/machines/contact-change.machine.ts';
import { failureFixture } from '../../models/session.model.ts';
import { heldPromise } from '../support/model-actors.ts';

const request: ContactRequest = { kind: 'email', password: 'secret123', email: 'new@example.test' };

/** One tick at a time: each tick schedules the next. */
function seconds(clock: SimulatedClock, count: number) {
  for (let i = 0; i < count; i += 1) clock.increment(1000);
}

function start() {
  const clock = new SimulatedClock();
  const reloadMember = vi.fn();
  const sendCode = heldPromise<{ expiredMinutes: number | null }, ContactRequest>();
  const submitChange = heldPromise<void, { request: ContactRequest; code: string }>();
  const actor = createActor(
    contactChangeMachine.provide({
      actions: { reloadMember },
      actors: { sendCode: sendCode.logic, submitChange: submitChange.logic },
    }),
    { input: { kind: 'email' }, clock },
  ).start();
  return { actor, clock, reloadMember, sendCode, submitChange };
}

describe('contactChangeMachine', () => {
  it('sends to the new address, counts the code down, then sets it with the code', async () => {
    const { actor, clock, sendCode, submitChange, reloadMember } = start();
    actor.send({ type: 'user.open' });
    actor.send({ type: 'user.sendCode', request });
    expect(sendCode.calls).toEqual([request]);
    await sendCode.resolve({ expiredMinutes: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ countdownSeconds: 120, secondsLeft: 120 });
    seconds(clock, 3);
    expect(actor.getSnapshot().context.secondsLeft).toBe(117);
    expect(actor.getSnapshot().matches({ awaitingCode: 'counting' })).toBe(true);

    actor.send({ type: 'user.submit', code: '123456' });
    expect(submitChange.calls).toEqual([{ request, code: '123456' }]);
    await submitChange.resolve(undefined);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.request).toBeNull();
    expect(reloadMember).toHaveBeenCalledTimes(1);
  });

  it('a wrong code keeps the countdown where it was; after it the code may be sent again', async () => {
    const { actor, clock, sendCode, submitChange } = start();
    actor.send({ type: 'user.open' });
    actor.send({ type: 'user.sendCode', request });
    await sendCode.resolve({ expiredMinutes: 1 });
    seconds(clock, 10);
    actor.send({ type: 'user.submit', code: '000000' });
    await submitChange.reject(failureFixture('sms_invalid_code', 'Wrong code.'));
    expect(actor.getSnapshot().matches({ awaitingCode: 'counting' })).toBe(true);
    expect(actor.getSnapshot().context.secondsLeft).toBe(50);
    expect(actor.getSnapshot().context.failure?.code).toBe('sms_invalid_code');
    seconds(clock, 50);
    expect(actor.getSnapshot().matches({ awaitingCode: 'canResend' })).toBe(true);
    actor.send({ type: 'user.resend' });
    expect(sendCode.calls).toEqual([request, request]);
  });

  it('a refused send goes back to the form with the message', async () => {
    const { actor, sendCode } = start();
    actor.send({ type: 'user.open' });
    actor.send({ type: 'user.sendCode', request });
    await sendCode.reject(failureFixture('email_taken', 'This e-mail is already registered.'));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.failure?.code).toBe('email_taken');
  });
});
