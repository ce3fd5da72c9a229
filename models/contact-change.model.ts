import { contactChangeMachine } from '../src/machines/contact-change.machine.ts';
import { defineModel } from '../tests/support/model.ts';
import { failureFixture, networkFailure } from './session.model.ts';

export { contactChangeMachine };

const request = {
  kind: 'mobile',
  password: 'secret123',
  countryDialingCode: '91',
  mobileNum: '9612345678',
};

export const model = defineModel({
  name: 'contact-change',
  title: 'Change of mobile number or e-mail in the security center',
  summary:
    'The change of the mobile number (and, the same way, of the e-mail address) on the member ' +
    'center security page. The player opens the form, gives the current password and the new ' +
    'number; a code goes to the NEW number. The code field shows with the countdown of the ' +
    'code (expiredMinutes x 60 s); after it the code can be sent again. The right code sets the ' +
    'number and member info reloads. A refusal (wrong password, number taken, wrong code) shows ' +
    'on the step it came from; the player may go back to edit or cancel.',
  source: 'src/machines/contact-change.machine.ts',
  machine: contactChangeMachine,
  input: { kind: 'mobile' },
  events: {
    'user.open': [{}],
    'user.sendCode': [{ label: '+91 9612345678 with the password', request }],
    'user.resend': [{}],
    'user.edit': [{}],
    'user.submit': [
      { label: '123456', code: '123456' },
      { label: 'not 6 digits', code: '12' },
    ],
    'user.cancel': [{}],
    'user.close': [{}],
    'xstate.done.actor.sendCode': [{ label: 'valid 1 minute', output: { expiredMinutes: 1 } }],
    'xstate.error.actor.sendCode': [
      { label: 'mobile_taken', error: failureFixture('mobile_taken', 'Already registered.') },
      { label: 'network error', error: networkFailure },
    ],
    'xstate.done.actor.submitChange': [{ label: 'changed', output: undefined }],
    'xstate.error.actor.submitChange': [
      { label: 'sms_invalid_code', error: failureFixture('sms_invalid_code', 'Wrong code.') },
    ],
    'xstate.after.tick.contactChange.awaitingCode.counting.ticking': [{}],
    'xstate.after.countdown.contactChange.awaitingCode.counting': [{}],
  },
  // Whether the countdown runs tells the paths apart (the submit error's guard reads it).
  project: (context) => ({
    counting: context.secondsLeft > 0,
    failure: context.failure?.code ?? null,
  }),
  states: {
    'contactChange.idle': {
      shows: 'the current number (masked) or "not set" with a change button',
      testId: 'security-mobile-change',
    },
    'contactChange.editing': {
      shows:
        'the current password, the country code and the new number, send code and cancel; a ' +
        'refusal (wrong password, number taken) above the buttons',
      testId: 'security-mobile-form',
    },
    'contactChange.sendingCode': {
      shows: 'the send button busy and disabled',
      testId: 'security-mobile-form',
    },
    'contactChange.awaitingCode': {
      shows: 'where the code went, the code field, confirm, edit and cancel',
      testId: 'security-mobile-code',
    },
    'contactChange.awaitingCode.counting': {
      shows: 'the send-again button disabled with the seconds left',
      testId: 'security-mobile-countdown',
    },
    'contactChange.awaitingCode.counting.ticking': {
      shows: 'the seconds left going down by one every second',
      testId: 'security-mobile-countdown',
    },
    'contactChange.awaitingCode.canResend': {
      shows: 'the send-again button enabled',
      testId: 'security-mobile-resend',
    },
    'contactChange.submitting': {
      shows: 'the confirm button busy and disabled',
      testId: 'security-mobile-code',
    },
    'contactChange.done': {
      shows: 'the new number with a "changed" note and a close button',
      testId: 'security-mobile-done',
    },
  },
});
