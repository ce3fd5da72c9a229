import { describe, expect, it } from 'vitest';
import { languages } from '../../src/contract/constants.ts';
import {
  messageKeys,
  registrationSchema,
  changePasswordSchema,
} from '../../src/contract/validation-engine.ts';
import type { RegistrationOptions } from '../../src/contract/validation-engine.ts';
import { patternIds } from '../../src/contract/validation.ts';
import { createI18n } from '../../src/services/i18n.ts';
import {
  formResolver,
  translateMessage,
  validationTranslator,
} from '../../src/services/validation.ts';
import { validatorSeed } from '../../src/server/areas/system/validators.seed.ts';

const options: RegistrationOptions = {
  registerType: 'username',
  smsVerification: false,
  mobileWithPassword: false,
  captchaShown: false,
  affiliateShown: false,
};
const validators = { ...validatorSeed, mobileNum: { ...validatorSeed.mobileNum, enabled: false } };

describe('validation texts', () => {
  it.each(languages)('%s has a text for every key the engine produces', async (language) => {
    const i18n = await createI18n(language);
    const keys = [
      ...Object.values(messageKeys),
      ...patternIds.flatMap((id) => [`validation.pattern.${id}`, `validation.patternExact.${id}`]),
    ];
    for (const key of keys) {
      const ns = key.slice('validation.'.length);
      expect(i18n.exists(ns, { ns: 'validation' }), `${language} ${key}`).toBe(true);
    }
  });

  it('substitutes min and max, or the single length', async () => {
    const i18n = await createI18n('en');
    const translate = validationTranslator(i18n);
    expect(translate('validation.pattern.digitsOnly', { min: 4, max: 8 })).toBe(
      'Enter 4 to 8 digits only.',
    );
    expect(translateMessage(i18n, { key: 'validation.phoneExact', params: { length: 10 } })).toBe(
      'Please enter a 10-digit phone number.',
    );
    await i18n.changeLanguage('hi');
    expect(translate('validation.patternExact.digitsOnly', { length: 6 })).toBe('केवल 6 अंक दर्ज करें।');
  });
});

describe('formResolver', () => {
  it('gives each field its first error as a text in the active language', async () => {
    const i18n = await createI18n('en');
    const schema = registrationSchema(validators, options, {
      translate: validationTranslator(i18n),
    });
    const result = await formResolver(schema)(
      {
        username: '1abc',
        password: 'secret12',
        confirmPassword: 'secret21',
        agreeTerms: false,
        confirmAge: true,
      },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(result.values).toEqual({});
    expect(result.errors.username?.message).toBe(
      'Enter 6 to 16 letters and digits, starting with a letter.',
    );
    expect(result.errors.confirmPassword?.message).toBe(
      'The passwords do not match: type the same password in both fields.',
    );
    expect(result.errors.agreeTerms?.message).toBe(
      'Please read and accept the terms and conditions.',
    );
    expect(result.errors.confirmAge).toBeUndefined();
  });

  it('passes the values through when the form is valid', async () => {
    const i18n = await createI18n('bn');
    const schema = changePasswordSchema(
      validators,
      { askCurrent: false },
      {
        translate: validationTranslator(i18n),
      },
    );
    const values = { newPassword: 'abc123', confirmNewPassword: 'abc123' };
    const result = await formResolver(schema)(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(values);
    const bad = await formResolver(schema)(
      { newPassword: 'abc123', confirmNewPassword: '' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(bad.errors.confirmNewPassword?.message).toBe('এই ঘরটি খালি রাখা যাবে না।');
  });
});

describe('change password form', () => {
  const check = (values: Record<string, string>, current: string | null, askCurrent: boolean) =>
    changePasswordSchema(validators, { askCurrent, current }).safeParse(values);

  it('refuses a new password equal to the current one, typed or held from the login', () => {
    const typed = check(
      { oldPassword: 'start1234', newPassword: 'start1234', confirmNewPassword: 'start1234' },
      null,
      true,
    );
    expect(typed.success).toBe(false);
    expect(typed.error?.issues.find((issue) => issue.path[0] === 'newPassword')?.message).toBe(
      messageKeys.samePassword,
    );
    const held = check(
      { newPassword: 'start1234', confirmNewPassword: 'start1234' },
      'start1234',
      false,
    );
    expect(held.error?.issues.find((issue) => issue.path[0] === 'newPassword')?.message).toBe(
      messageKeys.samePassword,
    );
    expect(
      check({ newPassword: 'fresh1234', confirmNewPassword: 'fresh1234' }, 'start1234', false)
        .success,
    ).toBe(true);
  });
});
