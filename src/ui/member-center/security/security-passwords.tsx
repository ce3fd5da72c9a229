import { useTranslation } from 'react-i18next';
import type { SecuritySummary } from '../../../contract/security-center.ts';
import { useDialogs } from '../../identity/identity-flows.ts';
import { FormSection } from '../../components/form/form-section.tsx';

/** The login password: changed in the change-password popup. */
export function PasswordSection() {
  const { t } = useTranslation('security');
  const dialogs = useDialogs();
  return (
    <FormSection title={t('password.title')} testId="security-password">
      <div className="sc-line">
        <p className="sc-muted">{t('password.hint')}</p>
        <button
          type="button"
          className="btn btn--outline"
          data-testid="security-password-change"
          onClick={() =>
            dialogs.send({
              type: 'app.openChangePassword',
              reason: 'voluntary',
              heldPassword: null,
            })
          }
        >
          {t('password.change')}
        </button>
      </div>
    </FormSection>
  );
}

/** Whether the payment password is set (it is set on the withdrawal page). */
export function PaymentPasswordSection({ summary }: { summary: SecuritySummary | null }) {
  const { t } = useTranslation('security');
  return (
    <FormSection title={t('payment.title')} testId="security-payment">
      <div className="sc-line">
        <p className="sc-muted">{t('payment.hint')}</p>
        <p className="sc-value" data-testid="security-payment-status">
          {summary === null ? (
            '…'
          ) : summary.paymentPasswordSet ? (
            <span className="sc-badge sc-badge--on">{t('payment.set')}</span>
          ) : (
            <span className="sc-badge">{t('payment.notSet')}</span>
          )}
        </p>
      </div>
    </FormSection>
  );
}
