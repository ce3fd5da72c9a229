import { useTranslation } from 'react-i18next';

/**
 * The customer-service link of the system pages: live chat when the app could read its address
 * (the bootstrap payload is not loaded in maintenance); the pages offer a retry beside it.
 */
export function CustomerServiceLink({ liveChatUrl }: { liveChatUrl: string | null }) {
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
  return null;
}
