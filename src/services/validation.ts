import type { i18n as I18n } from 'i18next';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import type { MessageParams, Translate, ValidationMessage } from '../contract/validation-engine.ts';

const prefix = 'validation.';

/**
 * Turns the validation engine's message keys (`validation.pattern.digitsOnly`) and params into
 * texts of the `validation` namespace in the active language.
 *
 * @example
 * const translate = validationTranslator(i18n);
 * translate('validation.patternExact.digitsOnly', { length: 6 }); // 'Enter 6 digits only.'
 */
export function validationTranslator(i18n: Pick<I18n, 't'>): Translate {
  return (key: string, params: MessageParams) =>
    key.startsWith(prefix)
      ? i18n.t(key.slice(prefix.length), { ns: 'validation', ...params })
      : i18n.t(key, { ...params });
}

/** The text of one message of `registrationErrors`, `loginErrors` or `changePasswordErrors`. */
export function translateMessage(i18n: Pick<I18n, 't'>, message: ValidationMessage): string {
  return validationTranslator(i18n)(message.key, message.params);
}

/**
 * A react-hook-form resolver for a schema of the engine built with `validationTranslator`, so
 * each field shows its first error as a text under it. @hookform/resolvers (and react-hook-form
 * with it) is imported when a form is made, so it comes with the forms, not the first page.
 *
 * @example
 * const translate = validationTranslator(i18n);
 * useForm({ resolver: formResolver(registrationSchema(validators, options, { translate })) });
 */
export function formResolver<T extends FieldValues>(schema: $ZodType<T, T>): Resolver<T> {
  // Asked for as the form is made, so it is there by the first validation.
  const resolver = import('@hookform/resolvers/zod').then(
    ({ zodResolver }) => zodResolver(schema) as Resolver<T>,
  );
  resolver.catch(() => {}); // a failed load shows at the validation that awaits it
  return async (values, context, options) => (await resolver)(values, context, options);
}
