import { describe, expect, it } from 'vitest';
import { lazyService } from '../../src/app/lazy-service.ts';

const service = (calls: string[]) => ({
  hello: async (name: string) => {
    calls.push(name);
    return `hello ${name}`;
  },
});

describe('lazyService', () => {
  it('loads the module at the first call, once, and answers like the service', async () => {
    const calls: string[] = [];
    let loads = 0;
    const lazy = lazyService(
      async () => {
        loads += 1;
        return service(calls);
      },
      () => new Error('unreachable'),
    );
    expect(loads).toBe(0);
    await expect(Promise.all([lazy.hello('a'), lazy.hello('b')])).resolves.toEqual([
      'hello a',
      'hello b',
    ]);
    expect(calls).toEqual(['a', 'b']);
    expect(loads).toBe(1);
  });

  it('preload fetches ahead of the first call', async () => {
    let loads = 0;
    const lazy = lazyService(
      async () => {
        loads += 1;
        return service([]);
      },
      () => new Error('unreachable'),
    );
    lazy.preload();
    expect(loads).toBe(1);
    await lazy.hello('c');
    expect(loads).toBe(1);
  });

  it('a module that cannot be fetched fails the call with the given error, and is tried again', async () => {
    let fail = true;
    const lazy = lazyService(
      async () => {
        if (fail) throw new TypeError('Failed to fetch dynamically imported module');
        return service([]);
      },
      (cause) => new Error('network_error', { cause }),
    );
    await expect(lazy.hello('d')).rejects.toThrow('network_error');
    fail = false;
    await expect(lazy.hello('d')).resolves.toBe('hello d');
  });

  it('is not a thenable (awaiting it gives the stand-in itself)', async () => {
    const lazy = lazyService(
      async () => service([]),
      () => new Error('unreachable'),
    );
    expect(await Promise.resolve(lazy)).toBe(lazy);
  });
});
