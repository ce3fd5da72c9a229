import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import type { SecuritySummary } from '../../../contract/security-center.ts';
import { useSecurityFlows } from '../security/security-flows.ts';
import { AccountDetails } from '../security/security-account.tsx';
import { PasswordSection, PaymentPasswordSection } from '../security/security-passwords.tsx';
import { ContactSection } from '../security/security-contact.tsx';
import { AuthenticatorSection } from '../security/security-authenticator.tsx';
import '../../identity/identity.css';
import './security-center.css';

/**
 * The member center's "account security" page (securityCenter): the account, the password
 * (the change-password popup), the mobile number and e-mail with their change flows, the
 * authenticator and the payment password (set or changed), one file a feature in ../security/.
 */
export default function SecurityCenterPage() {
  const { t } = useTranslation('security');
  const security = useSecurityFlows();
  const summaryActor = useActorRef(security.summary, { input: {} });
  const summaryState = useSelector(summaryActor, (s) =>
    s.matches('failed') ? 'failed' : s.matches('loaded') ? 'loaded' : 'loading',
  );
  const summary = useSelector(summaryActor, (s) =>
    s.matches('loaded') ? (s.context.data as SecuritySummary) : null,
  );
  const reloadSummary = useCallback(
    () => summaryActor.send({ type: 'user.reload' }),
    [summaryActor],
  );

  return (
    <div className="sc-page" data-testid="security-center">
      <h2 className="sc-page__title">{t('title')}</h2>
      {summaryState === 'failed' && (
        <div className="sc-line" role="alert" data-testid="security-summary-failed">
          <p>{t('errors.loadFailed')}</p>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => summaryActor.send({ type: 'user.retry' })}
          >
            {t('totp.retry')}
          </button>
        </div>
      )}
      <AccountDetails />
      <PasswordSection />
      <ContactSection kind="mobile" summary={summary} onChanged={reloadSummary} />
      <ContactSection kind="email" summary={summary} onChanged={reloadSummary} />
      <AuthenticatorSection />
      <PaymentPasswordSection summary={summary} onChanged={reloadSummary} />
    </div>
  );
}
