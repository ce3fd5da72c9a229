import { ProviderError, type SmsProvider } from './sms.provider.ts';

export type HttpSmsOptions = { url: string; token: string | null; timeoutMs: number };

/**
 * A JSON SMS gateway: POST `{ to, text }` with a bearer token. 2xx is sent; 429 and 402 mean the
 * quota is spent; anything else (other statuses, network errors, time-outs) is unavailable.
 */
export function createHttpSmsProvider(options: HttpSmsOptions): SmsProvider {
  return {
    name: 'http',
    async send(to, text) {
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        throw new ProviderError(
          'unavailable',
          timedOut ? 'SMS gateway timed out' : 'SMS gateway unreachable',
          { cause: error },
        );
      }
      // Drain the body so the connection can be reused; its content is not needed.
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return;
      const quota = response.status === 429 || response.status === 402;
      throw new ProviderError(
        quota ? 'quota_exceeded' : 'unavailable',
        `SMS gateway answered ${response.status}`,
      );
    },
  };
}
