import { useTranslation } from 'react-i18next';
import type { Failure } from '../../../machines/session.machine.ts';

/** The server's message, or our text for a refusal the app made itself (a bad code format). */
export function useFailureText(failure: Failure | null): string | null {
  const { t } = useTranslation('security');
  if (!failure) return null;
  return failure.message || t(`errors.${failure.code}`, { defaultValue: t('errors.unknown') });
}
