import { describe, expect, it, vi } from 'vitest';
import type { Language, Theme } from '../../src/contract/constants.ts';
import { preferencesMachine } from '../../src/machines/preferences.machine.ts';
import { driveMachine, paramsOf } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

function start({ signedIn = false, theme = 'light' as Theme } = {}) {
  const effects = {
    applyLanguage: vi.fn((_: unknown, _params: { language: Language }) => {}),
    persistLanguage: vi.fn((_: unknown, _params: { language: Language }) => {}),
    applyTheme: vi.fn((_: unknown, _params: { theme: Theme }) => {}),
    persistTheme: vi.fn((_: unknown, _params: { theme: Theme }) => {}),
  };
  const driver = driveMachine(preferencesMachine, {
    held: { saveLanguage: heldPromise<void, { language: Language }>() },
    provide: { actions: effects, guards: { hasSession: () => signedIn } },
    input: { language: 'hi', theme, languages: ['hi', 'en'] },
  });
  return { ...driver, effects, save: driver.held.saveLanguage };
}

describe('preferencesMachine', () => {
  it('applies the stored language and theme on start', () => {
    const { effects } = start({ theme: 'dark' });
    expect(paramsOf(effects.applyLanguage)).toEqual([{ language: 'hi' }]);
    expect(paramsOf(effects.applyTheme)).toEqual([{ theme: 'dark' }]);
  });

  it('the toggle applies and persists the new theme through the action params', () => {
    const { effects, send, expectContext } = start();
    send({ type: 'user.toggleTheme' });
    expectContext({ theme: 'dark' });
    expect(paramsOf(effects.persistTheme)).toEqual([{ theme: 'dark' }]);
    expect(paramsOf(effects.applyTheme).at(-1)).toEqual({ theme: 'dark' });
    send({ type: 'user.toggleTheme' });
    expect(paramsOf(effects.persistTheme)).toEqual([{ theme: 'dark' }, { theme: 'light' }]);
  });

  it('choosing a theme persists exactly that theme', () => {
    const { effects, send } = start();
    send({ type: 'user.selectTheme', theme: 'dark' });
    expect(paramsOf(effects.persistTheme)).toEqual([{ theme: 'dark' }]);
  });

  it('choosing an inactive language is ignored', () => {
    const { effects, send, expectState, expectContext } = start({ signedIn: true });
    send({ type: 'user.selectLanguage', language: 'bn' });
    expectState('ready');
    expectContext({ language: 'hi' });
    expect(effects.persistLanguage).not.toHaveBeenCalled();
  });

  it('signed out: the language is applied and kept locally only', () => {
    const { effects, save, send, expectState } = start();
    send({ type: 'user.selectLanguage', language: 'en' });
    expectState('ready');
    expect(paramsOf(effects.persistLanguage)).toEqual([{ language: 'en' }]);
    expect(paramsOf(effects.applyLanguage).at(-1)).toEqual({ language: 'en' });
    expect(save.calls).toEqual([]);
  });

  it('signed in: the language is also saved on the server, best effort', async () => {
    const { save, send, snapshot, expectState, expectContext } = start({ signedIn: true });
    send({ type: 'user.selectLanguage', language: 'en' });
    expectState('savingLanguage');
    expect(snapshot().hasTag('busy')).toBe(true);
    expect(save.calls).toEqual([{ language: 'en' }]);
    await save.reject(new Error('offline'));
    expectState('ready');
    expectContext({ language: 'en' });
  });

  it('a second choice while saving saves the newer language', async () => {
    const { save, send, expectState } = start({ signedIn: true });
    send({ type: 'user.selectLanguage', language: 'en' });
    send({ type: 'user.selectLanguage', language: 'hi' });
    expect(save.calls).toEqual([{ language: 'en' }, { language: 'hi' }]);
    await save.resolve(undefined, 0);
    expectState('savingLanguage');
    await save.resolve(undefined, 1);
    expectState('ready');
  });

  it('when the configuration drops the current language, the default takes its place', () => {
    const { effects, send, expectContext } = start();
    send({ type: 'app.languagesConfigured', languages: ['en', 'bn'], defaultLanguage: 'en' });
    expectContext({ language: 'en', languages: ['en', 'bn'] });
    expect(paramsOf(effects.applyLanguage).at(-1)).toEqual({ language: 'en' });
  });

  it('a configuration that keeps the current language only updates the list', () => {
    const { effects, send, expectContext } = start();
    send({ type: 'app.languagesConfigured', languages: ['hi', 'bn'], defaultLanguage: 'bn' });
    expectContext({ language: 'hi', languages: ['hi', 'bn'] });
    expect(effects.applyLanguage).toHaveBeenCalledTimes(1);
  });
});
