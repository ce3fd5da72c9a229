import { useTranslation } from 'react-i18next';
import type { StartupFailure } from '../../machines/system-status.machine.ts';

/** The start-up failed: the network, the 120 s page-load time-out, the domain or the call limit. */
export function ErrorPage({
  failure,
  onRetry,
}: {
  failure: StartupFailure | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation('common');
  const kind = failure ?? 'network';
  return (
    <main className="system-page" data-testid="page-error">
      <img src="/media/logo.svg" alt="" className="system-page__logo" width="150" height="40" />
      <h1 className="system-page__title">{t(`system.error.${kind}Title`)}</h1>
      <p role="alert">{t(`system.error.${kind}`)}</p>
      <div className="system-page__actions">
        <button type="button" className="btn btn--primary" onClick={onRetry} data-testid="retry">
          {t('actions.retry')}
        </button>
      </div>
    </main>
  );
}
