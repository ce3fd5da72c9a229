import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Language, Theme } from '../../src/contract/constants.ts';
import { preferencesMachine } from '../../src/machines/preferences.machine.ts';
import { heldPromise } from '../support/model-actors.ts';

function start({ signedIn = false, theme = 'light' as Theme } = {}) {
  const effects = {
    applyLanguage: vi.fn((_: unknown, _params: { language: Language }) => {}),
    persistLanguage: vi.fn((_: unknown, _params: { language: Language }) => {}),
    applyTheme: vi.fn((_: unknown, _params: { theme: Theme }) => {}),
    persistTheme: vi.fn((_: unknown, _params: { theme: Theme }) => {}),
  };
  const save = heldPromise<void, { language: Language }>();
  const actor = createActor(
    preferencesMachine.provide({
      actions: effects,
      actors: { saveLanguage: save.logic },
      guards: { hasSession: () => signedIn },
    }),
    { input: { language: 'hi', theme, languages: ['hi', 'en'] } },
  ).start();
  const params = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((call) => call[1]);
  return { actor, effects, save, params };
}

describe('preferencesMachine', () => {
  it('applies the stored language and theme on start', () => {
    const { effects, params } = start({ theme: 'dark' });
    expect(params(effects.applyLanguage)).toEqual([{ language: 'hi' }]);
    expect(params(effects.applyTheme)).toEqual([{ theme: 'dark' }]);
  });

  it('the toggle applies and persists the new theme through the action params', () => {
    const { actor, effects, params } = start();
    actor.send({ type: 'user.toggleTheme' });
    expect(actor.getSnapshot().context.theme).toBe('dark');
    expect(params(effects.persistTheme)).toEqual([{ theme: 'dark' }]);
    expect(params(effects.applyTheme).at(-1)).toEqual({ theme: 'dark' });
    actor.send({ type: 'user.toggleTheme' });
    expect(params(effects.persistTheme)).toEqual([{ theme: 'dark' }, { theme: 'light' }]);
  });

  it('choosing a theme persists exactly that theme', () => {
    const { actor, effects, params } = start();
    actor.send({ type: 'user.selectTheme', theme: 'dark' });
    expect(params(effects.persistTheme)).toEqual([{ theme: 'dark' }]);
  });

  it('choosing an inactive language is ignored', () => {
    const { actor, effects } = start({ signedIn: true });
    actor.send({ type: 'user.selectLanguage', language: 'bn' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.language).toBe('hi');
    expect(effects.persistLanguage).not.toHaveBeenCalled();
  });

  it('signed out: the language is applied and kept locally only', () => {
    const { actor, effects, save, params } = start();
    actor.send({ type: 'user.selectLanguage', language: 'en' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(params(effects.persistLanguage)).toEqual([{ language: 'en' }]);
    expect(params(effects.applyLanguage).at(-1)).toEqual({ language: 'en' });
    expect(save.calls).toEqual([]);
  });

  it('signed in: the language is also saved on the server, best effort', async () => {
    const { actor, save } = start({ signedIn: true });
    actor.send({ type: 'user.selectLanguage', language: 'en' });
    expect(actor.getSnapshot().value).toBe('savingLanguage');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(save.calls).toEqual([{ language: 'en' }]);
    await save.reject(new Error('offline'));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.language).toBe('en');
  });

  it('a second choice while saving saves the newer language', async () => {
    const { actor, save } = start({ signedIn: true });
    actor.send({ type: 'user.selectLanguage', language: 'en' });
    actor.send({ type: 'user.selectLanguage', language: 'hi' });
    expect(save.calls).toEqual([{ language: 'en' }, { language: 'hi' }]);
    await save.resolve(undefined, 0);
    expect(actor.getSnapshot().value).toBe('savingLanguage');
    await save.resolve(undefined, 1);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('when the configuration drops the current language, the default takes its place', () => {
    const { actor, effects, params } = start();
    actor.send({ type: 'app.languagesConfigured', languages: ['en', 'bn'], defaultLanguage: 'en' });
    expect(actor.getSnapshot().context).toMatchObject({ language: 'en', languages: ['en', 'bn'] });
    expect(params(effects.applyLanguage).at(-1)).toEqual({ language: 'en' });
  });

  it('a configuration that keeps the current language only updates the list', () => {
    const { actor, effects } = start();
    actor.send({ type: 'app.languagesConfigured', languages: ['hi', 'bn'], defaultLanguage: 'bn' });
    expect(actor.getSnapshot().context).toMatchObject({ language: 'hi', languages: ['hi', 'bn'] });
    expect(effects.applyLanguage).toHaveBeenCalledTimes(1);
  });
});
