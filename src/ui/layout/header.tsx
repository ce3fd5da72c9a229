import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSiteName } from '../hooks/use-permission.ts';
import { IdentityModals } from '../modals/identity-modals.tsx';
import { HeaderLoginArea } from './header-account.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { NavBar } from './nav-bar.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/** Header top (logo, login area, language, theme) and the bottom nav. */
export function Header() {
  const { t } = useTranslation('layout');
  const siteName = useSiteName();
  return (
    <header className="site-header">
      <div className="header-top container">
        <Link to="/" className="logo" aria-label={t('header.home', { siteName })}>
          <img src="/media/logo.svg" alt="" className="logo__image" width="150" height="40" />
        </Link>
        <div className="header-top__actions">
          <HeaderLoginArea />
          <LanguageMenu />
          <ThemeToggle />
        </div>
      </div>
      <NavBar />
      <IdentityModals />
    </header>
  );
}
