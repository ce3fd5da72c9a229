import { useTranslation } from 'react-i18next';
import type { Failure } from '../../../machines/session.machine.ts';
import { Field } from '../../components/form/field.tsx';

/** The server's message, or our text for a refusal the app made itself (a bad code format). */
export function useFailureText(failure: Failure | null): string | null {
  const { t } = useTranslation('security');
  if (!failure) return null;
  return failure.message || t(`errors.${failure.code}`, { defaultValue: t('errors.unknown') });
}

/** The account password that every security change asks for first. */
export function CurrentPasswordField({
  testId,
  defaultValue,
}: {
  testId: string;
  defaultValue?: string;
}) {
  const { t } = useTranslation('security');
  return (
    <Field
      label={t('contact.currentPassword')}
      name="password"
      type="password"
      revealable
      required
      autoComplete="current-password"
      defaultValue={defaultValue}
      data-testid={testId}
    />
  );
}
