import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AccountInfo } from './account-info.tsx';

/** /register: explains registration and shows the invitation code of ?referralCode. */
export default function RegisterPage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const code = params.get('referralCode')?.trim();
  return (
    <AccountInfo testId="page-register" area="register">
      {code && (
        <p className="pg-card" data-testid="referral-code">
          {t('account.register.referral')} <strong>{code}</strong>
        </p>
      )}
    </AccountInfo>
  );
}
