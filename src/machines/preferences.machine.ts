import { assign, fromPromise, setup } from 'xstate';
import type { Language, Theme } from '../contract/constants.ts';

export type PreferencesContext = {
  language: Language;
  theme: Theme;
  /** Active languages from configuration. */
  languages: readonly Language[];
};

export type PreferencesEvent =
  | { type: 'user.selectLanguage'; language: Language }
  | { type: 'user.selectTheme'; theme: Theme }
  | { type: 'user.toggleTheme' }
  | { type: 'app.languagesConfigured'; languages: readonly Language[]; defaultLanguage: Language };

/**
 * Language and theme. Choosing a language sets the locale, keeps it in local storage and, when
 * a session exists, tells the server; the theme is light by default and kept in local storage.
 */
export const preferencesMachine = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
    input: {} as { language: Language; theme: Theme; languages: readonly Language[] },
  },
  actions: {
    applyLanguage: (_, _params: { language: Language }) => {},
    persistLanguage: (_, _params: { language: Language }) => {},
    applyTheme: (_, _params: { theme: Theme }) => {},
    persistTheme: (_, _params: { theme: Theme }) => {},
  },
  actors: {
    saveLanguage: fromPromise<void, { language: Language }>(async () => {
      throw new Error('saveLanguage is supplied by the app');
    }),
  },
  guards: {
    hasSession: () => false,
    isActiveLanguage: ({ context }, params: { language: Language }) =>
      context.languages.includes(params.language),
    isCurrentLanguageInactive: (_, params: { languages: readonly Language[]; current: Language }) =>
      !params.languages.includes(params.current),
  },
}).createMachine({
  id: 'preferences',
  context: ({ input }) => ({ ...input }),
  entry: [
    { type: 'applyLanguage', params: ({ context }) => ({ language: context.language }) },
    { type: 'applyTheme', params: ({ context }) => ({ theme: context.theme }) },
  ],
  initial: 'ready',
  states: {
    ready: {},
    choosing: {
      always: [{ guard: 'hasSession', target: 'savingLanguage' }, { target: 'ready' }],
    },
    savingLanguage: {
      tags: ['busy'],
      invoke: {
        id: 'saveLanguage',
        src: 'saveLanguage',
        input: ({ context }) => ({ language: context.language }),
        // The choice is kept locally either way; the server copy is best effort.
        onDone: 'ready',
        onError: 'ready',
      },
    },
  },
  on: {
    'user.selectLanguage': {
      guard: { type: 'isActiveLanguage', params: ({ event }) => ({ language: event.language }) },
      target: '.choosing',
      actions: [
        assign({ language: ({ event }) => event.language }),
        { type: 'applyLanguage', params: ({ event }) => ({ language: event.language }) },
        { type: 'persistLanguage', params: ({ event }) => ({ language: event.language }) },
      ],
    },
    'user.selectTheme': {
      actions: [
        assign({ theme: ({ event }) => event.theme }),
        { type: 'applyTheme', params: ({ event }) => ({ theme: event.theme }) },
        { type: 'persistTheme', params: ({ event }) => ({ theme: event.theme }) },
      ],
    },
    'user.toggleTheme': {
      actions: [
        assign({ theme: ({ context }) => (context.theme === 'light' ? 'dark' : 'light') }),
        { type: 'applyTheme', params: ({ context }) => ({ theme: context.theme }) },
        { type: 'persistTheme', params: ({ context }) => ({ theme: context.theme }) },
      ],
    },
    'app.languagesConfigured': [
      {
        guard: {
          type: 'isCurrentLanguageInactive',
          params: ({ context, event }) => ({
            languages: event.languages,
            current: context.language,
          }),
        },
        actions: [
          assign({
            languages: ({ event }) => event.languages,
            language: ({ event }) => event.defaultLanguage,
          }),
          { type: 'applyLanguage', params: ({ event }) => ({ language: event.defaultLanguage }) },
        ],
      },
      { actions: assign({ languages: ({ event }) => event.languages }) },
    ],
  },
});
