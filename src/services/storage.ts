import { languages, localKeys, sessionKeys, themes } from '../contract/constants.ts';
import type { Language, Theme } from '../contract/constants.ts';

/**
 * The browser's storages under the spec's keys (section 3). Each read tolerates a storage that
 * is missing or refuses access (private mode, sandboxed frames): the site then runs on defaults.
 */
function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof globalThis[kind] === 'undefined' ? null : globalThis[kind];
  } catch {
    return null;
  }
}

function read(kind: 'localStorage' | 'sessionStorage', key: string): string | null {
  try {
    return safeStorage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: 'localStorage' | 'sessionStorage', key: string, value: string | null): void {
  try {
    const storage = safeStorage(kind);
    if (!storage) return;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // A full or refused storage keeps the choice for this page only.
  }
}

const isLanguage = (value: string | null): value is Language =>
  value !== null && (languages as readonly string[]).includes(value);
const isTheme = (value: string | null): value is Theme =>
  value !== null && (themes as readonly string[]).includes(value);

export const storage = {
  /** The chosen language (local storage `lang`), or null when none was chosen yet. */
  getLanguage(): Language | null {
    const value = read('localStorage', localKeys.lang);
    return isLanguage(value) ? value : null;
  },
  /** Keeps the choice in `lang` and the one it replaces in `hisLang`. */
  setLanguage(language: Language): void {
    const previous = read('localStorage', localKeys.lang);
    if (previous && previous !== language) write('localStorage', localKeys.hisLang, previous);
    write('localStorage', localKeys.lang, language);
  },
  getPreviousLanguage(): Language | null {
    const value = read('localStorage', localKeys.hisLang);
    return isLanguage(value) ? value : null;
  },
  getTheme(): Theme | null {
    const value = read('localStorage', localKeys.theme);
    return isTheme(value) ? value : null;
  },
  setTheme(theme: Theme): void {
    write('localStorage', localKeys.theme, theme);
  },
  getToken(): string | null {
    return read('sessionStorage', sessionKeys.token) || null;
  },
  setToken(token: string | null): void {
    write('sessionStorage', sessionKeys.token, token);
  },
  getMerchantCode(): string | null {
    return read('sessionStorage', sessionKeys.merchantCode);
  },
  setMerchantCode(code: string): void {
    write('sessionStorage', sessionKeys.merchantCode, code);
  },
  /** Session caches of the spec (settings, gameVendor, index_notice...) as JSON. */
  getCached<T>(key: (typeof sessionKeys)[keyof typeof sessionKeys]): T | null {
    const raw = read('sessionStorage', key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setCached(key: (typeof sessionKeys)[keyof typeof sessionKeys], value: unknown): void {
    write('sessionStorage', key, JSON.stringify(value));
  },
};
