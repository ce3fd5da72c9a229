import { useTranslation } from 'react-i18next';
import { RegisterFlow } from '../../identity/register-flow.tsx';
import '../../identity/identity.css';

/** /register: the registration flow on a page of its own; reads ?referralCode. */
export default function RegisterPage() {
  const { t } = useTranslation('identity');
  return (
    <div className="id-page" data-testid="page-register">
      <section className="id-card" aria-labelledby="register-page-title">
        <h1 id="register-page-title" className="id-title">
          {t('register.title')}
        </h1>
        <RegisterFlow />
      </section>
    </div>
  );
}
