import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { moduleIds } from '../../contract/system.ts';
import { useModuleEnabled, useSiteName } from '../hooks/use-permission.ts';
import { LanguageMenu } from './language-menu.tsx';
import { NavBar } from './nav-bar.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/** Header top (logo, login area, language, theme) and the bottom nav. */
export function Header() {
  const { t } = useTranslation('layout');
  const siteName = useSiteName();
  const directRegistration = useModuleEnabled(moduleIds.directRegistration);
  return (
    <header className="site-header">
      <div className="header-top container">
        <Link to="/" className="logo" aria-label={t('header.home', { siteName })}>
          <img src="/media/logo.svg" alt="" className="logo__image" width="150" height="40" />
        </Link>
        <div className="header-top__actions">
          <div className="login-area">
            {directRegistration && (
              <Link to="/register" className="btn btn--outline">
                {t('header.register')}
              </Link>
            )}
            <Link to="/login" className="btn btn--primary">
              {t('header.login')}
            </Link>
          </div>
          <LanguageMenu />
          <ThemeToggle />
        </div>
      </div>
      <NavBar />
    </header>
  );
}
