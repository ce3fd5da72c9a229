import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Provider from 'oidc-provider';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { identityPaths, type LoginResult } from '../../src/contract/identity.ts';
import { moduleIds } from '../../src/contract/system.ts';
import type { Database } from '../../src/server/platform/db/client.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { modules } from '../../src/server/areas/system/modules.schema.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import {
  socialIdentities,
  socialLoginFlows,
} from '../../src/server/areas/identity/social.schema.ts';
import { buildTestApp, call, createTestDatabase, type TestDatabase } from '../support/server.ts';
import { freshIp } from '../support/identity.ts';

/** The address our app believes it has; the provider redirects the "browser" back to it. */
const PUBLIC_URL = 'http://site.test';
const clients = {
  google: { id: 'site-google', secret: 'google-secret-for-tests-0123456789' },
  facebook: { id: 'site-facebook', secret: 'facebook-secret-for-tests-0123456789' },
};

/** People at the provider: their claims by subject. */
const people: Record<string, { email?: string; email_verified?: boolean; name?: string }> = {
  'sub-ravi-001': { email: 'ravi.kumar@example.com', email_verified: true, name: 'Ravi Kumar' },
  'sub-asha-002': { email: 'asha@example.com', email_verified: false, name: 'Asha' },
  'sub-disabled-003': { name: 'Blocked Person' },
};

/**
 * A local OpenID Connect provider (oidc-provider) with PKCE required. Its interaction endpoint
 * signs in `provider.signIn` at once, and an existing grant covers the scopes, so no page is shown.
 */
async function startProvider() {
  const state = { signIn: 'sub-ravi-001' };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: (['google', 'facebook'] as const).map((name) => ({
      client_id: clients[name].id,
      client_secret: clients[name].secret,
      redirect_uris: [`${PUBLIC_URL}/wps/session/social/${name}/callback`],
      token_endpoint_auth_method: 'client_secret_post',
      response_types: ['code'],
      grant_types: ['authorization_code'],
    })),
    pkce: { required: () => true },
    // Like Google: the ID token carries the e-mail and name asked for by scope.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile', 'public_profile'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['oidc-test-cookie-key'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, ...people[sub] }),
    }),
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email profile public_profile');
      await grant.save();
      return grant;
    },
  });
  const handler = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void provider.interactionFinished(
        req,
        res,
        { login: { accountId: state.signIn } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    void handler(req, res);
  });
  return {
    issuer,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser at the provider: follows its redirects with its own cookies until it leaves. */
async function throughProvider(authorizationUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`provider stopped at ${response.status}: ${await response.text()}`);
    const next = new URL(location, url);
    if (next.origin === PUBLIC_URL) return next;
    url = next.href;
  }
  throw new Error('too many redirects at the provider');
}

const cookieValue = (setCookie: string | string[] | undefined, name: string) => {
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const line of lines) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (match?.[1]) return match[1];
  }
  return null;
};

/** A player's browser at our site: keeps the social flow cookie and its IP. */
function socialDriver(app: () => FastifyInstance) {
  return {
    async start(provider: string, browser: { ip: string; flow?: string }) {
      const reply = await app().inject({
        url: identityPaths.socialStart.replace(':provider', provider),
        remoteAddress: browser.ip,
        headers: browser.flow ? { cookie: `sflow=${browser.flow}` } : {},
      });
      const flow = cookieValue(reply.headers['set-cookie'], 'sflow');
      if (flow) browser.flow = flow;
      return reply;
    },
    async callback(back: URL, browser: { ip: string; flow?: string }) {
      const reply = await app().inject({
        url: back.pathname + back.search,
        remoteAddress: browser.ip,
        headers: browser.flow ? { cookie: `sflow=${browser.flow}` } : {},
      });
      return { status: reply.statusCode, location: String(reply.headers.location ?? '') };
    },
    exchange(code: string, browser: { ip: string; flow?: string }) {
      return call<LoginResult>(app(), {
        method: 'POST',
        url: identityPaths.socialExchange,
        remoteAddress: browser.ip,
        headers: browser.flow ? { cookie: `sflow=${browser.flow}` } : {},
        payload: { code },
      });
    },
    /** The whole sign-in: start, the provider, the callback and the exchange. */
    async signIn(provider: string, browser: { ip: string; flow?: string } = { ip: freshIp() }) {
      const started = await this.start(provider, browser);
      expect(started.statusCode).toBe(302);
      const back = await throughProvider(String(started.headers.location));
      const landed = await this.callback(back, browser);
      expect(landed.status).toBe(302);
      const code = new URL(landed.location, PUBLIC_URL).searchParams.get('social');
      if (!code) throw new Error(`no one-time code: ${landed.location}`);
      const exchanged = await this.exchange(code, browser);
      expect(exchanged.status).toBe(200);
      return { code, result: exchanged.body.value as LoginResult, browser };
    },
  };
}

