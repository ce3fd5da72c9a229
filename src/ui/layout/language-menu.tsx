import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../contract/constants.ts';
import { GlobeIcon } from '../components/icons.tsx';
import { usePreferences } from '../hooks/use-preferences.ts';
import { useSiteShellFlows } from './site-shell-flows.ts';

/** The active languages, each named in its own script; a native select stays keyboard-friendly. */
export function LanguageMenu() {
  const { t } = useTranslation(['layout', 'common']);
  const { preferences } = useSiteShellFlows();
  const { language, languages } = usePreferences();
  const id = useId();
  return (
    <div className="language-menu">
      <GlobeIcon className="language-menu__icon" />
      <label htmlFor={id} className="visually-hidden">
        {t('layout:header.language')}
      </label>
      <select
        id={id}
        data-testid="language-menu"
        className="language-menu__select"
        value={language}
        onChange={(event) =>
          preferences.send({
            type: 'user.selectLanguage',
            language: event.target.value as Language,
          })
        }
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`common:languageName.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
