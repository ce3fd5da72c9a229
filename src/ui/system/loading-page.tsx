import { useTranslation } from 'react-i18next';

/** Shown while the start-up reads the system status. */
export function LoadingPage() {
  const { t } = useTranslation('common');
  return (
    <div className="system-page" data-testid="page-loading" aria-busy="true">
      <img src="/media/logo.svg" alt="" className="system-page__logo" width="150" height="40" />
      <span className="spinner" aria-hidden="true" />
      <p role="status">{t('state.loading')}</p>
    </div>
  );
}
