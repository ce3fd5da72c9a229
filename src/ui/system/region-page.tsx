import { useTranslation } from 'react-i18next';
import { CustomerServiceLink } from './customer-service-link.tsx';

/** The site is not offered where the visitor is; shows the IP it was judged by. */
export function RegionPage({
  ip,
  liveChatUrl,
  onRetry,
}: {
  ip: string;
  liveChatUrl: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <main className="system-page" data-testid="page-region">
      <img src="/media/logo.svg" alt="" className="system-page__logo" width="150" height="40" />
      <h1 className="system-page__title">{t('system.region.title')}</h1>
      <p>{t('system.region.text')}</p>
      <p className="system-page__detail">
        {t('system.region.ip')} <strong data-testid="region-ip">{ip}</strong>
      </p>
      <div className="system-page__actions">
        <CustomerServiceLink liveChatUrl={liveChatUrl} />
        <button type="button" className="btn btn--outline" onClick={onRetry} data-testid="retry">
          {t('system.maintenance.checkAgain')}
        </button>
      </div>
    </main>
  );
}
