import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  changePasswordSchema,
  checkField,
  fieldSchema,
  isSmsEnabled,
  loginSchema,
  messageFor,
  registrationErrors,
  registrationFields,
  registrationSchema,
} from '../../src/contract/validation-engine.ts';
import type {
  RegistrationOptions,
  RegistrationValues,
} from '../../src/contract/validation-engine.ts';
import { patternIds, patternSources } from '../../src/contract/validation.ts';
import type { FieldRule, PatternId, RegisterValidators } from '../../src/contract/validation.ts';
import { validatorSeed } from '../../src/server/areas/system/validators.seed.ts';

const rule = (
  patternId: PatternId,
  minLength = 0,
  maxLength = 100,
  required = false,
): FieldRule => ({
  enabled: true,
  required,
  acceptedPattern: patternSources[patternId],
  patternId,
  minLength,
  maxLength,
});

// Values that pass and values that fail, for every pattern kind of the spec.
const samples: Record<PatternId, { pass: string[]; fail: string[] }> = {
  any: { pass: ['anything at all', '!@#', 'ক খ'], fail: [] },
  letterFirstAlnum: { pass: ['abc123', 'Z9'], fail: ['1abc', 'ab_c', 'ab c'] },
  lettersChineseDigits: { pass: ['ab中文12', '中'], fail: ['ab-c', 'a b', 'ক'] },
  email: { pass: ['a.b@example.com', 'x+y@mail.co.in'], fail: ['a@b', 'plain', 'a@@b.com'] },
  alnumCaseInsensitive: { pass: ['AbC123', 'abc'], fail: ['ab c', 'ab_c', 'é'] },
  lettersAndDigitsCombined: { pass: ['abc123', '1a'], fail: ['abcdef', '123456', 'ab12!'] },
  digitsOnly: { pass: ['0123', '9'], fail: ['12a', ' 12', '1.5'] },
  alnumWithUppercase: { pass: ['Abc1', 'ABC'], fail: ['abc1', 'Ab c', 'A_b'] },
  englishLettersSpaces: { pass: ['John Smith', 'a'], fail: ['John3', 'Jöhn', 'a-b'] },
  noSpaces: { pass: ['a-b_c!', 'x'], fail: ['a b', ' a', 'a\tb'] },
  dateYmd: { pass: ['2024-02-29', '1999-12-31'], fail: ['2024-13-01', '12-31-1999', '2024-1-1'] },
  dateMdy: { pass: ['12-31-1999', '01-01-2024'], fail: ['1999-12-31', '13-01-2024', '1-1-2024'] },
  koreanOnly: { pass: ['한국어', '가'], fail: ['한국 어', 'abc', '中文'] },
  thaiOnly: { pass: ['ภาษาไทย', 'ก'], fail: ['ไทย abc', 'abc', '한'] },
  upperLowerDigitSymbol: { pass: ['Abc1!', 'zZ9#x'], fail: ['Abc1', 'abc1!', 'ABC1!'] },
  firstLastName: { pass: ['John Smith', 'A B'], fail: ['John', 'John  Smith', 'John Smith Jr'] },
  lettersOnly: { pass: ['abcXYZ'], fail: ['abc1', 'a b'] },
  lowercaseAlnum: { pass: ['abc123'], fail: ['Abc', 'ab-c'] },
  chineseOnly: { pass: ['中文'], fail: ['中a', '한'] },
  lettersDigitsUnderscore: { pass: ['a_b_1'], fail: ['a-b', 'a b'] },
  mobileNumber: { pass: ['9876543210'], fail: ['0987654321', '98765-43210', '+919876543210'] },
  idNumber: { pass: ['AB-1234', '12345'], fail: ['AB 1234', 'AB_1234'] },
};

