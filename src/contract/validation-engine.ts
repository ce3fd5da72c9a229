// zod/mini: the registration machine and the identity wiring on the first page import this
// engine, and the first page carries no zod classic (issue 12).
import * as z from 'zod/mini';
import { patternSources, registerFields } from './validation.ts';
import type { FieldRule, PatternId, RegisterField, RegisterValidators } from './validation.ts';

/**
 * The one validation engine (spec section 5). The server and the browser run the same
 * functions; the server is the authority. Messages are keys of the `validation` namespace
 * (`validation.pattern.digitsOnly`) with params, never texts: each side translates them.
 */

export type FieldErrorKind = 'required' | 'pattern' | 'length';

export type FieldError = {
  kind: FieldErrorKind;
  patternId: PatternId;
  min: number;
  max: number;
};

/** Params of a validation message; `length` only when min equals max. */
export type MessageParams = { min?: number; max?: number; length?: number };

/** A message key of the validation namespace with its params. */
export type ValidationMessage = { key: string; params: MessageParams };

/** Turns a key and its params into the text a person reads. The default keeps the key. */
export type Translate = (key: string, params: MessageParams) => string;

export const keepKey: Translate = (key) => key;

export const messageKeys = {
  required: 'validation.required',
  captchaRequired: 'validation.captchaRequired',
  codeRequired: 'validation.codeRequired',
  inconsistent: 'validation.inconsistent',
  terms: 'validation.terms',
  age: 'validation.age',
  phone: 'validation.phone',
  phoneExact: 'validation.phoneExact',
  invitationCode: 'validation.invitationCode',
  accountFormat: 'validation.accountFormat',
  passwordFormat: 'validation.passwordFormat',
  emailFormat: 'validation.emailFormat',
  realNameFormat: 'validation.realNameFormat',
  phoneFormat: 'validation.phoneFormat',
  confirmPasswordIncorrect: 'validation.confirmPasswordIncorrect',
  samePassword: 'validation.samePassword',
} as const;

function tryRegExp(source: string, flags: string): RegExp | null {
  try {
    return new RegExp(source, flags);
  } catch {
    return null;
  }
}

const compiled = new Map<string, RegExp | null>();

function compile(source: string): RegExp | null {
  let regex = compiled.get(source);
  if (regex === undefined) {
    regex = tryRegExp(source, 'u') ?? tryRegExp(source, '');
    compiled.set(source, regex);
  }
  return regex;
}

/**
 * True when `value` matches the rule's pattern; '*' matches all. A pattern the server sent
 * that does not compile falls back to the one its patternId stands for, so a typo in the
 * operator's configuration cannot let every value through nor block every value.
 */
export function matchesPattern(
  value: string,
  rule: Pick<FieldRule, 'acceptedPattern' | 'patternId'>,
) {
  for (const source of [rule.acceptedPattern, patternSources[rule.patternId]]) {
    if (source === '*') return true;
    const regex = compile(source);
    if (regex) return regex.test(value);
  }
  return false;
}

/** Length in characters (code points), so Thai, Korean and Chinese count as a person sees them. */
export const characterLength = (value: string) => [...value].length;

/**
 * The first error of `value` under `rule`, or null when it passes: required when the rule
 * requires it and it is empty; an empty optional value passes; otherwise it must match the
 * pattern and have a length within minLength..maxLength.
 *
 * @example
 * checkField('12a', { ...rule, patternId: 'digitsOnly', acceptedPattern: '^\\d+$' })
 * // { kind: 'pattern', patternId: 'digitsOnly', min: 6, max: 6 }
 */
export function checkField(value: string, rule: FieldRule): FieldError | null {
  const base = { patternId: rule.patternId, min: rule.minLength, max: rule.maxLength };
  if (value === '') return rule.required ? { kind: 'required', ...base } : null;
  if (!matchesPattern(value, rule)) return { kind: 'pattern', ...base };
  const length = characterLength(value);
  if (length < rule.minLength || length > rule.maxLength) return { kind: 'length', ...base };
  return null;
}

