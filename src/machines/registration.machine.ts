import { assign, fromPromise, setup } from 'xstate';
import type { MemberInfo } from '../contract/identity.ts';
import type { RegisterValidators } from '../contract/validation.ts';
import { registrationErrors } from '../contract/validation-engine.ts';
import type {
  FormErrors,
  RegisterType,
  RegistrationOptions,
  RegistrationValues,
  ValidationMessage,
} from '../contract/validation-engine.ts';
import { failureOf, type Failure } from './session.machine.ts';

export type RegistrationInput = {
  /** The register validators of the permission payload. */
  validators: RegisterValidators;
  /** USERNAMEREG3 */
  usernameRegistration: boolean;
  /** MOBILENUMREG3: mobile registration, the default when on. */
  mobileRegistration: boolean;
  /** MOBILENUMPASSREG3: the mobile form shows the password fields. */
  mobileWithPassword: boolean;
  /** REGMOBVERF3: an SMS code for username registration too. */
  smsVerification: boolean;
  /** The public setting shows the captcha. */
  captchaShown: boolean;
  /**
   * The code of the register URL (`?referralCode=`), if any: an agent's invitation link carries
   * its affiliate code, a player's referral link the player's referral code; the check decides.
   */
  urlAffiliateCode: string | null;
};

export type RegistrationContext = RegistrationInput & {
  registerType: RegisterType;
  /** Tabs only when both register methods are on. */
  showTabs: boolean;
  /** The affiliate field shows unless the URL's code checked out. */
  affiliateShown: boolean;
  /** The URL's code once it checked out; sent in place of the hidden field. */
  verifiedAffiliateCode: string | null;
  /**
   * The URL's code when it did not check out as an agent's: a player's referral code, shown
   * read-only and sent as the registration's referralCode (never as its affiliate code).
   */
  referralCode: string | null;
  form: RegistrationValues | null;
  /** First error per field of the last submit; shown under the fields. */
  errors: FormErrors<string>;
  humanVerification: string | null;
  failure: Failure | null;
  member: MemberInfo | null;
};

export type RegistrationEvent =
  | { type: 'user.selectTab'; registerType: RegisterType }
  | { type: 'user.submit'; form: RegistrationValues }
  | { type: 'user.dismiss' };

/** What the app sends: it encrypts it and calls PUT register or register/mobile. */
export type RegistrationRequest = {
  registerType: RegisterType;
  form: RegistrationValues;
  affiliateCode: string | null;
  /** A player's referral code from the URL (binds the new member as that player's friend). */
  referralCode: string | null;
  humanVerification: string;
};

const optionsOf = (context: RegistrationContext): RegistrationOptions => ({
  registerType: context.registerType,
  smsVerification: context.smsVerification,
  mobileWithPassword: context.mobileWithPassword,
  captchaShown: context.captchaShown,
  affiliateShown: context.affiliateShown,
});

/** The form's field errors, terms left out: the terms warning comes first. */
export function fieldErrorsOf(
  context: RegistrationContext,
  form: RegistrationValues,
): Record<string, ValidationMessage> {
  const { agreeTerms: _terms, ...errors } = registrationErrors(
    form,
    context.validators,
    optionsOf(context),
  );
  return errors as Record<string, ValidationMessage>;
}

const urlCode = (context: RegistrationContext) => (context.urlAffiliateCode ?? '').trim();

const filledAffiliate = (context: RegistrationContext, form = context.form) =>
  context.affiliateShown ? (form?.affiliateCode ?? '').trim() : '';

