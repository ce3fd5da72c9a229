import { useTranslation } from 'react-i18next';
import { LoginFlow } from '../../identity/login-flow.tsx';
import '../../identity/identity.css';

/** /login: the login flow on a page of its own (header only). */
export default function LoginPage() {
  const { t } = useTranslation('identity');
  return (
    <div className="id-page" data-testid="page-login">
      <section className="id-card" aria-labelledby="login-page-title">
        <h1 id="login-page-title" className="id-title">
          {t('login.title')}
        </h1>
        <LoginFlow />
      </section>
    </div>
  );
}