describe('checkField', () => {
  it('has samples for every pattern kind of the contract', () => {
    expect(Object.keys(samples).sort()).toEqual([...patternIds].sort());
    expect(patternIds.length).toBeGreaterThanOrEqual(22);
  });

  describe.each(patternIds)('%s', (patternId) => {
    it.each(samples[patternId].pass)('accepts %j', (value) => {
      expect(checkField(value, rule(patternId))).toBeNull();
    });
    it.each(samples[patternId].fail)('rejects %j as a pattern error', (value) => {
      expect(checkField(value, rule(patternId))).toEqual({
        kind: 'pattern',
        patternId,
        min: 0,
        max: 100,
      });
    });
  });

  it("matches everything with '*', bounded only by the length", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), (value) => {
        expect(checkField(value, { ...rule('any', 0, 1000), acceptedPattern: '*' })).toBeNull();
      }),
    );
    expect(checkField('abc', { ...rule('any', 4, 10), acceptedPattern: '*' })?.kind).toBe('length');
  });

  it('needs a required value and lets an empty optional one pass', () => {
    expect(checkField('', rule('digitsOnly', 6, 6, true))).toEqual({
      kind: 'required',
      patternId: 'digitsOnly',
      min: 6,
      max: 6,
    });
    expect(checkField('', rule('digitsOnly', 6, 6, false))).toBeNull();
  });

  it('checks the length within min..max inclusive, in characters', () => {
    const r = rule('lettersOnly', 3, 5);
    expect(checkField('ab', r)?.kind).toBe('length');
    expect(checkField('abc', r)).toBeNull();
    expect(checkField('abcde', r)).toBeNull();
    expect(checkField('abcdef', r)?.kind).toBe('length');
    // Thai letters count one each.
    expect(checkField('ภาษา', rule('thaiOnly', 4, 4))).toBeNull();
  });

  it('reports the pattern before the length (first error only)', () => {
    expect(checkField('a', rule('digitsOnly', 6, 6))?.kind).toBe('pattern');
  });

  it("falls back to the patternId's pattern when the configured one does not compile", () => {
    const broken = { ...rule('digitsOnly'), acceptedPattern: '^(\\d+$' };
    expect(checkField('123', broken)).toBeNull();
    expect(checkField('12a', broken)?.kind).toBe('pattern');
  });

  it('accepts only digits under digitsOnly, within the bounds (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.nat(10), fc.nat(10), (value, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        if (checkField(value, rule('digitsOnly', min, max)) === null && value !== '') {
          expect(value).toMatch(/^\d+$/);
          expect(value.length).toBeGreaterThanOrEqual(min);
          expect(value.length).toBeLessThanOrEqual(max);
        }
      }),
    );
  });

  it('accepts every digit string within the bounds (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{4,12}$/), (value) => {
        expect(checkField(value, rule('digitsOnly', 4, 12))).toBeNull();
      }),
    );
  });

  it('never throws, whatever the configured pattern (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.constantFrom(...patternIds), (value, source, id) => {
        const error = checkField(value, { ...rule(id), acceptedPattern: source });
        expect(error === null || ['required', 'pattern', 'length'].includes(error.kind)).toBe(true);
      }),
    );
  });
});

describe('messages', () => {
  it('names the pattern text with min and max', () => {
    expect(messageFor({ kind: 'length', patternId: 'lettersOnly', min: 3, max: 5 })).toEqual({
      key: 'validation.pattern.lettersOnly',
      params: { min: 3, max: 5 },
    });
  });

  it('uses the single-length text when min equals max', () => {
    expect(messageFor({ kind: 'pattern', patternId: 'digitsOnly', min: 6, max: 6 })).toEqual({
      key: 'validation.patternExact.digitsOnly',
      params: { length: 6 },
    });
  });

  it('fieldSchema reports the key with its params, after trimming', () => {
    const schema = fieldSchema(rule('digitsOnly', 10, 10, true));
    const result = schema.safeParse('12345');
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]).toMatchObject({
      message: 'validation.patternExact.digitsOnly',
      params: { key: 'validation.patternExact.digitsOnly', length: 10 },
    });
    expect(schema.parse(' 9876543210 ')).toBe('9876543210');
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('validation.required');
  });

  it('fieldSchema translates with the given function', () => {
    const schema = fieldSchema(rule('lettersOnly', 2, 4), {
      translate: (key, params) => `${key}|${params.min}-${params.max}`,
    });
    expect(schema.safeParse('a1').error?.issues[0]?.message).toBe(
      'validation.pattern.lettersOnly|2-4',
    );
  });
});

