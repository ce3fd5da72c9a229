import {
  patternSources,
  type FieldRule,
  type PatternId,
  type RegisterField,
} from '../../../contract/validation.ts';

const rule = (
  patternId: PatternId,
  minLength: number,
  maxLength: number,
  options: { enabled?: boolean; required?: boolean } = {},
): FieldRule => ({
  enabled: options.enabled ?? true,
  required: options.required ?? false,
  acceptedPattern: patternSources[patternId],
  patternId,
  minLength,
  maxLength,
});

/** Registration rules for every field; optional contact fields are off until enabled. */
export const validatorSeed: Record<RegisterField, FieldRule> = {
  username: rule('letterFirstAlnum', 6, 16, { required: true }),
  password: rule('lettersAndDigitsCombined', 6, 20, { required: true }),
  confirmPassword: rule('lettersAndDigitsCombined', 6, 20, { required: true }),
  payeeName: rule('englishLettersSpaces', 2, 50, { enabled: false }),
  email: rule('email', 6, 64, { enabled: true }),
  qqNum: rule('digitsOnly', 5, 12, { enabled: false }),
  mobileNum: rule('digitsOnly', 10, 10, { required: true }),
  recommenderId: rule('alnumCaseInsensitive', 4, 20, { enabled: false }),
  captcha: rule('alnumCaseInsensitive', 4, 4, { required: true }),
  verificationCode: rule('digitsOnly', 0, 255, { required: true }),
  affiliateCode: rule('alnumCaseInsensitive', 4, 20),
  paymentPassword: rule('digitsOnly', 6, 6, { enabled: true, required: true }),
  line: rule('noSpaces', 4, 30, { enabled: false }),
  whatsapp: rule('digitsOnly', 8, 15, { enabled: false }),
  facebook: rule('noSpaces', 5, 50, { enabled: false }),
  wechat: rule('lettersDigitsUnderscore', 6, 20, { enabled: false }),
  idNumber: rule('idNumber', 6, 20, { enabled: false }),
};
