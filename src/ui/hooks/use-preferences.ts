import { useSelector } from '@xstate/react';
import type { Language, Theme } from '../../contract/constants.ts';
import { useSiteShellFlows } from '../layout/site-shell-flows.ts';

/** The current language and theme, and the active languages, from the preferences actor. */
export function usePreferences(): {
  language: Language;
  theme: Theme;
  languages: readonly Language[];
} {
  const { preferences } = useSiteShellFlows();
  const language = useSelector(preferences, (s) => s.context.language);
  const theme = useSelector(preferences, (s) => s.context.theme);
  const languages = useSelector(preferences, (s) => s.context.languages);
  return { language, theme, languages };
}
