import { useSelector } from '@xstate/react';
import type { Language, Theme } from '../../contract/constants.ts';
import { useSite } from '../site-context.tsx';

/** The current language and theme, and the active languages, from the preferences actor. */
export function usePreferences(): {
  language: Language;
  theme: Theme;
  languages: readonly Language[];
} {
  const { preferences } = useSite();
  const language = useSelector(preferences, (s) => s.context.language);
  const theme = useSelector(preferences, (s) => s.context.theme);
  const languages = useSelector(preferences, (s) => s.context.languages);
  return { language, theme, languages };
}
