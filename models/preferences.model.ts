import { preferencesMachine } from '../src/machines/preferences.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { preferencesMachine };

export const model = defineModel({
  name: 'preferences',
  title: 'Language and theme',
  summary:
    'The visitor chooses one of the active languages (Hindi by default) and the light or dark ' +
    'theme. Both are applied at once and kept in local storage (`lang`, `theme`); with a ' +
    'session the language is also sent to the server, best effort. Choosing a language that is ' +
    'not active is ignored; when the configuration drops the current language, the default ' +
    'one takes its place.',
  source: 'src/machines/preferences.machine.ts',
  machine: preferencesMachine,
  input: { language: 'hi', theme: 'light', languages: ['hi', 'en'] },
  settings: [
    {
      name: 'signed out',
      description: 'no session: the language is only kept locally',
      provide: { guards: { hasSession: () => false } },
    },
    {
      name: 'signed in',
      description: 'a session exists: the language is also saved on the server',
      provide: { guards: { hasSession: () => true } },
    },
  ],
  events: {
    'user.selectLanguage': [{ language: 'en' }, { language: 'hi' }, { language: 'bn' }],
    'user.selectTheme': [{ theme: 'dark' }, { theme: 'light' }],
    'user.toggleTheme': [{}],
    'app.languagesConfigured': [
      {
        label: 'hi, en, bn; default hi',
        languages: ['hi', 'en', 'bn'],
        defaultLanguage: 'hi',
      },
      { label: 'en only; default en', languages: ['en'], defaultLanguage: 'en' },
    ],
    'xstate.done.actor.saveLanguage': [{ label: 'saved', output: undefined }],
    'xstate.error.actor.saveLanguage': [{ label: 'network error', error: 'network' }],
  },
  // No context in the vertex: both branches of every guard are reachable from the start
  // context, which the replay's coverage check proves. Adding the language would triple the plan.
  states: {
    'preferences.ready': {
      shows:
        'the site in the chosen language (html lang) and theme; the language menu marks the ' +
        'current language and the theme switch is pressed in dark mode',
      testId: 'language-menu',
    },
    'preferences.choosing': {
      shows: 'never visible: decides at once whether the choice goes to the server',
      testId: 'language-menu',
    },
    'preferences.savingLanguage': {
      shows: 'the site already in the new language while it is saved on the server',
      testId: 'language-menu',
    },
  },
});
