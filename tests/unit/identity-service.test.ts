import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { compactDecrypt, exportJWK, generateKeyPair } from 'jose';
import { createHttpClient } from '../../src/services/http-client.ts';
import { createEncryptor } from '../../src/services/enc.ts';
import { createIdentityService, createSessionStore } from '../../src/services/identity.service.ts';
import { identityPaths } from '../../src/contract/identity.ts';
import type { MemberInfo } from '../../src/contract/identity.ts';
import { systemPaths } from '../../src/contract/system.ts';

const BASE = 'http://site.test';
const server = setupServer();
const keys = await generateKeyPair('RSA-OAEP-256', { extractable: true });
const jwk = {
  ...(await exportJWK(keys.publicKey)),
  alg: 'RSA-OAEP-256',
  use: 'enc',
  kid: 'k1',
};
let keyReads = 0;

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const loginResult = {
  token: 'tok-1',
  firstTimeLogin: false,
  passwordExpired: false,
  previousLoginAt: null,
  challenge: null,
};

function service(token: string | null = null) {
  const client = createHttpClient({
    baseUrl: BASE,
    getToken: () => token,
    getLanguage: () => 'en',
  });
  server.use(
    http.get(`${BASE}${systemPaths.publicKey}`, () => {
      keyReads += 1;
      return HttpResponse.json({ success: true, value: jwk });
    }),
  );
  return createIdentityService(client, createEncryptor(client));
}

async function open(enc: string): Promise<unknown> {
  const { plaintext, protectedHeader } = await compactDecrypt(enc, keys.privateKey);
  expect(protectedHeader).toMatchObject({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'k1' });
  return JSON.parse(new TextDecoder().decode(plaintext));
}

describe('identity service', () => {
  it('sends the login payload encrypted to the published key, read once', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}${identityPaths.login}`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, value: loginResult });
      }),
    );
    const identity = service();
    const before = keyReads;
    const payload = { type: 'username' as const, username: 'ravi', password: 'secret12' };
    await expect(identity.login(payload)).resolves.toEqual(loginResult);
    await identity.login(payload);
    expect(keyReads - before).toBe(1);
    const body = bodies[0] as { enc: string };
    expect(Object.keys(body)).toEqual(['enc']);
    expect(body.enc).not.toContain('secret12');
    expect(await open(body.enc)).toEqual(payload);
  });

  it('registers by mobile through register/mobile (PUT, enc)', async () => {
    let seen: { method: string; enc: string } | null = null;
    server.use(
      http.put(`${BASE}${identityPaths.registerMobile}`, async ({ request }) => {
        const body = (await request.json()) as { enc: string };
        seen = { method: request.method, enc: body.enc };
        return HttpResponse.json({ success: true, value: loginResult });
      }),
    );
    const payload = {
      username: '9876543210',
      mobileNum: '9876543210',
      countryDialingCode: '91',
      registerMethod: 'WEB' as const,
      agreeTerms: true as const,
      login: true,
    };
    await service().register(payload, true);
    expect(seen).not.toBeNull();
    expect(await open(seen!.enc)).toEqual(payload);
  });

  it('logs out with the token and reads the affiliate check and the captcha', async () => {
    let auth: string | null = null;
    server.use(
      http.delete(`${BASE}${identityPaths.logout}`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ success: true, value: null });
      }),
      http.get(`${BASE}${identityPaths.affiliate}`, ({ request }) => {
        const url = new URL(request.url);
        return HttpResponse.json({
          success: true,
          value: { valid: url.searchParams.get('code') === 'DEMO01' },
        });
      }),
      http.get(`${BASE}${systemPaths.captcha}`, () =>
        HttpResponse.json({ success: true, value: 'iVBORw0KGgo=' }),
      ),
    );
    const identity = service('tok-9');
    await identity.logout();
    expect(auth).toBe('Bearer tok-9');
    expect(await identity.checkAffiliate('DEMO01', 'site.test')).toEqual({ valid: true });
    expect(await identity.checkAffiliate('NOPE', 'site.test')).toEqual({ valid: false });
    expect(await identity.captcha()).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
});

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const member: MemberInfo = {
  id: 7,
  account: 'ravi01',
  nickname: 'Ravi',
  type: 2,
  toUpline: true,
  clubLabel: { labelName: 'Gold', rankLevel: 3 },
  memberLabel: { colour: '#ABABAB' },
  mobileNum: null,
  email: null,
  language: 'hi',
  lastLoginAt: null,
  twoFactorBound: false,
};

describe('session store', () => {
  it('writes the spec keys and clears all but the merchant code', () => {
    const storage = memoryStorage();
    const session = createSessionStore(storage, null);
    storage.setItem('merchantCode', 'M1');
    storage.setItem('settings', '{}');
    session.write({ token: 'tok', member, isAgent: true, cpw: true });
    expect(Object.fromEntries(storage.map)).toMatchObject({
      token: 'tok',
      cpw: 'true',
      username: 'ravi01',
      account: 'ravi01',
      isAgent: 'true',
      nickname: 'Ravi',
      customerId: '7',
      toUpline: 'true',
      memberLabel: '{"colour":"#ABABAB"}',
    });
    expect(session.token()).toBe('tok');
    expect(session.cpw()).toBe(true);
    session.clear();
    expect(Object.fromEntries(storage.map)).toEqual({ merchantCode: 'M1' });
    expect(session.token()).toBeNull();
  });

  it('remembers the username for a day in a cookie, never the password', () => {
    let written = '';
    const jar = {
      get cookie() {
        return written.split(';')[0] ?? '';
      },
      set cookie(value: string) {
        written = value;
      },
    };
    const session = createSessionStore(null, jar);
    session.rememberUsername('ravi 01');
    expect(written).toContain('Max-Age=86400');
    expect(session.rememberedUsername()).toBe('ravi 01');
    session.rememberUsername(null);
    expect(written).toContain('Max-Age=0');
  });
});
