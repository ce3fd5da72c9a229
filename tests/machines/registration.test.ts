import { describe, expect, it } from 'vitest';
import type { MemberInfo } from '../../src/contract/identity.ts';
import type { RegistrationValues } from '../../src/contract/validation-engine.ts';
import {
  registrationMachine,
  type RegistrationInput,
  type RegistrationRequest,
} from '../../src/machines/registration.machine.ts';
import { byUsername, model, registrationValidators } from '../../models/registration.model.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

const input = (overrides: Partial<RegistrationInput> = {}): RegistrationInput => ({
  ...(model.input as RegistrationInput),
  validators: registrationValidators,
  ...overrides,
});

function start(overrides: Partial<RegistrationInput> = {}) {
  const driver = driveMachine(registrationMachine, {
    held: {
      checkAffiliate: heldPromise<{ valid: boolean }, { code: string }>(),
      verifyHuman: heldPromise<string>(),
      submitRegistration: heldPromise<void, RegistrationRequest>(),
      loadMemberInfo: heldPromise<MemberInfo>(),
    },
    input: input(overrides),
  });
  return { ...driver, ...driver.held };
}

describe('registrationMachine', () => {
  it('defaults to mobile with tabs when both methods are on; username only without tabs', () => {
    const both = start({ urlAffiliateCode: null });
    both.expectContext({ registerType: 'mobile', showTabs: true });
    both.send({ type: 'user.selectTab', registerType: 'username' });
    both.expectContext({ registerType: 'username' });

    const usernameOnly = start({ urlAffiliateCode: null, mobileRegistration: false });
    usernameOnly.expectContext({ registerType: 'username', showTabs: false });
    usernameOnly.send({ type: 'user.selectTab', registerType: 'mobile' });
    usernameOnly.expectContext({ registerType: 'username' });
  });

  it('hides the affiliate field when the URL code checks out, shows it when it fails', async () => {
    const valid = start({ urlAffiliateCode: ' AG1234 ' });
    expect(valid.checkAffiliate.calls).toEqual([{ code: 'AG1234' }]);
    await valid.checkAffiliate.resolve({ valid: true });
    valid.expectState('editing');
    valid.expectContext({ affiliateShown: false });

    const invalid = start();
    await invalid.checkAffiliate.resolve({ valid: false });
    invalid.expectContext({ affiliateShown: true });

    const failed = start();
    await failed.checkAffiliate.reject(new Error('offline'));
    failed.expectContext({ affiliateShown: true });

    expect(start({ urlAffiliateCode: null }).checkAffiliate.calls).toEqual([]);
  });

  it('warns about the terms before checking the fields', () => {
    const { send, expectState, context } = start({ urlAffiliateCode: null });
    send({ type: 'user.submit', form: { agreeTerms: false, confirmAge: true } });
    expectState('termsWarning');
    expect(context().errors).toEqual({});
    send({ type: 'user.dismiss' });
    expectState('editing');
  });

  it('keeps the first error per field and stays in the form', () => {
    const { send, expectState, context } = start({
      urlAffiliateCode: null,
      mobileRegistration: false,
    });
    send({
      type: 'user.submit',
      form: { ...byUsername, username: '9lives', confirmPassword: 'other123' },
    });
    expectState('editing');
    expect(context().errors).toEqual({
      username: { key: 'validation.pattern.letterFirstAlnum', params: { min: 6, max: 16 } },
      confirmPassword: { key: 'validation.inconsistent', params: {} },
    });
  });

  it('verifies a filled affiliate code first; an invalid one shows the warning', async () => {
    const { checkAffiliate, verifyHuman, send, expectState } = start({
      urlAffiliateCode: null,
      mobileRegistration: false,
    });
    send({ type: 'user.submit', form: { ...byUsername, affiliateCode: 'FRIEND99' } });
    expectState('verifyingAffiliate');
    expect(checkAffiliate.calls).toEqual([{ code: 'FRIEND99' }]);
    await checkAffiliate.resolve({ valid: false });
    expectState('affiliateWarning');
    expect(verifyHuman.calls).toHaveLength(0);
    send({ type: 'user.dismiss' });
    expectState('editing');
  });

  it("sends the form with the URL's verified code, loads member info and ends", async () => {
    const {
      checkAffiliate,
      verifyHuman,
      submitRegistration,
      loadMemberInfo,
      send,
      expectState,
      expectOutput,
    } = start({ urlAffiliateCode: 'AG1234', mobileRegistration: false });
    await checkAffiliate.resolve({ valid: true });
    send({ type: 'user.submit', form: byUsername });
    expectState('verifyingHuman');
    await verifyHuman.resolve('altcha-payload');
    expect(submitRegistration.calls).toEqual([
      {
        registerType: 'username',
        form: byUsername,
        affiliateCode: 'AG1234',
        referralCode: null,
        humanVerification: 'altcha-payload',
      },
    ]);
    await submitRegistration.resolve(undefined);
    expectState('loadingMember');
    const member = { id: 7, account: 'player01' } as MemberInfo;
    await loadMemberInfo.resolve(member);
    expectOutput({ member });
  });

  it("sends a player's referral code from the URL as the referral code, not the affiliate code", async () => {
    const { checkAffiliate, verifyHuman, submitRegistration, send, expectContext } = start({
      urlAffiliateCode: ' P1A2B3 ',
      mobileRegistration: false,
    });
    expect(checkAffiliate.calls).toEqual([{ code: 'P1A2B3' }]);
    await checkAffiliate.resolve({ valid: false });
    expectContext({ affiliateShown: true, verifiedAffiliateCode: null, referralCode: 'P1A2B3' });
    send({ type: 'user.submit', form: byUsername });
    await verifyHuman.resolve('altcha-payload');
    expect(submitRegistration.calls).toEqual([
      {
        registerType: 'username',
        form: byUsername,
        affiliateCode: null,
        referralCode: 'P1A2B3',
        humanVerification: 'altcha-payload',
      },
    ]);
  });

  it("keeps the URL's code as a referral code when it cannot be checked, with a typed invitation code", async () => {
    const { checkAffiliate, verifyHuman, submitRegistration, send } = start({
      urlAffiliateCode: 'P1A2B3',
      mobileRegistration: false,
    });
    await checkAffiliate.reject(new Error('offline'));
    send({ type: 'user.submit', form: { ...byUsername, affiliateCode: 'AG1234' } });
    await checkAffiliate.resolve({ valid: true });
    await verifyHuman.resolve('altcha-payload');
    expect(submitRegistration.calls).toMatchObject([
      { affiliateCode: 'AG1234', referralCode: 'P1A2B3' },
    ]);
  });

  it("sends no referral code when the URL's code is an agent's or there is none", async () => {
    const agentLink = start({ urlAffiliateCode: 'AG1234', mobileRegistration: false });
    await agentLink.checkAffiliate.resolve({ valid: true });
    agentLink.expectContext({ referralCode: null });

    const plain = start({ urlAffiliateCode: null, mobileRegistration: false });
    plain.send({ type: 'user.submit', form: byUsername });
    await plain.verifyHuman.resolve('altcha-payload');
    expect(plain.submitRegistration.calls).toMatchObject([
      { affiliateCode: null, referralCode: null },
    ]);
  });

  it("returns to the form with the server's message when the registration fails", async () => {
    const { verifyHuman, submitRegistration, send, expectState, expectContext, context } = start({
      urlAffiliateCode: null,
      mobileRegistration: false,
    });
    send({ type: 'user.submit', form: byUsername });
    await verifyHuman.resolve('altcha-payload');
    await submitRegistration.reject({ code: 'username_taken', message: 'Username taken.' });
    expectState('editing');
    expect(context().failure).toEqual({ code: 'username_taken', message: 'Username taken.' });
    expectContext({ humanVerification: null });
  });

  it('asks the SMS code on the mobile form and sends the mobile type', async () => {
    const { verifyHuman, submitRegistration, send, context } = start({ urlAffiliateCode: null });
    const mobileForm: RegistrationValues = {
      mobileNum: '9876543210',
      countryDialingCode: '91',
      verificationCode: '',
      agreeTerms: true,
      confirmAge: true,
    };
    send({ type: 'user.submit', form: mobileForm });
    expect(context().errors).toEqual({
      verificationCode: { key: 'validation.codeRequired', params: {} },
    });
    send({ type: 'user.submit', form: { ...mobileForm, verificationCode: '123456' } });
    await verifyHuman.resolve('altcha-payload');
    expect(submitRegistration.calls[0]).toMatchObject({
      registerType: 'mobile',
      affiliateCode: null,
    });
  });
});
