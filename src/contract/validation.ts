// zod/mini: the permission payload the first page reads carries these rules (issue 12).
import * as z from 'zod/mini';

/**
 * primitives.ts's countSchema (0 to the int32 maximum) in zod/mini: that module is zod classic,
 * which the first page does not load.
 */
const countSchema = z.number().check(z.int(), z.gte(0), z.lte(2_147_483_647));

/**
 * Registration field rules come from the server per field (spec section 5). `patternId` names
 * the kind of rule and chooses the error text; `acceptedPattern` is the regular expression the
 * value must match ('*' matches all).
 */
export const patternIds = [
  'any',
  'letterFirstAlnum',
  'lettersChineseDigits',
  'email',
  'alnumCaseInsensitive',
  'lettersAndDigitsCombined',
  'digitsOnly',
  'alnumWithUppercase',
  'englishLettersSpaces',
  'noSpaces',
  'dateYmd',
  'dateMdy',
  'koreanOnly',
  'thaiOnly',
  'upperLowerDigitSymbol',
  'firstLastName',
  'lettersOnly',
  'lowercaseAlnum',
  'chineseOnly',
  'lettersDigitsUnderscore',
  'mobileNumber',
  'idNumber',
] as const;
export type PatternId = (typeof patternIds)[number];

/** The regular expression source each pattern kind stands for. */
export const patternSources: Readonly<Record<PatternId, string>> = {
  any: '*',
  letterFirstAlnum: '^[A-Za-z][A-Za-z0-9]*$',
  lettersChineseDigits: '^[A-Za-z0-9\\u4e00-\\u9fa5]+$',
  email: '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$',
  alnumCaseInsensitive: '^[A-Za-z0-9]+$',
  lettersAndDigitsCombined: '^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]+$',
  digitsOnly: '^\\d+$',
  alnumWithUppercase: '^(?=.*[A-Z])[A-Za-z0-9]+$',
  englishLettersSpaces: '^[A-Za-z ]+$',
  noSpaces: '^\\S+$',
  dateYmd: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  dateMdy: '^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])-\\d{4}$',
  koreanOnly: '^[\\uac00-\\ud7a3]+$',
  thaiOnly: '^[\\u0e00-\\u0e7f]+$',
  upperLowerDigitSymbol: '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).+$',
  firstLastName: '^[A-Za-z]+ [A-Za-z]+$',
  lettersOnly: '^[A-Za-z]+$',
  lowercaseAlnum: '^[a-z0-9]+$',
  chineseOnly: '^[\\u4e00-\\u9fa5]+$',
  lettersDigitsUnderscore: '^\\w+$',
  mobileNumber: '^[1-9]\\d+$',
  idNumber: '^[A-Za-z0-9-]+$',
};

export const registerFields = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
] as const;
export type RegisterField = (typeof registerFields)[number];

export const fieldRuleSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string(),
  patternId: z.enum(patternIds),
  minLength: countSchema,
  maxLength: countSchema,
});
export type FieldRule = z.infer<typeof fieldRuleSchema>;

export const registerValidatorsSchema = z.record(z.enum(registerFields), fieldRuleSchema);
export type RegisterValidators = z.infer<typeof registerValidatorsSchema>;
