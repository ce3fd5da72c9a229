import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from '../components/icons.tsx';
import { usePreferences } from '../hooks/use-preferences.ts';
import { useSiteShellFlows } from './site-shell-flows.ts';

/** Light/dark switch: pressed means the dark theme is on. */
export function ThemeToggle() {
  const { t } = useTranslation('layout');
  const { preferences } = useSiteShellFlows();
  const { theme } = usePreferences();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      data-testid="theme-toggle"
      aria-pressed={dark}
      aria-label={t('header.darkTheme')}
      title={dark ? t('header.switchToLight') : t('header.switchToDark')}
      onClick={() => preferences.send({ type: 'user.toggleTheme' })}
    >
      {dark ? <MoonIcon /> : <SunIcon />}
    </button>
  );
}
