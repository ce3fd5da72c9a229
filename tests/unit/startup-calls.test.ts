/**
 * The start-up calls are asked for before the page's texts and screen load (issue 35), and the
 * site's machines' first calls take those answers: each call goes out once per page load.
 */
import { describe, expect, it } from 'vitest';
import { askStartupAhead } from '../../src/app/startup-calls.ts';
import type { SystemService } from '../../src/services/system.service.ts';

function fakeSystem() {
  const asked: string[] = [];
  const answer =
    (name: string) =>
    (...args: unknown[]) => {
      const shown = args.filter((arg) => !(arg instanceof AbortSignal)).join(',');
      asked.push(shown ? `${name}(${shown})` : name);
      return name === 'getVendors' && args[0] === 'bn'
        ? Promise.reject(new Error('offline'))
        : Promise.resolve({ name, args: args.filter((arg) => !(arg instanceof AbortSignal)) });
    };
  const names = [
    'getStatus',
    'getPermission',
    'getBanners',
    'getAnnouncements',
    'getVendors',
    'getHelpCenter',
    'getCountryCodes',
    'getDomainRoute',
  ];
  const system = Object.fromEntries(names.map((name) => [name, answer(name)]));
  return { system: system as unknown as SystemService, asked };
}

describe('askStartupAhead', () => {
  it('asks for the status, bootstrap, banners, notices and vendors at once, before any machine', () => {
    const { system, asked } = fakeSystem();
    askStartupAhead(system, 'site.example:8080', 'hi');
    expect(asked).toEqual([
      'getStatus',
      'getPermission(site.example:8080)',
      'getBanners(hi)',
      'getAnnouncements(hi)',
      'getVendors(hi)',
    ]);
  });

  it('gives the first call the answer asked ahead, and asks again on the next', async () => {
    const { system, asked } = fakeSystem();
    const ahead = askStartupAhead(system, 'site.example', 'hi');
    asked.length = 0;
    const signal = new AbortController().signal;
    expect(await ahead.getStatus(signal)).toEqual({ name: 'getStatus', args: [] });
    expect(await ahead.getPermission('site.example', signal)).toMatchObject({
      args: ['site.example'],
    });
    expect(asked).toEqual([]);
    await ahead.getStatus(signal);
    await ahead.getPermission('site.example', signal);
    expect(asked).toEqual(['getStatus', 'getPermission(site.example)']);
  });

  it('asks again when the first call wants another language than the one asked ahead', async () => {
    const { system, asked } = fakeSystem();
    const ahead = askStartupAhead(system, 'site.example', 'hi');
    asked.length = 0;
    expect(await ahead.getBanners('en')).toMatchObject({ args: ['en'] });
    expect(asked).toEqual(['getBanners(en)']);
    // The answer asked ahead is spent either way: a later Hindi call asks again.
    await ahead.getBanners('hi');
    expect(asked).toEqual(['getBanners(en)', 'getBanners(hi)']);
  });

  it('hands a failure asked ahead to the first call, and leaves the other calls alone', async () => {
    const { system, asked } = fakeSystem();
    const ahead = askStartupAhead(system, 'site.example', 'bn');
    await expect(ahead.getVendors('bn')).rejects.toThrow('offline');
    asked.length = 0;
    await ahead.getHelpCenter('bn');
    await ahead.getCountryCodes();
    expect(asked).toEqual(['getHelpCenter(bn)', 'getCountryCodes']);
  });
});
