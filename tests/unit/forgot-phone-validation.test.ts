import { describe, expect, it } from 'vitest';
import { forgotPhoneErrors, forgotPhoneSchema } from '../../src/contract/validation-engine.ts';
import type { RegisterValidators } from '../../src/contract/validation.ts';
import { validatorSeed } from '../../src/server/areas/system/validators.seed.ts';

const validators: RegisterValidators = validatorSeed;
const filled = {
  countryDialingCode: '91',
  mobileNum: '9876500001',
  verificationCode: '123456',
  newPassword: 'fresh2024',
  confirmNewPassword: 'fresh2024',
};

describe('forgot by phone: the shared engine', () => {
  it('a filled form passes', () => {
    expect(forgotPhoneErrors(filled, validators)).toEqual({});
  });

  it('empty fields: the required texts, the code its own', () => {
    expect(forgotPhoneErrors({ confirmNewPassword: '' }, validators)).toEqual({
      countryDialingCode: { key: 'validation.phoneFormat', params: {} },
      mobileNum: { key: 'validation.required', params: {} },
      verificationCode: { key: 'validation.codeRequired', params: {} },
      newPassword: { key: 'validation.required', params: {} },
      confirmNewPassword: { key: 'validation.required', params: {} },
    });
  });

  it('the call body (no confirmation) passes as the form did', () => {
    const { confirmNewPassword: _typedTwice, ...body } = filled;
    expect(forgotPhoneErrors(body, validators)).toEqual({});
  });

  it('the new password is typed twice: a different confirmation is refused under it (issue 34)', () => {
    expect(forgotPhoneErrors({ ...filled, confirmNewPassword: 'fresh2025' }, validators)).toEqual({
      confirmNewPassword: { key: 'validation.inconsistent', params: {} },
    });
  });

  it('the number by the mobile rule, the code six digits, the password by its rule', () => {
    const errors = forgotPhoneErrors(
      {
        ...filled,
        mobileNum: '98765',
        verificationCode: '12a456',
        newPassword: 'onlyletters',
        confirmNewPassword: 'onlyletters',
      },
      validators,
    );
    expect(errors).toEqual({
      mobileNum: { key: 'validation.phoneExact', params: { length: 10 } },
      verificationCode: { key: 'validation.patternExact.digitsOnly', params: { length: 6 } },
      newPassword: {
        key: 'validation.pattern.lettersAndDigitsCombined',
        params: { min: 6, max: 20 },
      },
    });
  });

  it('the zod schema gives the first error per field, translated', () => {
    const result = forgotPhoneSchema(validators, {
      translate: (key, params) => `${key}|${JSON.stringify(params)}`,
    }).safeParse({ ...filled, newPassword: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['newPassword'], 'validation.required|{}'],
      [['confirmNewPassword'], 'validation.inconsistent|{}'],
    ]);
  });
});
