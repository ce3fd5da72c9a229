import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { z } from 'zod';
import { ApiError, createHttpClient } from '../../src/services/http-client.ts';
import type { HttpClientOptions } from '../../src/services/http-client.ts';
import { createSystemService } from '../../src/services/system.service.ts';
import { systemPaths, systemStatusSchema } from '../../src/contract/system.ts';

const BASE = 'http://site.test';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function client(overrides: Partial<HttpClientOptions> = {}) {
  return createHttpClient({
    baseUrl: BASE,
    getToken: () => null,
    getLanguage: () => 'hi',
    describe: (code) => `text for ${code}`,
    ...overrides,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('HTTP client', () => {
  it('returns the value of a successful envelope, parsed by the schema', async () => {
    server.use(
      http.get(`${BASE}${systemPaths.status}`, () =>
        HttpResponse.json({
          success: true,
          value: { status: 0, endTime: null, ip: '203.0.113.9' },
        }),
      ),
    );
    await expect(client().get(systemPaths.status, systemStatusSchema)).resolves.toEqual({
      status: 0,
      endTime: null,
      ip: '203.0.113.9',
    });
  });

  it('sends the session token as a bearer and the current language', async () => {
    let seen: Headers | null = null;
    server.use(
      http.get(`${BASE}/wps/echo`, ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ success: true, value: 1 });
      }),
    );
    await client({ getToken: () => 'abc123', getLanguage: () => 'bn' }).get(
      '/wps/echo',
      z.number(),
    );
    expect(seen!.get('authorization')).toBe('Bearer abc123');
    expect(seen!.get('accept-language')).toBe('bn');
  });

  it('sends no Authorization header without a session', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get(`${BASE}/wps/echo`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ success: true, value: 1 });
      }),
    );
    await client().get('/wps/echo', z.number());
    expect(authorization).toBeNull();
  });

  it('puts defined query values in the URL and sends bodies as JSON', async () => {
    let url: URL | null = null;
    let body: unknown = null;
    server.use(
      http.put(`${BASE}/wps/echo`, async ({ request }) => {
        url = new URL(request.url);
        body = await request.json();
        return HttpResponse.json({ success: true });
      }),
    );
    await client().put('/wps/echo', z.unknown(), {
      query: { host: 'example.test:8080', empty: undefined, page: 2 },
      body: { language: 'en' },
    });
    expect(url!.searchParams.get('host')).toBe('example.test:8080');
    expect(url!.searchParams.get('page')).toBe('2');
    expect(url!.searchParams.has('empty')).toBe(false);
    expect(body).toEqual({ language: 'en' });
  });

  it('turns a failure envelope into a server error with its code and translated message', async () => {
    server.use(
      http.get(`${BASE}/wps/member/info`, () =>
        HttpResponse.json(
          { success: false, code: 'not_logged_in', message: 'कृपया लॉग इन करें' },
          { status: 401 },
        ),
      ),
    );
    const error = await failureOf(client().get('/wps/member/info', z.unknown()));
    expect(error.kind).toBe('server');
    expect(error.code).toBe('not_logged_in');
    expect(error.status).toBe(401);
    expect(error.message).toBe('कृपया लॉग इन करें');
  });

  it('keeps the code of a failure the server answers with status 200', async () => {
    server.use(
      http.get(`${BASE}/wps/x`, () =>
        HttpResponse.json({
          success: false,
          code: 'captcha_required',
          message: 'Enter the captcha',
        }),
      ),
    );
    const error = await failureOf(client().get('/wps/x', z.unknown()));
    expect(error.kind).toBe('server');
    expect(error.code).toBe('captcha_required');
  });

  it('tells a network failure apart, with the client text for it', async () => {
    server.use(http.get(`${BASE}/wps/x`, () => HttpResponse.error()));
    const error = await failureOf(client().get('/wps/x', z.unknown()));
    expect(error.kind).toBe('network');
    expect(error.code).toBe('network_error');
    expect(error.status).toBe(0);
    expect(error.message).toBe('text for network_error');
  });

  it('reports an answer that is not JSON as an invalid response', async () => {
    server.use(
      http.get(`${BASE}/wps/x`, () =>
        HttpResponse.text('<html>Bad gateway</html>', { status: 502 }),
      ),
    );
    const error = await failureOf(client().get('/wps/x', z.unknown()));
    expect(error.kind).toBe('invalidResponse');
    expect(error.code).toBe('invalid_response');
    expect(error.status).toBe(502);
  });

  it('reports JSON that is not the envelope as an invalid response', async () => {
    server.use(http.get(`${BASE}/wps/x`, () => HttpResponse.json({ ok: true })));
    const error = await failureOf(client().get('/wps/x', z.unknown()));
    expect(error.kind).toBe('invalidResponse');
  });

  it('reports a value that breaks the contract schema as an invalid response', async () => {
    server.use(
      http.get(`${BASE}${systemPaths.status}`, () =>
        HttpResponse.json({ success: true, value: { status: 7, endTime: null, ip: 'x' } }),
      ),
    );
    const error = await failureOf(client().get(systemPaths.status, systemStatusSchema));
    expect(error.kind).toBe('invalidResponse');
    expect(error.message).toBe('text for invalid_response');
  });
});

describe('system service', () => {
  it('asks for the permission payload with the current host', async () => {
    let host: string | null = null;
    server.use(
      http.get(`${BASE}${systemPaths.permission}`, ({ request }) => {
        host = new URL(request.url).searchParams.get('host');
        return HttpResponse.json(
          { success: false, code: 'system_error', message: 'x' },
          { status: 503 },
        );
      }),
    );
    await failureOf(createSystemService(client()).getPermission('play.example.test'));
    expect(host).toBe('play.example.test');
  });

  it('sends the language choice to the server', async () => {
    let body: unknown = null;
    server.use(
      http.put(`${BASE}${systemPaths.language}`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true });
      }),
    );
    await createSystemService(client()).updateLanguage('en');
    expect(body).toEqual({ language: 'en' });
  });
});

describe('HTTP client: onServerError', () => {
  it('sees every failure the server answered before the caller does', async () => {
    server.use(
      http.get(`${BASE}/wps/v2/wallets/balance`, () =>
        HttpResponse.json(
          { success: false, code: 'password_change_required', message: 'change it' },
          { status: 403 },
        ),
      ),
    );
    const seen: string[] = [];
    const failing = client({ onServerError: (error) => seen.push(error.code) });
    const error = await failureOf(failing.get('/wps/v2/wallets/balance', z.unknown()));
    expect(error.code).toBe('password_change_required');
    expect(seen).toEqual(['password_change_required']);
  });
});
