import { useTranslation } from 'react-i18next';

/**
 * Shown while the start-up reads the system status: a page of its own, so it has its main
 * landmark and its level-one heading (the text that says it is loading, announced politely).
 */
export function LoadingPage() {
  const { t } = useTranslation('common');
  return (
    <main className="system-page" data-testid="page-loading" aria-busy="true">
      <img src="/media/logo.svg" alt="" className="system-page__logo" width="150" height="40" />
      <span className="spinner" aria-hidden="true" />
      <h1 className="system-page__loading" aria-live="polite">
        {t('state.loading')}
      </h1>
    </main>
  );
}
