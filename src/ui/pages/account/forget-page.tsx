import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ForgotFlow } from '../../identity/forgot-flow.tsx';
import '../../identity/identity.css';

/** /forget: the forgot-password flow on a page of its own. */
export default function ForgetPage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  return (
    <div className="id-page" data-testid="page-forget">
      <section className="id-card" aria-labelledby="forget-page-title">
        <h1 id="forget-page-title" className="id-title">
          {t('forgot.title')}
        </h1>
        <ForgotFlow onClose={() => navigate('/')} />
      </section>
    </div>
  );
}
