import { useTranslation } from 'react-i18next';

/**
 * The customer-service link of the system pages: live chat when the app could read its address
 * (the bootstrap payload is not loaded in maintenance), else a retry when one is offered.
 */
export function CustomerServiceLink({
  liveChatUrl,
  onRetry,
}: {
  liveChatUrl: string | null;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('common');
  if (liveChatUrl) {
    return (
      <a
        className="btn btn--primary"
        href={liveChatUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="customer-service-link"
      >
        {t('system.customerService')}
      </a>
    );
  }
  return onRetry ? (
    <button type="button" className="btn btn--primary" onClick={onRetry}>
      {t('actions.retry')}
    </button>
  ) : null;
}
