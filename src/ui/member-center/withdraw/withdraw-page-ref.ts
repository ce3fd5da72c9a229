import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { withdrawalMachine } from '../../../machines/withdrawal.machine.ts';

/** The withdrawal page's actor, which the page's forms send their requests to. */
export type PageRef = ActorRefFrom<typeof withdrawalMachine>;

/** The message for an error code (server codes and the page's own). */
export function useErrorText() {
  const { t } = useTranslation('withdraw');
  return (code: string | null) =>
    code ? t(`errors.${code}`, { defaultValue: t('errors.unknown') }) : null;
}
