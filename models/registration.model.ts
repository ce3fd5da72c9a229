import type { MemberInfo } from '../src/contract/identity.ts';
import {
  patternSources,
  registerFields,
  type FieldRule,
  type PatternId,
  type RegisterValidators,
} from '../src/contract/validation.ts';
import type { RegistrationValues } from '../src/contract/validation-engine.ts';
import { registrationMachine } from '../src/machines/registration.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { registrationMachine };

const rule = (
  patternId: PatternId,
  minLength: number,
  maxLength: number,
  options: Partial<FieldRule> = {},
): FieldRule => ({
  enabled: false,
  required: false,
  acceptedPattern: patternSources[patternId],
  patternId,
  minLength,
  maxLength,
  ...options,
});

const off = rule('any', 0, 64);

/** The operator's rules: username, password, mobile, code and affiliate code on. */
export const registrationValidators: RegisterValidators = {
  ...(Object.fromEntries(registerFields.map((field) => [field, off])) as RegisterValidators),
  username: rule('letterFirstAlnum', 6, 16, { enabled: true, required: true }),
  password: rule('lettersAndDigitsCombined', 6, 20, { enabled: true, required: true }),
  confirmPassword: rule('lettersAndDigitsCombined', 6, 20, { enabled: true, required: true }),
  mobileNum: rule('mobileNumber', 10, 10),
  verificationCode: rule('digitsOnly', 0, 255, { enabled: true, required: true }),
  affiliateCode: rule('alnumCaseInsensitive', 4, 20, { enabled: true }),
};

/** A valid username registration (the model's submit, and the registration tests'). */
export const byUsername: RegistrationValues = {
  username: 'player01',
  password: 'secret12',
  confirmPassword: 'secret12',
  agreeTerms: true,
  confirmAge: true,
};
const byMobile: RegistrationValues = {
  mobileNum: '9876543210',
  countryDialingCode: '91',
  verificationCode: '123456',
  agreeTerms: true,
  confirmAge: true,
};

const member: MemberInfo = {
  id: 7,
  account: 'player01',
  nickname: 'player01',
  type: 0,
  toUpline: false,
  clubLabel: { labelName: 'Bronze', rankLevel: 1 },
  memberLabel: { colour: '#ABABAB' },
  mobileNum: null,
  email: null,
  language: 'hi',
  lastLoginAt: null,
  twoFactorBound: false,
};

export const model = defineModel({
  name: 'registration',
  title: 'Registration',
  summary:
    'The registration popup. Tabs switch between mobile registration (the default when its ' +
    'flag is on) and username registration when both are enabled. A code in the URL is ' +
    "checked at start: an agent's affiliate code hides the field; any other code is a " +
    "player's referral code, shown read-only and sent as the referral code, and the field " +
    'shows (as it does without a code). On submit the terms must be ticked (else the terms warning), every field ' +
    'passes its rule (first error under each field), a filled affiliate code is verified (else ' +
    'the invitation-code warning), the person passes human verification, the registration is ' +
    'sent, member info loads and the popup closes for the home page. A failure returns to the ' +
    "form with the server's message.",
  source: 'src/machines/registration.machine.ts',
  machine: registrationMachine,
  input: {
    validators: registrationValidators,
    usernameRegistration: true,
    mobileRegistration: true,
    mobileWithPassword: false,
    smsVerification: false,
    captchaShown: false,
    urlAffiliateCode: 'AG1234',
  },
  settings: [
    {
      name: 'code in the URL',
      description: 'the register URL carries the affiliate code AG1234',
    },
    {
      name: 'no code in the URL',
      description: 'the register URL has no affiliate code',
      provide: { guards: { hasNoUrlAffiliateCode: () => true } },
    },
  ],
  events: {
    'user.selectTab': [
      { label: 'username', registerType: 'username' },
      { label: 'mobile', registerType: 'mobile' },
    ],
    'user.submit': [
      { label: 'terms not ticked', form: { ...byUsername, ...byMobile, agreeTerms: false } },
      { label: 'empty fields', form: { agreeTerms: true, confirmAge: true } },
      { label: 'valid username form', form: byUsername },
      { label: 'valid mobile form', form: byMobile },
      {
        label: 'valid mobile form with affiliate code',
        form: { ...byMobile, affiliateCode: 'FRIEND99' },
      },
    ],
    'user.dismiss': [{}],
    'xstate.done.actor.checkAffiliate': [
      { label: 'valid', output: { valid: true } },
      { label: 'invalid', output: { valid: false } },
    ],
    'xstate.error.actor.checkAffiliate': [{ label: 'network error', error: 'network' }],
    'xstate.done.actor.verifyHuman': [{ label: 'solved', output: 'altcha-payload' }],
    'xstate.error.actor.verifyHuman': [
      { label: 'not solved', error: { code: 'verification_required', message: 'Verify first.' } },
    ],
    'xstate.done.actor.submitRegistration': [{ label: 'registered' }],
    'xstate.error.actor.submitRegistration': [
      { label: 'username_taken', error: { code: 'username_taken', message: 'Username taken.' } },
    ],
    'xstate.done.actor.loadMemberInfo': [{ label: 'member info', output: member }],
    'xstate.error.actor.loadMemberInfo': [{ label: 'network error', error: 'network' }],
  },
  project: (context) => ({
    registerType: context.registerType,
    affiliateShown: context.affiliateShown,
  }),
  states: {
    'registration.checkingUrlAffiliate': {
      shows: "the popup's busy indicator while the URL's affiliate code is checked",
      testId: 'register-modal',
    },
    'registration.editing': {
      shows:
        'the form of the chosen register type (tabs when both are on), the affiliate field ' +
        "unless the URL's code checked out, the referral code when it did not, field errors under the fields and the server's " +
        'message after a failure',
      testId: 'register-form',
    },
    'registration.termsWarning': {
      shows: 'the terms warning dialog',
      role: { role: 'alertdialog' },
    },
    'registration.verifyingAffiliate': {
      shows: 'the submit button busy while the affiliate code is verified',
      testId: 'register-form',
    },
    'registration.affiliateWarning': {
      shows: 'the invitation-code warning dialog with a submit button',
      role: { role: 'alertdialog' },
    },
    'registration.verifyingHuman': {
      shows: 'the human verification widget',
      testId: 'human-verification',
    },
    'registration.submitting': {
      shows: 'the submit button busy while the registration is sent',
      testId: 'register-form',
    },
    'registration.loadingMember': {
      shows: 'the submit button busy while member info loads',
      testId: 'register-form',
    },
    'registration.done': { shows: 'the popup closed and the home page', testId: 'page-home' },
  },
});
