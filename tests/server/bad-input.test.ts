import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { identityPaths } from '../../src/contract/identity.ts';
import { int32Max } from '../../src/contract/primitives.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { createMemberSession } from '../support/server-factories.ts';
import { encryptFor } from '../support/identity.ts';
import { rowCounts } from '../support/row-counts.ts';

const site = testSite();
const tooBig = int32Max + 1;

/** Asserts the reply is a 400 in the envelope and nothing was written. */
async function refused(options: InjectOptions, message?: RegExp) {
  const before = await rowCounts(site.database.db);
  const reply = await call(site.app, {
    ...options,
    headers: { 'accept-language': 'en', ...options.headers },
  });
  expect(reply.status, `${options.method ?? 'GET'} ${options.url}`).toBe(400);
  expect(reply.body).toMatchObject({ success: false, code: 'bad_request' });
  expect(reply.body.message).toBeTypeOf('string');
  if (message) expect(reply.body.message).toMatch(message);
  expect(await rowCounts(site.database.db)).toEqual(before);
  return reply;
}

const banner = {
  url: '/banners/a.png',
  groupName: 'home',
  linkageType: 'NONE',
  linkage: null,
  title: 'A banner',
  sortOrder: 1,
};
const announcement = {
  title: { hi: 'सूचना' },
  content: { hi: 'पाठ' },
  type: 'B',
  popup: false,
};
const rule = {
  enabled: true,
  required: true,
  acceptedPattern: '*',
  patternId: 'any',
  minLength: 4,
  maxLength: 16,
};

describe('text PostgreSQL cannot store is refused at the boundary with a clear 400', () => {
  const cannotStore = /"(.+)" contains characters that cannot be accepted/;

  it('a NUL in a JSON body field, without logging in (password e-mail)', async () => {
    const reply = await refused(
      {
        method: 'POST',
        url: identityPaths.passwordEmail,
        payload: { username: 'abc\u0000def', email: 'a@b.cd' },
      },
      cannotStore,
    );
    expect(reply.body.message).toContain('"username"');
  });

  it('the message is translated (Hindi by default, Bengali on request)', async () => {
    const payload = { username: 'abc\u0000def', email: 'a@b.cd' };
    const hi = await call(site.app, { method: 'POST', url: identityPaths.passwordEmail, payload });
    const bn = await call(site.app, {
      method: 'POST',
      url: identityPaths.passwordEmail,
      payload,
      headers: { 'accept-language': 'bn' },
    });
    expect(hi.body.message).toContain('फ़ील्ड "username"');
    expect(bn.body.message).toContain('"username" ফিল্ডে');
  });

  it('a lone surrogate (no UTF-8 form) in a body field', async () => {
    await refused(
      {
        method: 'POST',
        url: identityPaths.passwordEmail,
        headers: { 'content-type': 'application/json' },
        payload: '{"username":"abc\\ud800def","email":"a@b.cd"}',
      },
      cannotStore,
    );
  });

  it('a NUL in a path parameter (social callback)', async () => {
    await refused({ url: '/wps/session/social/%00/callback?code=x&state=y' }, cannotStore);
  });

  it('a NUL in the query string (outbox)', async () => {
    await refused({ url: `${identityPaths.outbox}?to=%00`, headers: opsHeaders }, cannotStore);
  });

  it('a NUL in an object key of a JSON body (announcement texts are jsonb)', async () => {
    await refused({
      method: 'POST',
      url: '/ops/announcements',
      headers: opsHeaders,
      payload: { ...announcement, title: { hi: 'x', 'e\u0000n': 'y' } },
    });
  });

  it('operator calls: banners, validators, announcements, messages', async () => {
    await refused({
      method: 'POST',
      url: '/ops/banners',
      headers: opsHeaders,
      payload: { ...banner, title: 'bad\u0000title' },
    });
    await refused({
      method: 'PUT',
      url: '/ops/validators/username',
      headers: opsHeaders,
      payload: { ...rule, acceptedPattern: '^a\u0000$' },
    });
    await refused({
      method: 'POST',
      url: '/ops/announcements',
      headers: opsHeaders,
      payload: { ...announcement, content: { hi: 'p\u0000' } },
    });
    await refused({
      method: 'POST',
      url: '/ops/messages',
      headers: opsHeaders,
      payload: { memberId: null, title: 'hello', content: 'a\ud800b' },
    });
  });

  it("the operator API answers in the staff's language: English unless Hindi is asked (issue 34)", async () => {
    const devanagari = /[\u0900-\u097F]/;
    const bengali = /[\u0980-\u09FF]/;
    const ask = async (language?: string) => {
      const reply = await call(site.app, {
        method: 'POST',
        url: '/ops/banners',
        headers: language ? { ...opsHeaders, 'accept-language': language } : opsHeaders,
        payload: { ...banner, linkageType: 'NOWHERE' },
      });
      expect(reply.status).toBe(400);
      return String(reply.body.message);
    };
    // No header, English, a language the staff screens lack (Bengali), an unknown one.
    for (const language of [undefined, 'en', 'bn', 'fr', 'bn, fr;q=0.5']) {
      const message = await ask(language);
      expect(message, String(language)).toMatch(/[A-Za-z]{3}/);
      expect(message, String(language)).not.toMatch(devanagari);
      expect(message, String(language)).not.toMatch(bengali);
    }
    expect(await ask('hi')).toMatch(devanagari);
    expect(await ask('bn, hi;q=0.5')).toMatch(devanagari);
  });

  it('inside an (enc) payload: a lone surrogate is refused like a NUL', async () => {
    const reply = await refused(
      {
        method: 'POST',
        url: identityPaths.login,
        payload: {
          enc: await encryptFor(site.app, { username: 'abc\ud800', password: 'secret123' }),
        },
      },
      cannotStore,
    );
    expect(reply.body.message).toContain('"username"');
  });
});

