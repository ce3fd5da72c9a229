import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ForgotFlow } from '../../identity/forgot-flow.tsx';
import '../../identity/identity.css';

/**
 * /forget: the forgot-password flow on a page of its own; /forget?token=... (the e-mailed
 * reset link) opens the form for the new password.
 */
export default function ForgetPage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const dropToken = useCallback(() => setParams({}, { replace: true }), [setParams]);
  return (
    <div className="id-page" data-testid="page-forget">
      <section className="id-card" aria-labelledby="forget-page-title">
        <h1 id="forget-page-title" className="id-title">
          {t('forgot.title')}
        </h1>
        <ForgotFlow
          onClose={() => navigate('/')}
          resetToken={params.get('token')?.trim() || null}
          onTokenDropped={dropToken}
        />
      </section>
    </div>
  );
}