const validators: RegisterValidators = {
  ...validatorSeed,
  mobileNum: { ...rule('mobileNumber', 10, 10), enabled: false },
  payeeName: { ...rule('englishLettersSpaces', 2, 50), required: true },
  // The demo seed asks a payment password; these cases check the form without one.
  paymentPassword: { ...validatorSeed.paymentPassword, enabled: false },
};

const byUsername: RegistrationOptions = {
  registerType: 'username',
  smsVerification: false,
  mobileWithPassword: false,
  captchaShown: false,
  affiliateShown: true,
};
const byMobile: RegistrationOptions = { ...byUsername, registerType: 'mobile' };

const goodUsernameForm: RegistrationValues = {
  username: 'player01',
  password: 'secret12',
  confirmPassword: 'secret12',
  payeeName: 'Ravi Kumar',
  email: '',
  agreeTerms: true,
  confirmAge: true,
};

describe('registration', () => {
  it('passes a good username form', () => {
    expect(registrationErrors(goodUsernameForm, validators, byUsername)).toEqual({});
    expect(registrationSchema(validators, byUsername).safeParse(goodUsernameForm).success).toBe(
      true,
    );
  });

  it('shows the fields the options and rules ask for', () => {
    const names = (o: RegistrationOptions) => registrationFields(validators, o).map((f) => f.field);
    expect(names(byUsername)).toEqual([
      'username',
      'password',
      'confirmPassword',
      'payeeName',
      'email',
      'affiliateCode',
    ]);
    expect(names(byMobile)).toEqual([
      'mobileNum',
      'verificationCode',
      'payeeName',
      'email',
      'affiliateCode',
    ]);
    expect(names({ ...byMobile, mobileWithPassword: true })).toContain('password');
    expect(names({ ...byUsername, smsVerification: true })).toContain('verificationCode');
    expect(names({ ...byUsername, captchaShown: true, affiliateShown: false })).toEqual([
      'username',
      'password',
      'confirmPassword',
      'payeeName',
      'email',
      'captcha',
    ]);
    expect(names({ ...byUsername, smsVerification: true })).toContain('mobileNum');
  });

  it('turns SMS on for mobile registration or REGMOBVERF3', () => {
    expect(isSmsEnabled(byMobile)).toBe(true);
    expect(isSmsEnabled(byUsername)).toBe(false);
    expect(isSmsEnabled({ ...byUsername, smsVerification: true })).toBe(true);
  });

  it('gives one error per field: required, inconsistent, terms, age', () => {
    const errors = registrationErrors(
      { password: 'secret12', confirmPassword: 'secret13', agreeTerms: false, confirmAge: false },
      validators,
      byUsername,
    );
    expect(errors).toEqual({
      username: { key: 'validation.required', params: {} },
      confirmPassword: { key: 'validation.inconsistent', params: {} },
      payeeName: { key: 'validation.required', params: {} },
      agreeTerms: { key: 'validation.terms', params: {} },
      confirmAge: { key: 'validation.age', params: {} },
    });
    const issues = registrationSchema(validators, byUsername).safeParse({
      ...goodUsernameForm,
      confirmPassword: 'x',
    }).error?.issues;
    // The confirmation's own rule fails first; the inconsistency is not reported on top.
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmPassword', 'validation.pattern.lettersAndDigitsCombined'],
    ]);
  });

  it('checks the mobile form: phone texts, code required, dialing code', () => {
    const errors = registrationErrors(
      {
        mobileNum: '98765',
        verificationCode: '',
        agreeTerms: true,
        confirmAge: true,
        payeeName: 'A B',
      },
      validators,
      byMobile,
    );
    expect(errors.mobileNum).toEqual({ key: 'validation.phoneExact', params: { length: 10 } });
    expect(errors.verificationCode).toEqual({ key: 'validation.codeRequired', params: {} });
    expect(errors.countryDialingCode).toEqual({ key: 'validation.phoneFormat', params: {} });
    expect(errors.username).toBeUndefined();
    expect(errors.password).toBeUndefined();
    expect(
      registrationErrors(
        {
          mobileNum: '9876543210',
          countryDialingCode: '91',
          verificationCode: '123456',
          payeeName: 'A B',
          agreeTerms: true,
          confirmAge: true,
        },
        validators,
        byMobile,
      ),
    ).toEqual({});
  });

  it('requires the payment password when shown and the captcha when shown and configured', () => {
    const withPayment = {
      ...validators,
      paymentPassword: { ...rule('digitsOnly', 6, 6), enabled: true },
    };
    const errors = registrationErrors(goodUsernameForm, withPayment, {
      ...byUsername,
      captchaShown: true,
    });
    expect(errors.paymentPassword).toEqual({ key: 'validation.required', params: {} });
    expect(errors.captcha).toEqual({ key: 'validation.captchaRequired', params: {} });
  });

  it('checks a filled optional field by its rule and lets an empty one pass', () => {
    expect(
      registrationErrors({ ...goodUsernameForm, email: 'nope' }, validators, byUsername),
    ).toEqual({
      email: { key: 'validation.pattern.email', params: { min: 6, max: 64 } },
    });
    expect(
      registrationErrors({ ...goodUsernameForm, affiliateCode: '' }, validators, byUsername),
    ).toEqual({});
  });

  it('keeps the issue params for the server', () => {
    const issue = registrationSchema(validators, byUsername).safeParse({
      ...goodUsernameForm,
      username: '1abc',
    }).error?.issues[0];
    expect(issue).toMatchObject({
      path: ['username'],
      params: { key: 'validation.pattern.letterFirstAlnum', min: 6, max: 16 },
    });
  });
});

