import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CustomerServiceLinks } from '../shared/customer-service.tsx';
import '../shared/pages.css';

type Props = {
  testId: string;
  /** The pages.json area of the page, e.g. 'login' for account.login.*. */
  area: 'login' | 'register' | 'forget' | 'changePassword' | 'agentHome';
  children?: ReactNode;
};

/** An account page: what the action is, plus customer-service and home links. */
export function AccountInfo({ testId, area, children }: Props) {
  const { t } = useTranslation('pages');
  return (
    <div className="pg" data-testid={testId}>
      <section className="pg-card pg-simple" aria-labelledby={`${testId}-title`}>
        <img
          src={`/media/pages/account-${area}.svg`}
          alt=""
          className="pg-simple__art"
          width="120"
          height="120"
        />
        <h1 id={`${testId}-title`}>{t(`account.${area}.title`)}</h1>
        <p>{t(`account.${area}.text`)}</p>
        {children}
        <p className="pg-muted">{t('account.serviceHint')}</p>
        <CustomerServiceLinks />
        <div className="pg-actions">
          <Link to="/" className="pg-btn pg-btn--ghost">
            {t('actions.home')}
          </Link>
        </div>
      </section>
    </div>
  );
}
