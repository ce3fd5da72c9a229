import { useTranslation } from 'react-i18next';

/** A busy indicator with a translated label for screen readers. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="spinner-wrap" role="status" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('state.loading')}</span>
    </div>
  );
}
