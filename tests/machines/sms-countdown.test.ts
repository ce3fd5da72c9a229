import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import {
  countdownSecondsOf,
  smsCountdownMachine,
  smsFailureOf,
  type SmsRequest,
  type SmsSent,
} from '../../src/machines/sms-countdown.machine.ts';
import { heldPromise } from '../support/model-actors.ts';

const request: SmsRequest = { countryDialingCode: '91', mobileNo: '9876543210' };

function start() {
  const sendCode = heldPromise<SmsSent, SmsRequest>();
  const clock = new SimulatedClock();
  const actor = createActor(smsCountdownMachine.provide({ actors: { sendCode: sendCode.logic } }), {
    clock,
  }).start();
  const code = () => (actor.getSnapshot().value as { code: unknown }).code;
  const press = () => actor.send({ type: 'user.send', request });
  return { actor, sendCode, clock, code, press };
}

describe('smsCountdownMachine', () => {
  it('sends the request and counts down from expiredMinutes x 60 to sendable again', async () => {
    const { actor, sendCode, clock, code, press } = start();
    press();
    expect(sendCode.calls).toEqual([request]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await sendCode.resolve({ expiredMinutes: 2 });
    expect(code()).toEqual({ counting: 'ticking' });
    expect(actor.getSnapshot().context.secondsLeft).toBe(120);
    clock.increment(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(119);
    // The simulated clock fires one tick per increment, as seconds pass one by one.
    for (let second = 0; second < 118; second += 1) clock.increment(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    expect(code()).toEqual({ counting: 'ticking' });
    clock.increment(1000);
    expect(code()).toBe('idle');
    expect(actor.getSnapshot().context.secondsLeft).toBe(0);
    press();
    expect(sendCode.calls).toHaveLength(2);
  });

  it('counts 60 s when the provider gives no expiry', () => {
    expect(countdownSecondsOf({ expiredMinutes: null })).toBe(60);
    expect(countdownSecondsOf({ expiredMinutes: 0 })).toBe(60);
    expect(countdownSecondsOf({ expiredMinutes: 5 })).toBe(300);
  });

  it('ignores presses while counting', async () => {
    const { sendCode, code, press } = start();
    press();
    await sendCode.resolve({ expiredMinutes: 1 });
    press();
    expect(sendCode.calls).toHaveLength(1);
    expect(code()).toEqual({ counting: 'ticking' });
  });

  it('ignores a second press within 1000 ms, takes one after', async () => {
    const { actor, sendCode, clock, code, press } = start();
    press();
    await sendCode.reject({ code: 'sms_invalid_phone', message: 'Invalid phone number format.' });
    expect(code()).toBe('failed');
    expect(actor.getSnapshot().context.failure).toEqual({
      code: 'sms_invalid_phone',
      message: 'Invalid phone number format.',
    });
    actor.send({ type: 'user.dismiss' });
    expect(code()).toBe('idle');
    expect(actor.getSnapshot().context.failure).toBeNull();
    clock.increment(999);
    press();
    expect(sendCode.calls).toHaveLength(1);
    expect(code()).toBe('idle');
    clock.increment(1);
    press();
    expect(sendCode.calls).toHaveLength(2);
    expect(code()).toBe('sending');
  });

  it('locks the button for 5 minutes after too many requests', async () => {
    const { actor, sendCode, clock, code, press } = start();
    press();
    await sendCode.reject({ code: 'sms_too_many_requests', message: 'Retry in 5 minutes.' });
    expect(code()).toEqual({ locked: 'warning' });
    actor.send({ type: 'user.dismiss' });
    expect(code()).toEqual({ locked: 'dismissed' });
    clock.increment(60_000);
    press();
    expect(sendCode.calls).toHaveLength(1);
    clock.increment(4 * 60_000);
    expect(code()).toBe('idle');
    press();
    expect(sendCode.calls).toHaveLength(2);
  });

  it('reads any rejection as a failure with a code', () => {
    expect(smsFailureOf(new Error('offline'))).toEqual({ code: 'sms_unknown', message: 'offline' });
    expect(smsFailureOf('sms_quota_exceeded')).toEqual({ code: 'sms_quota_exceeded', message: '' });
    expect(smsFailureOf(undefined)).toEqual({ code: 'sms_unknown', message: '' });
  });
});