describe('login', () => {
  it('needs username and a min-max digits-or-letters password, captcha when shown', () => {
    const schema = loginSchema(validators, { type: 'username', captchaShown: true });
    const issues = schema.safeParse({ username: '  ', password: 'ab c', captcha: '' }).error
      ?.issues;
    expect(issues?.map((i) => [i.path[0], i.message])).toEqual([
      ['username', 'validation.required'],
      ['password', 'validation.pattern.alnumCaseInsensitive'],
      ['captcha', 'validation.captchaRequired'],
    ]);
    expect(
      schema.safeParse({ username: ' player01 ', password: 'secret12', captcha: 'ab12' }).success,
    ).toBe(true);
  });

  it('needs a phone and a code for SMS login', () => {
    const schema = loginSchema(validators, { type: 'sms', captchaShown: false });
    const issues = schema.safeParse({ username: '', verificationCode: '' }).error?.issues;
    expect(issues?.map((i) => [i.path[0], i.message])).toEqual([
      ['username', 'validation.required'],
      ['verificationCode', 'validation.codeRequired'],
    ]);
  });
});

describe('change password', () => {
  it('asks the current one when shown and puts the mismatch under the confirmation', () => {
    const schema = changePasswordSchema(validators, { askCurrent: true });
    const issues = schema.safeParse({
      oldPassword: '',
      newPassword: 'newpass12',
      confirmNewPassword: 'newpass13',
    }).error?.issues;
    expect(issues?.map((i) => [i.path[0], i.message])).toEqual([
      ['oldPassword', 'validation.required'],
      ['confirmNewPassword', 'validation.inconsistent'],
    ]);
  });

  it('applies the password rule to the new one and skips the current when not shown', () => {
    const schema = changePasswordSchema(validators, { askCurrent: false });
    expect(
      schema.safeParse({ newPassword: 'short', confirmNewPassword: 'short' }).error?.issues[0],
    ).toMatchObject({
      path: ['newPassword'],
      message: 'validation.pattern.lettersAndDigitsCombined',
    });
    expect(schema.safeParse({ newPassword: 'abc123', confirmNewPassword: 'abc123' }).success).toBe(
      true,
    );
  });
});
