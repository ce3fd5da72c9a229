import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../contract/locale.ts';
import { CustomerServiceLink } from './customer-service-link.tsx';

/** System maintenance: when it ends (in the visitor's language and zone) and who to contact. */
export function MaintenancePage({
  endTime,
  liveChatUrl,
  onRetry,
}: {
  endTime: string | null;
  liveChatUrl: string | null;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation('common');
  const end = endTime ? new Date(endTime) : null;
  const valid = end !== null && !Number.isNaN(end.getTime());
  return (
    <main className="system-page" data-testid="page-maintenance">
      <img src="/media/logo.svg" alt="" className="system-page__logo" width="150" height="40" />
      <h1 className="system-page__title">{t('system.maintenance.title')}</h1>
      <p>{t('system.maintenance.text')}</p>
      {valid ? (
        <p className="system-page__detail">
          {t('system.maintenance.endsAt')}{' '}
          <time dateTime={endTime ?? undefined} data-testid="maintenance-end">
            {formatDateTime(end, i18n.language)}
          </time>
        </p>
      ) : (
        <p className="system-page__detail">{t('system.maintenance.noEndTime')}</p>
      )}
      <div className="system-page__actions">
        <CustomerServiceLink liveChatUrl={liveChatUrl} />
        <button type="button" className="btn btn--outline" onClick={onRetry} data-testid="retry">
          {t('system.maintenance.checkAgain')}
        </button>
      </div>
    </main>
  );
}