describe('ids and numbers are bounded by their columns (integer: at most 2^31-1)', () => {
  it('ledger adjustment for member 2147483648', async () => {
    await refused({
      method: 'POST',
      url: '/ops/ledger/adjustments',
      headers: opsHeaders,
      payload: {
        memberId: tooBig,
        amount: '100',
        reason: 'fuzz test',
        idempotencyKey: 'adjust-too-big-1',
      },
    });
  });

  it('bonus and operator message to member 2147483648', async () => {
    await refused({
      method: 'POST',
      url: '/ops/ledger/bonuses',
      headers: opsHeaders,
      payload: {
        memberId: tooBig,
        kind: 'bonus',
        amount: '100',
        remark: 'a bonus',
        idempotencyKey: 'bonus-too-big-1',
      },
    });
    await refused({
      method: 'POST',
      url: '/ops/messages',
      headers: opsHeaders,
      payload: { memberId: tooBig, title: 'hello', content: 'world' },
    });
    await refused({
      method: 'POST',
      url: `/ops/members/${tooBig}/notify`,
      headers: opsHeaders,
      payload: { title: 'hello' },
    });
  });

  it('banners and announcements by id 2147483648, negative and zero', async () => {
    for (const id of [tooBig, -1, 0, 'abc', '1.5', '99999999999999999999']) {
      await refused({
        method: 'PUT',
        url: `/ops/banners/${id}`,
        headers: opsHeaders,
        payload: banner,
      });
      await refused({ method: 'DELETE', url: `/ops/banners/${id}`, headers: opsHeaders });
      await refused({
        method: 'PUT',
        url: `/ops/announcements/${id}`,
        headers: opsHeaders,
        payload: announcement,
      });
      await refused({ method: 'DELETE', url: `/ops/announcements/${id}`, headers: opsHeaders });
    }
  });

  it('validator min and max length beyond an integer', async () => {
    await refused({
      method: 'PUT',
      url: '/ops/validators/username',
      headers: opsHeaders,
      payload: { ...rule, maxLength: tooBig },
    });
    await refused({
      method: 'PUT',
      url: '/ops/validators/username',
      headers: opsHeaders,
      payload: { ...rule, minLength: -1 },
    });
  });

  it("a member's message id 2147483648", async () => {
    const { token } = await createMemberSession(site.database.db);
    await refused({
      method: 'POST',
      url: `/wps/member/messages/${tooBig}/read`,
      headers: { authorization: `Bearer ${token}` },
    });
  });
});
