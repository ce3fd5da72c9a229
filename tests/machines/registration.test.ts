import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { MemberInfo } from '../../src/contract/identity.ts';
import type { RegistrationValues } from '../../src/contract/validation-engine.ts';
import {
  registrationMachine,
  type RegistrationInput,
  type RegistrationRequest,
} from '../../src/machines/registration.machine.ts';
import { model, registrationValidators } from '../../models/registration.model.ts';
import { heldPromise } from '../support/model-actors.ts';

const input = (overrides: Partial<RegistrationInput> = {}): RegistrationInput => ({
  ...(model.input as RegistrationInput),
  validators: registrationValidators,
  ...overrides,
});

const usernameForm: RegistrationValues = {
  username: 'player01',
  password: 'secret12',
  confirmPassword: 'secret12',
  agreeTerms: true,
  confirmAge: true,
};

function start(overrides: Partial<RegistrationInput> = {}) {
  const checkAffiliate = heldPromise<{ valid: boolean }, { code: string }>();
  const verifyHuman = heldPromise<string>();
  const submitRegistration = heldPromise<void, RegistrationRequest>();
  const loadMemberInfo = heldPromise<MemberInfo>();
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        checkAffiliate: checkAffiliate.logic,
        verifyHuman: verifyHuman.logic,
        submitRegistration: submitRegistration.logic,
        loadMemberInfo: loadMemberInfo.logic,
      },
    }),
    { input: input(overrides) },
  ).start();
  const state = () => actor.getSnapshot();
  return { actor, state, checkAffiliate, verifyHuman, submitRegistration, loadMemberInfo };
}

describe('registrationMachine', () => {
  it('defaults to mobile with tabs when both methods are on; username only without tabs', () => {
    const both = start({ urlAffiliateCode: null });
    expect(both.state().context).toMatchObject({ registerType: 'mobile', showTabs: true });
    both.actor.send({ type: 'user.selectTab', registerType: 'username' });
    expect(both.state().context.registerType).toBe('username');

    const usernameOnly = start({ urlAffiliateCode: null, mobileRegistration: false });
    expect(usernameOnly.state().context).toMatchObject({
      registerType: 'username',
      showTabs: false,
    });
    usernameOnly.actor.send({ type: 'user.selectTab', registerType: 'mobile' });
    expect(usernameOnly.state().context.registerType).toBe('username');
  });

  it('hides the affiliate field when the URL code checks out, shows it when it fails', async () => {
    const valid = start({ urlAffiliateCode: ' AG1234 ' });
    expect(valid.checkAffiliate.calls).toEqual([{ code: 'AG1234' }]);
    await valid.checkAffiliate.resolve({ valid: true });
    expect(valid.state().value).toBe('editing');
    expect(valid.state().context.affiliateShown).toBe(false);

    const invalid = start();
    await invalid.checkAffiliate.resolve({ valid: false });
    expect(invalid.state().context.affiliateShown).toBe(true);

    const failed = start();
    await failed.checkAffiliate.reject(new Error('offline'));
    expect(failed.state().context.affiliateShown).toBe(true);

    expect(start({ urlAffiliateCode: null }).checkAffiliate.calls).toEqual([]);
  });

  it('warns about the terms before checking the fields', () => {
    const { actor, state } = start({ urlAffiliateCode: null });
    actor.send({ type: 'user.submit', form: { agreeTerms: false, confirmAge: true } });
    expect(state().value).toBe('termsWarning');
    expect(state().context.errors).toEqual({});
    actor.send({ type: 'user.dismiss' });
    expect(state().value).toBe('editing');
  });

  it('keeps the first error per field and stays in the form', () => {
    const { actor, state } = start({ urlAffiliateCode: null, mobileRegistration: false });
    actor.send({
      type: 'user.submit',
      form: { ...usernameForm, username: '9lives', confirmPassword: 'other123' },
    });
    expect(state().value).toBe('editing');
    expect(state().context.errors).toEqual({
      username: { key: 'validation.pattern.letterFirstAlnum', params: { min: 6, max: 16 } },
      confirmPassword: { key: 'validation.inconsistent', params: {} },
    });
  });

  it('verifies a filled affiliate code first; an invalid one shows the warning', async () => {
    const { actor, state, checkAffiliate, verifyHuman } = start({
      urlAffiliateCode: null,
      mobileRegistration: false,
    });
    actor.send({ type: 'user.submit', form: { ...usernameForm, affiliateCode: 'FRIEND99' } });
    expect(state().value).toBe('verifyingAffiliate');
    expect(checkAffiliate.calls).toEqual([{ code: 'FRIEND99' }]);
    await checkAffiliate.resolve({ valid: false });
    expect(state().value).toBe('affiliateWarning');
    expect(verifyHuman.calls).toHaveLength(0);
    actor.send({ type: 'user.dismiss' });
    expect(state().value).toBe('editing');
  });

  it("sends the form with the URL's verified code, loads member info and ends", async () => {
    const { actor, state, checkAffiliate, verifyHuman, submitRegistration, loadMemberInfo } = start(
      { urlAffiliateCode: 'AG1234', mobileRegistration: false },
    );
    await checkAffiliate.resolve({ valid: true });
    actor.send({ type: 'user.submit', form: usernameForm });
    expect(state().value).toBe('verifyingHuman');
    await verifyHuman.resolve('altcha-payload');
    expect(submitRegistration.calls).toEqual([
      {
        registerType: 'username',
        form: usernameForm,
        affiliateCode: 'AG1234',
        humanVerification: 'altcha-payload',
      },
    ]);
    await submitRegistration.resolve(undefined);
    expect(state().value).toBe('loadingMember');
    const member = { id: 7, account: 'player01' } as MemberInfo;
    await loadMemberInfo.resolve(member);
    expect(state().status).toBe('done');
    expect(state().output).toEqual({ member });
  });

  it("returns to the form with the server's message when the registration fails", async () => {
    const { actor, state, verifyHuman, submitRegistration } = start({
      urlAffiliateCode: null,
      mobileRegistration: false,
    });
    actor.send({ type: 'user.submit', form: usernameForm });
    await verifyHuman.resolve('altcha-payload');
    await submitRegistration.reject({ code: 'username_taken', message: 'Username taken.' });
    expect(state().value).toBe('editing');
    expect(state().context.failure).toEqual({ code: 'username_taken', message: 'Username taken.' });
    expect(state().context.humanVerification).toBeNull();
  });

  it('asks the SMS code on the mobile form and sends the mobile type', async () => {
    const { actor, state, verifyHuman, submitRegistration } = start({ urlAffiliateCode: null });
    const mobileForm: RegistrationValues = {
      mobileNum: '9876543210',
      countryDialingCode: '91',
      verificationCode: '',
      agreeTerms: true,
      confirmAge: true,
    };
    actor.send({ type: 'user.submit', form: mobileForm });
    expect(state().context.errors).toEqual({
      verificationCode: { key: 'validation.codeRequired', params: {} },
    });
    actor.send({ type: 'user.submit', form: { ...mobileForm, verificationCode: '123456' } });
    await verifyHuman.resolve('altcha-payload');
    expect(submitRegistration.calls[0]).toMatchObject({
      registerType: 'mobile',
      affiliateCode: null,
    });
  });
});
