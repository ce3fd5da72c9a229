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
};

describe('forgot by phone: the shared engine', () => {
  it('a filled form passes', () => {
    expect(forgotPhoneErrors(filled, validators)).toEqual({});
  });

  it('empty fields: the required texts, the code its own', () => {
    expect(forgotPhoneErrors({}, validators)).toEqual({
      countryDialingCode: { key: 'validation.phoneFormat', params: {} },
      mobileNum: { key: 'validation.required', params: {} },
      verificationCode: { key: 'validation.codeRequired', params: {} },
      newPassword: { key: 'validation.required', params: {} },
    });
  });

  it('the number by the mobile rule, the code six digits, the password by its rule', () => {
    const errors = forgotPhoneErrors(
      { ...filled, mobileNum: '98765', verificationCode: '12a456', newPassword: 'onlyletters' },
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
    ]);
  });
});
