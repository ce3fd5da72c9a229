import { smsCountdownMachine } from '../src/machines/sms-countdown.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { smsCountdownMachine };

const request = { countryDialingCode: '91', mobileNo: '9876543210' };

export const model = defineModel({
  name: 'sms-countdown',
  title: 'SMS code send button',
  summary:
    'The "get code" button of registration, SMS login and forgot-by-phone. A press sends the ' +
    'code (a second press within 1000 ms is ignored); the button then counts down in seconds ' +
    '(expiredMinutes x 60, or 60 s when the provider gives none) and can send again at 0. A ' +
    "failed send shows the server's message until dismissed; too many requests locks the " +
    'button for 5 minutes.',
  source: 'src/machines/sms-countdown.machine.ts',
  machine: smsCountdownMachine,
  events: {
    'user.send': [{ label: '+91 9876543210', request }],
    'user.dismiss': [{}],
    'xstate.done.actor.sendCode': [
      { label: 'valid 1 minute', output: { expiredMinutes: 1 } },
      { label: 'no expiry from the provider', output: { expiredMinutes: null } },
    ],
    'xstate.error.actor.sendCode': [
      {
        label: 'sms_invalid_phone',
        error: { code: 'sms_invalid_phone', message: 'Invalid phone number format.' },
      },
      {
        label: 'sms_too_many_requests',
        error: { code: 'sms_too_many_requests', message: 'Too many requests, retry in 5 minutes.' },
      },
    ],
    'xstate.after.tick.smsCountdown.code.counting.ticking': [{}],
    'xstate.after.countdown.smsCountdown.code.counting': [{}],
    'xstate.after.smsLock.smsCountdown.code.locked': [{}],
    'xstate.after.sendThrottle.smsCountdown.throttle.closed': [{}],
  },
  // The countdown length tells the paths apart for QA; secondsLeft (display only) stays out.
  project: (context) => ({ countdownSeconds: context.countdownSeconds }),
  states: {
    'smsCountdown.code': { shows: 'the send-code button next to the code field' },
    'smsCountdown.code.idle': {
      shows: 'the enabled "get code" button',
      testId: 'sms-send',
    },
    'smsCountdown.code.sending': {
      shows: 'the button disabled with a busy indicator while the code is sent',
      testId: 'sms-send',
    },
    'smsCountdown.code.counting': {
      shows: 'the disabled button showing the seconds left',
      testId: 'sms-countdown',
    },
    'smsCountdown.code.counting.ticking': {
      shows: 'the seconds left going down by one every second',
      testId: 'sms-countdown',
    },
    'smsCountdown.code.failed': {
      shows: "a warning dialog with the server's message and a submit button",
      role: { role: 'alertdialog' },
    },
    'smsCountdown.code.locked': {
      shows: 'the button disabled for 5 minutes after too many requests',
      testId: 'sms-locked',
    },
    'smsCountdown.code.locked.warning': {
      shows: "a warning dialog with the server's too-many-requests message",
      role: { role: 'alertdialog' },
    },
    'smsCountdown.code.locked.dismissed': {
      shows: 'the locked button without the dialog',
      testId: 'sms-locked',
    },
    'smsCountdown.throttle': { shows: 'nothing of its own: whether a press is taken' },
    'smsCountdown.throttle.open': { shows: 'a press of the enabled button sends' },
    'smsCountdown.throttle.closed': { shows: 'a press within 1000 ms of the last is ignored' },
  },
});