/**
 * Registration (spec section 4, "Registration flow"): the URL's code is checked at start: an
 * agent's affiliate code hides the field and is sent as the affiliate code, any other code is a
 * player's referral code, shown read-only and sent as the referral code. On submit the terms
 * must be ticked (else a warning), the fields pass the validation engine, a filled affiliate
 * code is verified (else the invitation-code warning), the person passes human verification,
 * the registration is sent, member info loads, done (the app closes the modal and goes to /).
 * A failure returns to the form with the server's message.
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    output: {} as { member: MemberInfo | null },
  },
  actors: {
    checkAffiliate: fromPromise<{ valid: boolean }, { code: string }>(async () => {
      throw new Error('checkAffiliate is supplied by the app');
    }),
    verifyHuman: fromPromise<string>(async () => {
      throw new Error('verifyHuman is supplied by the app');
    }),
    submitRegistration: fromPromise<void, RegistrationRequest>(async () => {
      throw new Error('submitRegistration is supplied by the app');
    }),
    loadMemberInfo: fromPromise<MemberInfo>(async () => {
      throw new Error('loadMemberInfo is supplied by the app');
    }),
  },
  guards: {
    hasNoUrlAffiliateCode: ({ context }) => urlCode(context) === '',
    hasTabs: ({ context }) => context.showTabs,
    isTermsMissing: (_, params: { form: RegistrationValues }) => params.form.agreeTerms !== true,
    hasFieldErrors: ({ context }, params: { form: RegistrationValues }) =>
      Object.keys(fieldErrorsOf(context, params.form)).length > 0,
    hasAffiliateToVerify: ({ context }, params: { form: RegistrationValues }) =>
      filledAffiliate(context, params.form) !== '',
    isAffiliateValid: (_, params: { valid: boolean }) => params.valid,
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    ...input,
    registerType: input.mobileRegistration ? 'mobile' : 'username',
    showTabs: input.mobileRegistration && input.usernameRegistration,
    affiliateShown: true,
    verifiedAffiliateCode: null,
    referralCode: null,
    form: null,
    errors: {},
    humanVerification: null,
    failure: null,
    member: null,
  }),
  output: ({ context }) => ({ member: context.member }),
  initial: 'checkingUrlAffiliate',
  states: {
    checkingUrlAffiliate: {
      tags: ['busy'],
      // No code in the URL: the field shows, nothing to check.
      always: { guard: 'hasNoUrlAffiliateCode', target: 'editing' },
      invoke: {
        id: 'checkAffiliate',
        src: 'checkAffiliate',
        input: ({ context }) => ({ code: urlCode(context) }),
        onDone: [
          {
            guard: { type: 'isAffiliateValid', params: ({ event }) => event.output },
            target: 'editing',
            actions: assign({
              affiliateShown: false,
              verifiedAffiliateCode: ({ context }) => urlCode(context),
            }),
          },
          // Not an agent's: a player's referral link.
          {
            target: 'editing',
            actions: assign({ referralCode: ({ context }) => urlCode(context) }),
          },
        ],
        // Unchecked: kept as a referral code, so a player's link still binds the friend.
        onError: {
          target: 'editing',
          actions: assign({ referralCode: ({ context }) => urlCode(context) }),
        },
      },
    },
    editing: {
      tags: ['editable'],
      on: {
        'user.selectTab': {
          guard: 'hasTabs',
          actions: assign({
            registerType: ({ event }) => event.registerType,
            errors: {},
            failure: null,
          }),
        },
        'user.submit': [
          {
            guard: { type: 'isTermsMissing', params: ({ event }) => ({ form: event.form }) },
            target: 'termsWarning',
            actions: assign({ form: ({ event }) => event.form, failure: null }),
          },
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ form: event.form }) },
            actions: assign({
              form: ({ event }) => event.form,
              errors: ({ context, event }) => fieldErrorsOf(context, event.form),
              failure: null,
            }),
          },
          {
            guard: { type: 'hasAffiliateToVerify', params: ({ event }) => ({ form: event.form }) },
            target: 'verifyingAffiliate',
            actions: assign({ form: ({ event }) => event.form, errors: {}, failure: null }),
          },
          {
            target: 'verifyingHuman',
            actions: assign({ form: ({ event }) => event.form, errors: {}, failure: null }),
          },
        ],
      },
    },
    termsWarning: {
      on: { 'user.dismiss': 'editing' },
    },
    verifyingAffiliate: {
      tags: ['busy'],
      invoke: {
        id: 'checkAffiliate',
        src: 'checkAffiliate',
        input: ({ context }) => ({ code: filledAffiliate(context) }),
        onDone: [
          {
            guard: { type: 'isAffiliateValid', params: ({ event }) => event.output },
            target: 'verifyingHuman',
          },
          { target: 'affiliateWarning' },
        ],
        onError: {
          target: 'editing',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    affiliateWarning: {
      on: { 'user.dismiss': 'editing' },
    },
    verifyingHuman: {
      tags: ['busy'],
      invoke: {
        id: 'verifyHuman',
        src: 'verifyHuman',
        onDone: {
          target: 'submitting',
          actions: assign({ humanVerification: ({ event }) => event.output }),
        },
        onError: {
          target: 'editing',
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitRegistration',
        src: 'submitRegistration',
        input: ({ context }) => ({
          registerType: context.registerType,
          form: context.form!,
          affiliateCode: context.affiliateShown
            ? filledAffiliate(context) || null
            : context.verifiedAffiliateCode,
          referralCode: context.referralCode,
          humanVerification: context.humanVerification ?? '',
        }),
        onDone: 'loadingMember',
        onError: {
          target: 'editing',
          actions: assign({
            failure: ({ event }) => failureOf(event.error),
            humanVerification: null,
          }),
        },
      },
    },
    loadingMember: {
      tags: ['busy'],
      invoke: {
        id: 'loadMemberInfo',
        src: 'loadMemberInfo',
        onDone: { target: 'done', actions: assign({ member: ({ event }) => event.output }) },
        // The account exists and the session holds its token: the session reads it again.
        onError: 'done',
      },
    },
    done: { type: 'final' },
  },
});
