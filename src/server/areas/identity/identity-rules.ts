import { checkField, type FieldErrorKind } from '../../../contract/validation-engine.ts';
import type { FieldRule } from '../../../contract/validation.ts';

/**
 * One value against a registration FieldRule, through the shared validation engine (the same
 * the browser runs): a disabled field is not checked; a missing value counts as empty.
 *
 * @example
 * checkFieldRule('ab', { enabled: true, required: true, acceptedPattern: '*', patternId: 'any', minLength: 6, maxLength: 16 }); // 'length'
 */
export function checkFieldRule(value: string | undefined, rule: FieldRule): FieldErrorKind | null {
  if (!rule.enabled) return null;
  return checkField(value ?? '', rule)?.kind ?? null;
}
