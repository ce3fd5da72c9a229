/**
 * Services whose module loads at their first call, not with the first page (issue 12: the
 * home route's script). They read their replies with zod classic contract schemas, which a
 * visitor's first page does not need; `preload` fetches the module ahead (on idle), so the
 * first call does not wait for it.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any method whose result is a promise
type AsyncMethods = Record<string, (...args: any[]) => Promise<unknown>>;

export type LazyService<T extends AsyncMethods> = T & {
  /** Starts fetching the service's module (once; a failed fetch is tried again next call). */
  preload(): void;
};

/**
 * A stand-in for the service `load` gives: every method waits for the module, then calls the
 * real one. A module that cannot be fetched fails the call with `unreachable()` (the error a
 * request that could not be sent gives), never with the loader's own error.
 *
 * @example
 * const identity = lazyService(
 *   async () => (await import('../services/identity.service.ts')).createIdentityService(http, enc),
 *   () => new ApiError('network', 'network_error', describe('network_error'), 0),
 * );
 */
export function lazyService<T extends AsyncMethods>(
  load: () => Promise<T>,
  unreachable: (cause: unknown) => Error,
): LazyService<T> {
  let loading: Promise<T> | null = null;
  const service = (): Promise<T> => {
    loading ??= load().catch((cause: unknown) => {
      loading = null;
      throw unreachable(cause);
    });
    return loading;
  };
  const methods = new Map<PropertyKey, T[keyof T]>();
  const preload = () => void service().catch(() => {});
  return new Proxy({} as LazyService<T>, {
    get(_target, name) {
      if (name === 'preload') return preload;
      if (typeof name !== 'string' || name === 'then') return undefined;
      let method = methods.get(name);
      if (!method) {
        method = (async (...args: unknown[]) => {
          const real = await service();
          return real[name]!(...args);
        }) as T[keyof T];
        methods.set(name, method);
      }
      return method;
    },
  });
}