describe('social login against a local OpenID Connect provider', () => {
  let oidc: Awaited<ReturnType<typeof startProvider>>;
  let testDb: TestDatabase;
  let database: Database;
  let app: FastifyInstance;
  const logs: string[] = [];
  const driver = socialDriver(() => app);

  const memberInfo = (token: string) =>
    call<{ account: string; type: number; email: string | null }>(app, {
      url: identityPaths.memberInfo,
      headers: { authorization: `Bearer ${token}` },
    });
  const identitiesOf = (provider: 'google' | 'facebook', subject: string) =>
    database.db
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
  /** Starts a sign-in and walks the provider, stopping before our callback. */
  const upToCallback = async (provider = 'google') => {
    const browser: { ip: string; flow?: string } = { ip: freshIp() };
    const started = await driver.start(provider, browser);
    const back = await throughProvider(String(started.headers.location));
    return { browser, back, authorizationUrl: new URL(String(started.headers.location)) };
  };
  const socialError = (location: string) =>
    new URL(location, PUBLIC_URL).searchParams.get('socialError');

  beforeAll(async () => {
    oidc = await startProvider();
    testDb = await createTestDatabase();
    database = await testDb.open();
    app = await buildTestApp(
      testDb,
      database,
      {
        PUBLIC_URL,
        SITE_CACHE_MS: '0',
        LOG_LEVEL: 'info',
        GOOGLE_CLIENT_ID: clients.google.id,
        GOOGLE_CLIENT_SECRET: clients.google.secret,
        GOOGLE_ISSUER: oidc.issuer,
        FACEBOOK_CLIENT_ID: clients.facebook.id,
        FACEBOOK_CLIENT_SECRET: clients.facebook.secret,
        FACEBOOK_ISSUER: oidc.issuer,
      },
      {
        logStream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logs.push(chunk.toString());
            done();
          },
        }),
      },
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await testDb?.drop();
    await oidc?.close();
  });

  it('offers the configured providers whose modules are on', async () => {
    const reply = await call<{ providers: string[] }>(app, { url: identityPaths.socialProviders });
    expect(reply.body.value?.providers).toEqual(['google', 'facebook']);
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, kept server side', async () => {
    const browser = { ip: freshIp() } as { ip: string; flow?: string };
    const reply = await driver.start('google', browser);
    expect(reply.statusCode).toBe(302);
    const to = new URL(String(reply.headers.location));
    expect(to.origin).toBe(oidc.issuer);
    expect(to.searchParams.get('client_id')).toBe(clients.google.id);
    expect(to.searchParams.get('redirect_uri')).toBe(
      `${PUBLIC_URL}/wps/session/social/google/callback`,
    );
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    const setCookie = String(reply.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    // The state is stored only as a hash; the verifier never leaves the server.
    const flows = await database.db.select().from(socialLoginFlows);
    const state = to.searchParams.get('state') ?? '';
    expect(flows.some((flow) => flow.stateHash === state)).toBe(false);
    expect(reply.headers.location).not.toContain(flows[0]?.codeVerifier ?? 'none');
  });

  it('creates a player keyed on (provider, subject) at the first sign-in and reuses it after', async () => {
    oidc.state.signIn = 'sub-ravi-001';
    const first = await driver.signIn('google');
    expect(first.result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.result.previousLoginAt).toBeNull();
    expect(first.result.firstTimeLogin).toBe(false);
    const [identity] = await identitiesOf('google', 'sub-ravi-001');
    expect(identity).toBeDefined();
    const info = await memberInfo(first.result.token ?? '');
    expect(info.body.value?.type).toBe(0);
    expect(info.body.value?.account).toMatch(/^ravikumar/);
    expect(info.body.value?.email).toBe('ravi.kumar@example.com');
    const [member] = await database.db
      .select()
      .from(members)
      .where(eq(members.id, identity?.memberId ?? -1));
    expect(member?.passwordHash).toBeNull();

    const second = await driver.signIn('google');
    expect(second.result.token).not.toBe(first.result.token);
    expect(second.result.previousLoginAt).not.toBeNull();
    expect(await identitiesOf('google', 'sub-ravi-001')).toHaveLength(1);
    const again = await memberInfo(second.result.token ?? '');
    expect(again.body.value?.account).toBe(info.body.value?.account);

    const logins = await database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'session.login'), eq(auditLog.target, `member:${member?.id}`)),
      );
    expect(logins).toHaveLength(2);
    expect(logins[0]?.after).toMatchObject({ method: 'social:google' });
  });

  it('keeps the same subject at another provider apart, and gives each its own username', async () => {
    oidc.state.signIn = 'sub-ravi-001';
    const google = await identitiesOf('google', 'sub-ravi-001');
    const facebook = await driver.signIn('facebook');
    const [identity] = await identitiesOf('facebook', 'sub-ravi-001');
    expect(identity?.memberId).not.toBe(google[0]?.memberId);
    const info = await memberInfo(facebook.result.token ?? '');
    expect(info.body.value?.account).toMatch(/^ravikumar\d{4}$/);

    // An unverified e-mail is not kept.
    oidc.state.signIn = 'sub-asha-002';
    const asha = await driver.signIn('google');
    const ashaInfo = await memberInfo(asha.result.token ?? '');
    expect(ashaInfo.body.value?.account).toMatch(/^asha\d+$/);
    expect(ashaInfo.body.value?.email).toBeNull();
  });

  it('refuses a tampered state', async () => {
    oidc.state.signIn = 'sub-ravi-001';
    const { browser, back } = await upToCallback();
    back.searchParams.set('state', 'x'.repeat(43));
    const landed = await driver.callback(back, browser);
    expect(landed.status).toBe(302);
    expect(landed.location).toMatch(/^\/login\?/);
    expect(socialError(landed.location)).toBe('social_login_failed');
  });

  it('answers sms_popup_closed when the player cancels at the provider', async () => {
    for (const [error, expected] of [
      ['access_denied', 'sms_popup_closed'],
      ['server_error', 'social_login_failed'],
    ] as const) {
      const { browser, back } = await upToCallback();
      back.searchParams.delete('code');
      back.searchParams.set('error', error);
      const landed = await driver.callback(back, browser);
      expect(landed.status).toBe(302);
      expect(landed.location).toMatch(/^\/login\?/);
      expect(socialError(landed.location)).toBe(expected);
    }
  });

  it('refuses a replayed callback and a replayed one-time code', async () => {
    const { browser, back } = await upToCallback();
    const first = await driver.callback(back, browser);
    const code = new URL(first.location, PUBLIC_URL).searchParams.get('social') ?? '';
    expect(code).not.toBe('');
    const replay = await driver.callback(back, browser);
    expect(socialError(replay.location)).toBe('social_login_failed');

    const traded = await driver.exchange(code, browser);
    expect(traded.status).toBe(200);
    const again = await driver.exchange(code, browser);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('social_login_failed');
  });

  it('refuses a callback or a code carried to another browser', async () => {
    const { back } = await upToCallback();
    const elsewhere = await driver.callback(back, { ip: freshIp() });
    expect(socialError(elsewhere.location)).toBe('social_login_failed');

    const own = await upToCallback();
    const landed = await driver.callback(own.back, own.browser);
    const code = new URL(landed.location, PUBLIC_URL).searchParams.get('social') ?? '';
    const stolen = await driver.exchange(code, { ip: freshIp(), flow: 'A'.repeat(43) });
    expect(stolen.status).toBe(400);
    // The stolen attempt did not burn the player's code.
    expect((await driver.exchange(code, own.browser)).status).toBe(200);
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const { browser, back } = await upToCallback();
    await database.db.update(socialLoginFlows).set({ nonce: 'a-different-nonce-value' });
    const landed = await driver.callback(back, browser);
    expect(socialError(landed.location)).toBe('social_login_failed');
    const failures = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.social_failed'))
      .orderBy(auditLog.id);
    const failure = failures.at(-1);
    expect(JSON.stringify(failure?.after)).toContain('nonce');
  });

  it('uses the PKCE verifier: the code is refused with another one', async () => {
    const { browser, back } = await upToCallback();
    await database.db
      .update(socialLoginFlows)
      .set({ codeVerifier: 'another-verifier-another-verifier-another-verifier' });
    const landed = await driver.callback(back, browser);
    expect(socialError(landed.location)).toBe('social_login_failed');
    const failures = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.social_failed'))
      .orderBy(auditLog.id);
    expect(JSON.stringify(failures.at(-1)?.after)).toContain('invalid_grant');
  });

  it('refuses a disabled account with account_disabled', async () => {
    oidc.state.signIn = 'sub-disabled-003';
    await driver.signIn('google');
    const [identity] = await identitiesOf('google', 'sub-disabled-003');
    await database.db
      .update(members)
      .set({ status: 'disabled' })
      .where(eq(members.id, identity?.memberId ?? -1));
    const { browser, back } = await upToCallback();
    const landed = await driver.callback(back, browser);
    expect(socialError(landed.location)).toBe('account_disabled');
  });

  it('answers 404 social_login_failed for an unknown provider or a module turned off', async () => {
    const unknown = await call(app, { url: '/wps/session/social/twitter' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('social_login_failed');

    await database.db
      .update(modules)
      .set({ enabled: false })
      .where(eq(modules.modId, moduleIds.facebookLogin));
    try {
      const off = await call(app, { url: '/wps/session/social/facebook' });
      expect(off.status).toBe(404);
      expect(off.body.code).toBe('social_login_failed');
      const listed = await call<{ providers: string[] }>(app, {
        url: identityPaths.socialProviders,
      });
      expect(listed.body.value?.providers).toEqual(['google']);
      const callback = await app.inject({
        url: '/wps/session/social/facebook/callback?code=abc&state=def',
      });
      expect(callback.statusCode).toBe(302);
      expect(socialError(String(callback.headers.location))).toBe('social_login_failed');
    } finally {
      await database.db
        .update(modules)
        .set({ enabled: true })
        .where(eq(modules.modId, moduleIds.facebookLogin));
    }
  });

  it('writes no audit row for anonymous rejections: bogus codes, unknown states, unknown providers', async () => {
    const [before] = await database.db.select({ n: count() }).from(auditLog);
    for (let i = 0; i < 15; i += 1) {
      const refused = await driver.exchange(`bogus-code-${i}-${'x'.repeat(30)}`, {
        ip: freshIp(),
        flow: 'B'.repeat(43),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('social_login_failed');
      for (const url of [
        `/wps/session/social/google/callback?code=abc&state=${'s'.repeat(20)}${i}`,
        `/wps/session/social/google/callback?code=abc`,
        `/wps/session/social/nowhere${i}/callback?code=abc&state=def`,
      ]) {
        const landed = await app.inject({ url, remoteAddress: freshIp() });
        expect(landed.statusCode).toBe(302);
        expect(socialError(String(landed.headers.location))).toBe('social_login_failed');
      }
    }
    const [after] = await database.db.select({ n: count() }).from(auditLog);
    expect(after?.n).toBe(before?.n);
  });

  it('turns a cancel at the provider (access_denied) into /login?socialError=sms_popup_closed', async () => {
    const browser: { ip: string; flow?: string } = { ip: freshIp() };
    const started = await driver.start('google', browser);
    const state = new URL(String(started.headers.location)).searchParams.get('state') ?? '';
    const back = new URL(`${PUBLIC_URL}/wps/session/social/google/callback`);
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('state', state);
    const landed = await driver.callback(back, browser);
    expect(socialError(landed.location)).toBe('sms_popup_closed');
  });

  it('rejects malformed exchange bodies with 400 and never logs codes or tokens', async () => {
    for (const payload of [{}, { code: '' }, { code: 'short' }, { code: 'x'.repeat(500) }, []]) {
      const reply = await call(app, {
        method: 'POST',
        url: identityPaths.socialExchange,
        payload,
      });
      expect(reply.status).toBe(400);
    }
    oidc.state.signIn = 'sub-ravi-001';
    const { code, result } = await driver.signIn('google');
    const text = logs.join('\n');
    expect(text).not.toContain(code);
    expect(text).not.toContain(result.token ?? 'no-token');
    expect(text).not.toContain(clients.google.secret);
  });

  it('does not offer a provider without a client id', async () => {
    const bare = await buildTestApp(testDb, database, { PUBLIC_URL });
    try {
      const listed = await call<{ providers: string[] }>(bare, {
        url: identityPaths.socialProviders,
      });
      expect(listed.body.value?.providers).toEqual([]);
      const start = await call(bare, { url: '/wps/session/social/google' });
      expect(start.status).toBe(404);
      expect(start.body.code).toBe('social_login_failed');
    } finally {
      await bare.close();
    }
  });
});
