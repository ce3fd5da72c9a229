import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { identityPaths } from '../../src/contract/identity.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import {
  loginFailures,
  members,
  sessions,
} from '../../src/server/platform/members/members.schema.ts';
import { call, testSite } from '../support/server.ts';
import { createMember, encryptFor, freshIp, registration } from '../support/identity.ts';

const site = testSite();

async function rows() {
  const db = site.database.db;
  const counts = await Promise.all(
    [members, sessions, auditLog, loginFailures].map(async (table) => {
      const [row] = await db.select({ n: count() }).from(table);
      return row?.n ?? 0;
    }),
  );
  return counts.join('/');
}

const huge = 'x'.repeat(300_000);
const hostile = [
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000\uffff',
  '𝕏'.repeat(70),
];

/** Bodies no route accepts: not JSON objects, no enc, enc of the wrong kind or size. */
const rawBodies: [string, InjectOptions['payload'], string?][] = [
  ['no body', undefined],
  ['empty object', {}],
  ['enc null', { enc: null }],
  ['enc number', { enc: 12345 }],
  ['enc too short', { enc: 'abc' }],
  ['enc oversized', { enc: 'a'.repeat(20_001) }],
  ['enc not a JWE', { enc: 'this-is-not-a-jwe-at-all-really' }],
  ['enc five dots of junk', { enc: 'a.b.c.d.e'.padEnd(40, 'x') }],
  ['array', [1, 2, 3]],
  ['broken JSON', '{"enc":', 'application/json'],
  ['body over the limit', JSON.stringify({ enc: huge }), 'application/json'],
  ['form encoded', 'enc=abc', 'application/x-www-form-urlencoded'],
  ['prototype pollution', JSON.parse('{"enc":"x","__proto__":{"admin":true}}') as object],
];

/** Decryptable payloads the schema refuses. */
const loginPayloads: unknown[] = [
  null,
  'username',
  [],
  {},
  { username: '' },
  { username: 'a'.repeat(65), password: 'x' },
  { username: 'abc', password: 'p'.repeat(129) },
  { username: 'abc', password: 123 },
  { username: 'abc', password: 'x', type: 'oauth' },
  { username: 'abc', password: 'x', captcha: 'c'.repeat(17) },
  { username: 'abc', password: 'x', countryDialingCode: '+91' },
  { username: { $ne: null }, password: 'x' },
  { type: 'username', username: 'abc' },
  { username: 'abc\u0000def', password: 'x' },
];

const registerPayloads: unknown[] = [
  null,
  {},
  registration({ agreeTerms: false }),
  registration({ agreeTerms: 'true' }),
  registration({ registerMethod: 'APP' }),
  registration({ username: 'u'.repeat(65) }),
  registration({ username: hostile[0] }),
  registration({ username: hostile[1] }),
  registration({ password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) }),
  registration({ email: `${'e'.repeat(250)}@x.io` }),
  registration({ countryDialingCode: '12345' }),
  registration({ mobileNum: hostile[2] }),
  registration({ paymentPassword: undefined }),
  registration({ login: 'yes' }),
  registration({ username: undefined }),
];

const passwordPayloads: unknown[] = [
  {},
  { newPassword: '', confirmNewPassword: '' },
  { newPassword: 'n'.repeat(129), confirmNewPassword: 'n'.repeat(129) },
  { newPassword: 'abc12345' },
  { newPassword: 'abc12345', confirmNewPassword: 'abc12345' }, // old password missing
  { oldPassword: 42, newPassword: 'abc12345', confirmNewPassword: 'abc12345' },
  { oldPassword: 'secret123', newPassword: hostile[1], confirmNewPassword: hostile[1] },
];

const phoneResetPayloads: unknown[] = [
  {},
  { newPassword: 'abc12345', mobileNum: '9876543210', countryDialingCode: '91' },
  {
    newPassword: 'abc12345',
    mobileNum: '9876543210',
    countryDialingCode: '91',
    verificationCode: '12345',
  },
  {
    newPassword: 'abc12345',
    mobileNum: hostile[0],
    countryDialingCode: '91',
    verificationCode: '123456',
  },
  {
    newPassword: 'abc12345',
    mobileNum: '9876543210',
    countryDialingCode: '+91',
    verificationCode: '123456',
  },
  {
    newPassword: 'n'.repeat(129),
    mobileNum: '9876543210',
    countryDialingCode: '91',
    verificationCode: '123456',
  },
];