/** Which texts a field uses: its required key, and an override of the pattern texts. */
export type FieldMessages = {
  required?: string;
  /** Replaces `validation.pattern.<id>`; `${pattern}Exact` is used for a single length. */
  pattern?: string;
};

/** The message key and params for a field error. */
export function messageFor(error: FieldError, messages: FieldMessages = {}): ValidationMessage {
  if (error.kind === 'required') {
    return { key: messages.required ?? messageKeys.required, params: {} };
  }
  const exact = error.min === error.max;
  const base = messages.pattern;
  if (exact) {
    return {
      key: base ? `${base}Exact` : `validation.patternExact.${error.patternId}`,
      params: { length: error.min },
    };
  }
  return {
    key: base ?? `validation.pattern.${error.patternId}`,
    params: { min: error.min, max: error.max },
  };
}

type IssueContext = { addIssue: (issue: z.core.$ZodRawIssue) => void };

function addMessage(
  ctx: IssueContext,
  input: unknown,
  path: PropertyKey[],
  message: ValidationMessage,
  translate: Translate,
) {
  ctx.addIssue({
    code: 'custom',
    input,
    path,
    message: translate(message.key, message.params),
    params: { key: message.key, ...message.params },
  });
}

export type FieldSchemaOptions = {
  messages?: FieldMessages;
  translate?: Translate;
  /** Trim before checking (default true); password fields keep their spaces. */
  trim?: boolean;
};

/**
 * A zod string schema applying `checkField` with a message key (or its translation) and
 * params {min, max} or {length}.
 *
 * @example
 * fieldSchema(validators.mobileNum, { messages: { pattern: messageKeys.phone } }).parse(mobile)
 */
