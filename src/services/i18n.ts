import i18next from 'i18next';
import type { BackendModule, i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languages } from '../contract/constants.ts';
import type { Language } from '../contract/constants.ts';

import { namespaces } from './i18n/namespaces.ts';

export { namespaces, type Namespace } from './i18n/namespaces.ts';

type Texts = Record<string, unknown>;

// Each language's files become their own chunk, loaded when that language is chosen.
const loaders = import.meta.glob<Texts>('./i18n/locales/*/*.json', { import: 'default' });

async function loadTexts(language: string, namespace: string): Promise<Texts> {
  const load = loaders[`./i18n/locales/${language}/${namespace}.json`];
  // A namespace another engineer has not written yet is simply empty.
  return load ? load() : {};
}

const bundledBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    loadTexts(language, namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Creates the app's i18next instance in `language` and resolves once its texts are loaded.
 * Keeps `<html lang>` equal to the active language.
 *
 * @example
 * const i18n = await createI18n(storage.getLanguage() ?? constants.defaultLanguage);
 */
export async function createI18n(language: Language): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  await instance
    .use(bundledBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...languages],
      // Every key exists in every language (unit tests check it), so no fallback downloads.
      fallbackLng: false,
      ns: [...namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return instance;
}

/** Switches the language; resolves when its texts are loaded. */
export async function changeLanguage(instance: I18n, language: Language): Promise<void> {
  await instance.changeLanguage(language);
}