describe('identity calls refuse bad input with a 4xx and write nothing', () => {
  const routes = [
    { name: 'login', method: 'POST', url: identityPaths.login, payloads: loginPayloads },
    { name: 'register', method: 'PUT', url: identityPaths.register, payloads: registerPayloads },
    { name: 'password', method: 'POST', url: identityPaths.password, payloads: passwordPayloads },
    {
      name: 'register/mobile',
      method: 'PUT',
      url: identityPaths.registerMobile,
      payloads: registerPayloads,
    },
    {
      name: 'password/verification',
      method: 'POST',
      url: identityPaths.passwordVerification,
      payloads: phoneResetPayloads,
    },
  ] as const;

  for (const route of routes) {
    it(`${route.method} ${route.url}`, async () => {
      const { member, password } = await createMember(site.database.db);
      const login = await call<{ token: string }>(site.app, {
        method: 'POST',
        url: identityPaths.login,
        remoteAddress: freshIp(),
        payload: { enc: await encryptFor(site.app, { username: member.username, password }) },
      });
      const headers: Record<string, string> =
        route.name === 'password' ? { authorization: `Bearer ${login.body.value?.token}` } : {};
      const before = await rows();
      const attempts: InjectOptions[] = [
        ...rawBodies.map(([, payload, type]) => ({
          method: route.method,
          url: route.url,
          remoteAddress: freshIp(),
          payload,
          headers: type ? { ...headers, 'content-type': type } : headers,
        })),
        ...(await Promise.all(
          route.payloads.map(async (payload) => ({
            method: route.method,
            url: route.url,
            remoteAddress: freshIp(),
            headers,
            payload: { enc: await encryptFor(site.app, payload) },
          })),
        )),
      ];
      for (const attempt of attempts) {
        const reply = await call(site.app, attempt);
        expect(reply.status, JSON.stringify(attempt.payload)?.slice(0, 80)).toBeGreaterThanOrEqual(
          400,
        );
        expect(reply.status).toBeLessThan(500);
        expect(reply.body.success).toBe(false);
        expect(reply.body.message).toBeTruthy();
      }
      expect(await rows()).toBe(before);
    });
  }

  it('GET /wps/agent/affiliate with missing, oversized and hostile queries', async () => {
    const queries = [
      '',
      '?code=',
      '?code=ABC',
      `?code=${'A'.repeat(33)}&domain=x.io`,
      `?code=ABC&domain=${'d'.repeat(254)}`,
    ];
    for (const query of queries) {
      const reply = await call(site.app, { url: `${identityPaths.affiliate}${query}` });
      expect(reply.status).toBe(400);
    }
    for (const code of hostile) {
      const reply = await call<{ valid: boolean }>(site.app, {
        url: `${identityPaths.affiliate}?code=${encodeURIComponent(code.slice(0, 32))}&domain=x.io`,
      });
      expect(reply.status).toBeLessThan(500);
    }
  });

  it('POST /wps/session/login/freeplay with bad bodies', async () => {
    const before = await rows();
    const good = { os: 'Linux', platform: 'W', gatewayVersion: 3 };
    const bodies = [
      {},
      { ...good },
      { ...good, enc: 'not-a-jwe-not-a-jwe-not-a-jwe' },
      { ...good, platform: 'X', enc: await encryptFor(site.app, 'r') },
      { ...good, gatewayVersion: 2, enc: await encryptFor(site.app, 'r') },
      { ...good, os: 'o'.repeat(33), enc: await encryptFor(site.app, 'r') },
    ];
    for (const payload of bodies) {
      const reply = await call(site.app, {
        method: 'POST',
        url: identityPaths.freePlay,
        remoteAddress: freshIp(),
        payload,
      });
      expect([400, 403]).toContain(reply.status);
    }
    expect(await rows()).toBe(before);
  });

  it('any decryptable JSON value for login is a 4xx, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (value) => {
        const reply = await call(site.app, {
          method: 'POST',
          url: identityPaths.login,
          remoteAddress: freshIp(),
          payload: { enc: await encryptFor(site.app, value) },
        });
        expect(reply.status).toBeGreaterThanOrEqual(400);
        expect(reply.status).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});
