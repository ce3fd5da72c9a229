import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { ChangePasswordFlow } from '../../identity/change-password-flow.tsx';
import { useSession } from '../../identity/identity-flows.ts';
import '../../identity/identity.css';

/** /changePassword: a member changes the password (current password asked). */
export default function ChangePasswordPage() {
  const { t } = useTranslation('identity');
  const session = useSession();
  const navigate = useNavigate();
  const isMember = useSelector(session, (s) => s.matches('member'));
  const done = useCallback(() => navigate('/'), [navigate]);
  return (
    <div className="id-page" data-testid="page-change-password">
      <section className="id-card" aria-labelledby="change-password-title">
        <h1 id="change-password-title" className="id-title">
          {t('changePassword.title')}
        </h1>
        {isMember ? (
          <ChangePasswordFlow reason="voluntary" heldPassword={null} onDone={done} />
        ) : (
          <p>
            {t('changePassword.loginFirst')}{' '}
            <Link to="/login" data-testid="change-password-login">
              {t('login.submit')}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
