import type { FieldPath, FieldValues, UseFormGetFieldState, UseFormTrigger } from 'react-hook-form';

/**
 * Re-checks a field as it is typed while it shows an error: react-hook-form re-checks only after
 * a submit, so an error from a check made before one (the get-code button judging the number)
 * would stand under a fixed value until then (issue 34, minor 8). For `register`'s `onChange`.
 */
export function recheckWhileInvalid<T extends FieldValues>(
  form: { getFieldState: UseFormGetFieldState<T>; trigger: UseFormTrigger<T> },
  name: FieldPath<T>,
): void {
  if (form.getFieldState(name).error) void form.trigger(name);
}