export function fieldSchema(rule: FieldRule, options: FieldSchemaOptions = {}) {
  const translate = options.translate ?? keepKey;
  const base = options.trim === false ? z.string() : z.string().check(z.trim());
  return base.check(
    z.superRefine((value, ctx) => {
      const error = checkField(value, rule);
      if (error) addMessage(ctx, value, [], messageFor(error, options.messages), translate);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Registration (spec sections 4 and 5)

export const registerTypes = ['username', 'mobile'] as const;
export type RegisterType = (typeof registerTypes)[number];

export type RegistrationOptions = {
  registerType: RegisterType;
  /** REGMOBVERF3: an SMS code also for username registration. */
  smsVerification: boolean;
  /** MOBILENUMPASSREG3: the mobile form shows the password fields. */
  mobileWithPassword: boolean;
  /** The public setting shows the captcha. */
  captchaShown: boolean;
  /** The affiliate field shows (no code in the URL, or the URL code failed its check). */
  affiliateShown: boolean;
};

/** SMS is on when registering by mobile or when REGMOBVERF3 is on. */
export const isSmsEnabled = (
  options: Pick<RegistrationOptions, 'registerType' | 'smsVerification'>,
) => options.registerType === 'mobile' || options.smsVerification;

/** A field the registration form shows, with the rule it is checked by. */
export type ShownField = { field: RegisterField; rule: FieldRule; messages: FieldMessages };

const textFields: readonly RegisterField[] = [
  'payeeName',
  'email',
  'qqNum',
  'recommenderId',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
];

const passwordFields = new Set<RegisterField>(['password', 'confirmPassword', 'paymentPassword']);

const phoneMessages: FieldMessages = { pattern: messageKeys.phone };

/**
 * The fields the registration form shows for these options, in form order, each with the rule
 * it is checked by (required forced where the spec says so).
 */
export function registrationFields(
  validators: RegisterValidators,
  options: RegistrationOptions,
): ShownField[] {
  const shown: ShownField[] = [];
  const add = (field: RegisterField, overrides: Partial<FieldRule> = {}, messages = {}) =>
    shown.push({ field, rule: { ...validators[field], ...overrides }, messages });
  const byMobile = options.registerType === 'mobile';
  const sms = isSmsEnabled(options);

  if (!byMobile) add('username', { required: true });
  if (byMobile || sms || validators.mobileNum.enabled) {
    add('mobileNum', byMobile || sms ? { required: true } : {}, phoneMessages);
  }
  if (sms) {
    add(
      'verificationCode',
      { required: true, minLength: 0, maxLength: 255 },
      { required: messageKeys.codeRequired },
    );
  }
  if (!byMobile || options.mobileWithPassword) {
    add('password', { required: true });
    add('confirmPassword', { required: true });
  }
  for (const field of textFields) if (validators[field].enabled) add(field);
  if (options.affiliateShown && validators.affiliateCode.enabled) add('affiliateCode');
  if (validators.paymentPassword.enabled) add('paymentPassword', { required: true });
  if (options.captchaShown) add('captcha', {}, { required: messageKeys.captchaRequired });
  return shown;
}

/** What the registration form holds: strings for text fields, two ticks. */
export type RegistrationValues = Partial<Record<RegisterField, string>> & {
  countryDialingCode?: string;
  agreeTerms: boolean;
  confirmAge: boolean;
};

export type FormErrors<F extends string> = Partial<Record<F, ValidationMessage>>;

type RegistrationErrorField = RegisterField | 'countryDialingCode' | 'agreeTerms' | 'confirmAge';

const dialingCode = /^\d{1,4}$/;
const trimmedValue = (field: RegisterField, value: string | undefined) =>
  passwordFields.has(field) ? (value ?? '') : (value ?? '').trim();

/**
 * The first error of every field of a registration form (none: an empty object). Pure; the
 * registration machine's guard, the zod schema and the server all use it.
 */
export function registrationErrors(
  values: RegistrationValues,
  validators: RegisterValidators,
  options: RegistrationOptions,
): FormErrors<RegistrationErrorField> {
  const errors: FormErrors<RegistrationErrorField> = {};
  for (const { field, rule, messages } of registrationFields(validators, options)) {
    const error = checkField(trimmedValue(field, values[field]), rule);
    if (error) errors[field] = messageFor(error, messages);
  }
  const shown = new Set(registrationFields(validators, options).map((f) => f.field));
  if (
    shown.has('confirmPassword') &&
    !errors.confirmPassword &&
    (values.confirmPassword ?? '') !== (values.password ?? '')
  ) {
    errors.confirmPassword = { key: messageKeys.inconsistent, params: {} };
  }
  if (shown.has('mobileNum') && !dialingCode.test(values.countryDialingCode ?? '')) {
    errors.countryDialingCode = { key: messageKeys.phoneFormat, params: {} };
  }
  if (values.agreeTerms !== true) errors.agreeTerms = { key: messageKeys.terms, params: {} };
  if (values.confirmAge !== true) errors.confirmAge = { key: messageKeys.age, params: {} };
  return errors;
}

const registrationShape = z.object({
  ...Object.fromEntries(registerFields.map((field) => [field, z.optional(z.string())])),
  countryDialingCode: z.optional(z.string()),
  agreeTerms: z.boolean(),
  confirmAge: z.boolean(),
}) as unknown as z.ZodMiniType<RegistrationValues, RegistrationValues>;

function withErrors<T, F extends string>(
  shape: z.ZodMiniType<T, T>,
  errorsOf: (values: T) => FormErrors<F>,
  translate: Translate,
): z.ZodMiniType<T, T> {
  return shape.check(
    z.superRefine((values, ctx) => {
      for (const [field, message] of Object.entries(errorsOf(values)) as [F, ValidationMessage][]) {
        addMessage(ctx, values, [field], message, translate);
      }
    }),
  );
}

/**
 * The whole registration form as a zod schema: one issue per field (its first error), message
 * keys or, with `translate`, texts.
 *
 * @example
 * registrationSchema(permission.validators, options, { translate }).safeParse(values)
 */
export function registrationSchema(
  validators: RegisterValidators,
  options: RegistrationOptions,
  { translate = keepKey }: { translate?: Translate } = {},
) {
  return withErrors(
    registrationShape,
    (values) => registrationErrors(values, validators, options),
    translate,
  );
}

// ---------------------------------------------------------------------------------------------
// Login (spec section 5: required fields, trimmed; password min-max digits or letters)

export type LoginOptions = {
  type: 'username' | 'sms';
  captchaShown: boolean;
};

export type LoginValues = {
  username?: string;
  password?: string;
  captcha?: string;
  verificationCode?: string;
};

/** The login password rule: digits or letters, within the configured password lengths. */
export const loginPasswordRule = (validators: RegisterValidators): FieldRule => ({
  enabled: true,
  required: true,
  acceptedPattern: patternSources.alnumCaseInsensitive,
  patternId: 'alnumCaseInsensitive',
  minLength: validators.password.minLength,
  maxLength: validators.password.maxLength,
});

const requiredRule = (overrides: Partial<FieldRule> = {}): FieldRule => ({
  enabled: true,
  required: true,
  acceptedPattern: '*',
  patternId: 'any',
  minLength: 0,
  maxLength: 255,
  ...overrides,
});

export function loginErrors(
  values: LoginValues,
  validators: RegisterValidators,
  options: LoginOptions,
): FormErrors<keyof LoginValues> {
  const errors: FormErrors<keyof LoginValues> = {};
  const check = (
    field: keyof LoginValues,
    rule: FieldRule,
    messages: FieldMessages = {},
    trim = true,
  ) => {
    const raw = values[field] ?? '';
    const error = checkField(trim ? raw.trim() : raw, rule);
    if (error) errors[field] = messageFor(error, messages);
  };
  if (options.type === 'sms') {
    check('username', { ...validators.mobileNum, required: true }, phoneMessages);
    check('verificationCode', requiredRule(), { required: messageKeys.codeRequired });
  } else {
    check('username', requiredRule({ maxLength: 64 }));
    check('password', loginPasswordRule(validators), {}, false);
  }
  if (options.captchaShown) {
    check('captcha', requiredRule({ maxLength: 16 }), { required: messageKeys.captchaRequired });
  }
  return errors;
}

const loginShape = z.object({
  username: z.optional(z.string()),
  password: z.optional(z.string()),
  captcha: z.optional(z.string()),
  verificationCode: z.optional(z.string()),
});

export function loginSchema(
  validators: RegisterValidators,
  options: LoginOptions,
  { translate = keepKey }: { translate?: Translate } = {},
) {
  return withErrors<LoginValues, keyof LoginValues>(
    loginShape,
    (values) => loginErrors(values, validators, options),
    translate,
  );
}

// ---------------------------------------------------------------------------------------------
// Change password (spec section 5: current when shown, new by the password rule, confirmation
// equal with its error under the confirmation)

export type ChangePasswordValues = {
  oldPassword?: string;
  newPassword?: string;
  confirmNewPassword?: string;
};

export type ChangePasswordOptions = {
  askCurrent: boolean;
  /** The current password when the form does not ask it (held from the login), if known. */
  current?: string | null;
};

export function changePasswordErrors(
  values: ChangePasswordValues,
  validators: RegisterValidators,
  options: ChangePasswordOptions,
): FormErrors<keyof ChangePasswordValues> {
  const errors: FormErrors<keyof ChangePasswordValues> = {};
  const passwordRule = { ...validators.password, required: true };
  if (options.askCurrent && (values.oldPassword ?? '') === '') {
    errors.oldPassword = { key: messageKeys.required, params: {} };
  }
  const fresh = checkField(values.newPassword ?? '', passwordRule);
  const current = options.askCurrent ? values.oldPassword : options.current;
  if (fresh) errors.newPassword = messageFor(fresh);
  // A new password must differ from the current one (the server refuses it: password_same).
  else if (current && values.newPassword === current) {
    errors.newPassword = { key: messageKeys.samePassword, params: {} };
  }
  const confirmation = values.confirmNewPassword ?? '';
  if (confirmation === '') errors.confirmNewPassword = { key: messageKeys.required, params: {} };
  else if (confirmation !== (values.newPassword ?? '')) {
    errors.confirmNewPassword = { key: messageKeys.inconsistent, params: {} };
  }
  return errors;
}

const changePasswordShape = z.object({
  oldPassword: z.optional(z.string()),
  newPassword: z.optional(z.string()),
  confirmNewPassword: z.optional(z.string()),
});

export function changePasswordSchema(
  validators: RegisterValidators,
  options: ChangePasswordOptions,
  { translate = keepKey }: { translate?: Translate } = {},
) {
  return withErrors<ChangePasswordValues, keyof ChangePasswordValues>(
    changePasswordShape,
    (values) => changePasswordErrors(values, validators, options),
    translate,
  );
}

// ---------------------------------------------------------------------------------------------
// Forgot password by phone (spec section 5: the number by the mobile rule, the SMS code, the
// new password required and by the shared password rule, and typed twice as on every form that
// sets one: issue 34)

export type ForgotPhoneValues = {
  countryDialingCode?: string;
  mobileNum?: string;
  verificationCode?: string;
  newPassword?: string;
  confirmNewPassword?: string;
};

/** The SMS code: six digits, as the server sends them. */
const smsCodeRule = requiredRule({
  acceptedPattern: patternSources.digitsOnly,
  patternId: 'digitsOnly',
  minLength: 6,
  maxLength: 6,
});

export function forgotPhoneErrors(
  values: ForgotPhoneValues,
  validators: RegisterValidators,
): FormErrors<keyof ForgotPhoneValues> {
  const errors: FormErrors<keyof ForgotPhoneValues> = {};
  if (!dialingCode.test(values.countryDialingCode ?? '')) {
    errors.countryDialingCode = { key: messageKeys.phoneFormat, params: {} };
  }
  const mobile = checkField((values.mobileNum ?? '').trim(), {
    ...validators.mobileNum,
    required: true,
  });
  if (mobile) errors.mobileNum = messageFor(mobile, phoneMessages);
  const code = checkField((values.verificationCode ?? '').trim(), smsCodeRule);
  if (code) errors.verificationCode = messageFor(code, { required: messageKeys.codeRequired });
  const password = checkField(values.newPassword ?? '', {
    ...validators.password,
    required: true,
  });
  if (password) errors.newPassword = messageFor(password);
  // The form's confirmation (the call's body has none: the flow checks the body without it).
  const confirmation = values.confirmNewPassword;
  if (confirmation === '') errors.confirmNewPassword = { key: messageKeys.required, params: {} };
  else if (confirmation !== undefined && confirmation !== (values.newPassword ?? '')) {
    errors.confirmNewPassword = { key: messageKeys.inconsistent, params: {} };
  }
  return errors;
}

const forgotPhoneShape = z.object({
  countryDialingCode: z.optional(z.string()),
  mobileNum: z.optional(z.string()),
  verificationCode: z.optional(z.string()),
  newPassword: z.optional(z.string()),
  confirmNewPassword: z.optional(z.string()),
});

/**
 * The forgot-by-phone form as a zod schema (first error per field).
 *
 * @example
 * forgotPhoneSchema(permission.validators, { translate }).safeParse(values)
 */
export function forgotPhoneSchema(
  validators: RegisterValidators,
  { translate = keepKey }: { translate?: Translate } = {},
) {
  return withErrors<ForgotPhoneValues, keyof ForgotPhoneValues>(
    forgotPhoneShape,
    (values) => forgotPhoneErrors(values, validators),
    translate,
  );
}
