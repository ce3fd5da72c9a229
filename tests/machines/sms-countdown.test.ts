import { describe, expect, it } from 'vitest';
import {
  countdownSecondsOf,
  smsCountdownMachine,
  smsFailureOf,
  type SmsRequest,
  type SmsSent,
} from '../../src/machines/sms-countdown.machine.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

const request: SmsRequest = { countryDialingCode: '91', mobileNo: '9876543210' };

function start() {
  const driver = driveMachine(smsCountdownMachine, {
    held: { sendCode: heldPromise<SmsSent, SmsRequest>() },
  });
  const code = () => (driver.snapshot().value as { code: unknown }).code;
  const press = () => driver.send({ type: 'user.send', request });
  return { ...driver, sendCode: driver.held.sendCode, code, press };
}

describe('smsCountdownMachine', () => {
  it('sends the request and counts down from expiredMinutes x 60 to sendable again', async () => {
    const { sendCode, code, press, tick, context, snapshot } = start();
    press();
    expect(sendCode.calls).toEqual([request]);
    expect(snapshot().hasTag('busy')).toBe(true);
    await sendCode.resolve({ expiredMinutes: 2 });
    expect(code()).toEqual({ counting: 'ticking' });
    expect(context().secondsLeft).toBe(120);
    tick(1000);
    expect(context().secondsLeft).toBe(119);
    // The simulated clock fires one tick per increment, as seconds pass one by one.
    for (let second = 0; second < 118; second += 1) tick(1000);
    expect(context().secondsLeft).toBe(1);
    expect(code()).toEqual({ counting: 'ticking' });
    tick(1000);
    expect(code()).toBe('idle');
    expect(context().secondsLeft).toBe(0);
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
    const { sendCode, code, press, send, tick, expectContext } = start();
    press();
    await sendCode.reject({ code: 'sms_invalid_phone', message: 'Invalid phone number format.' });
    expect(code()).toBe('failed');
    expectContext({
      failure: { code: 'sms_invalid_phone', message: 'Invalid phone number format.' },
    });
    send({ type: 'user.dismiss' });
    expect(code()).toBe('idle');
    expectContext({ failure: null });
    tick(999);
    press();
    expect(sendCode.calls).toHaveLength(1);
    expect(code()).toBe('idle');
    tick(1);
    press();
    expect(sendCode.calls).toHaveLength(2);
    expect(code()).toBe('sending');
  });

  it('locks the button for 5 minutes after too many requests', async () => {
    const { sendCode, code, press, send, tick } = start();
    press();
    await sendCode.reject({ code: 'sms_too_many_requests', message: 'Retry in 5 minutes.' });
    expect(code()).toEqual({ locked: 'warning' });
    send({ type: 'user.dismiss' });
    expect(code()).toEqual({ locked: 'dismissed' });
    tick(60_000);
    press();
    expect(sendCode.calls).toHaveLength(1);
    tick(4 * 60_000);
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
