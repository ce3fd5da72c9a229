import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contract/constants.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import './pages.css';

type Props = {
  /** Shows the language chooser when true. */
  withLanguage?: boolean;
  /** What the page shows at the bar's end before the chooser (the lottery: the balance). */
  children?: React.ReactNode;
};

/** The own top bar of pages shown without the site header (/down, /helpmc, /lottery...). */
export function SlimTopBar({ withLanguage = false, children }: Props) {
  const { t } = useTranslation('pages');
  return (
    <header className="pg-topbar">
      <Link to="/" className="pg-topbar__logo" aria-label={t('topbar.home')}>
        <img src="/media/logo.svg" alt="" width="120" height="32" />
      </Link>
      <div className="pg-topbar__end">
        {children}
        {withLanguage && <LanguageChooser />}
        <Link to="/" className="pg-btn pg-btn--ghost pg-btn--small">
          <span aria-hidden="true">←</span> {t('topbar.backHome')}
        </Link>
      </div>
    </header>
  );
}

const languageNames: Record<Language, string> = { hi: 'हिन्दी', en: 'English', bn: 'বাংলা' };

function LanguageChooser() {
  const { t } = useTranslation('pages');
  const { preferences } = useSiteShellFlows();
  const language = useSelector(preferences, (s) => s.context.language);
  const languages = useSelector(preferences, (s) => s.context.languages);
  return (
    <label className="pg-topbar__lang">
      <span className="pg-visually-hidden">{t('topbar.language')}</span>
      <select
        value={language}
        onChange={(event) =>
          preferences.send({
            type: 'user.selectLanguage',
            language: event.target.value as Language,
          })
        }
      >
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
