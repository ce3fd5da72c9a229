import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { GiftIcon } from '../components/icons.tsx';

/** The left bar's Events shortcut: the promotions page, where the site's events are listed. */
export function LeftBar() {
  const { t } = useTranslation('layout');
  return (
    <nav className="left-bar" aria-label={t('leftBar.label')}>
      <Link to="/promotions" className="left-bar__button" data-testid="left-bar-events">
        <GiftIcon />
        <span className="left-bar__text">{t('leftBar.title')}</span>
      </Link>
    </nav>
  );
}
