import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { count } from 'drizzle-orm';
import { opsPaths } from '../../src/contract/ops.ts';
import { systemPaths } from '../../src/contract/system.ts';
import { banners } from '../../src/server/areas/system/banners.schema.ts';
import { testSite, call, opsHeaders } from '../support/server.ts';
import { auditCount } from '../support/server-factories.ts';

const site = testSite();

const bannerCount = async () => (await site.database.db.select({ n: count() }).from(banners))[0]?.n;

describe('bad input', () => {
  it('gets a 400 naming the field, in Hindi by default and in English on request', async () => {
    const hi = await call(site.app, { url: `${systemPaths.domainRoute}?device=7` });
    expect(hi.status).toBe(400);
    expect(hi.body).toMatchObject({ success: false, code: 'bad_request' });
    expect(hi.body.message).toContain('device');
    expect(hi.body.message).toMatch(/[\u0900-\u097F]/);

    const en = await call(site.app, {
      url: `${systemPaths.domainRoute}?device=7`,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(en.body.message).toBe('The value of field "device" is not valid.');

    const bn = await call(site.app, {
      url: `${systemPaths.domainRoute}?device=x`,
      headers: { 'accept-language': 'bn' },
    });
    expect(bn.body.message).toMatch(/[\u0980-\u09FF]/);
  });

  it('writes nothing on a bad operator body', async () => {
    const audits = await auditCount(site.database.db);
    const bannersBefore = await bannerCount();
    const reply = await call(site.app, {
      method: 'POST',
      url: opsPaths.banners,
      headers: { ...opsHeaders, 'accept-language': 'en' },
      payload: {
        url: '/x.svg',
        groupName: 'home',
        linkageType: 'TELEPORT',
        title: 'x',
        sortOrder: 1,
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('linkageType');
    expect(await bannerCount()).toBe(bannersBefore);
    expect(await auditCount(site.database.db)).toBe(audits);
  });

  it('is never answered with a 500', async () => {
    const json = { ...opsHeaders, 'content-type': 'application/json' };
    const attempts: InjectOptions[] = [
      { url: `${systemPaths.domainRoute}` },
      { url: `${systemPaths.domainRoute}?device=0&device=3` },
      { url: `${systemPaths.domainRoute}?device=1e400` },
      { url: `${systemPaths.permission}?host=${'a'.repeat(300)}` },
      { url: `${systemPaths.permission}?host=` },
      { url: `${systemPaths.helpCenter}?language=fr` },
      { url: `${systemPaths.banner}?language=en&language=bn` },
      { url: `${systemPaths.announcements}?types=X` },
      { url: `${systemPaths.announcements}?types=B,,PR` },
      { url: `${systemPaths.announcements}?platform=H5` },
      { url: `${systemPaths.announcements}?execution=Z` },
      { url: `${systemPaths.announcements}?types=%00` },
      { url: '/wps/system/%E0%A4%A' },
      {
        method: 'PUT',
        url: systemPaths.language,
        payload: 'not json',
        headers: { 'content-type': 'application/json' },
      },
      { method: 'PUT', url: opsPaths.maintenance, headers: json, payload: '{"enabled":' },
      { method: 'PUT', url: opsPaths.maintenance, headers: json, payload: '[]' },
      { method: 'PUT', url: opsPaths.maintenance, headers: json, payload: 'null' },
      { method: 'PUT', url: opsPaths.maintenance, headers: json, payload: { enabled: 'yes' } },
      {
        method: 'PUT',
        url: opsPaths.maintenance,
        headers: json,
        payload: { enabled: true, endTime: 'tomorrow' },
      },
      {
        method: 'PUT',
        url: opsPaths.region,
        headers: json,
        payload: { blockedCountries: ['india'], blockedCidrs: [] },
      },
      {
        method: 'PUT',
        url: opsPaths.region,
        headers: json,
        payload: { blockedCountries: [], blockedCidrs: ['1.2.3.4'] },
      },
      {
        method: 'PUT',
        url: opsPaths.region,
        headers: json,
        payload: { blockedCountries: [], blockedCidrs: ['::/999'] },
      },
      {
        method: 'PUT',
        url: opsPaths.region,
        headers: json,
        payload: { blockedCountries: [], blockedCidrs: [42] },
      },
      { method: 'PUT', url: opsPaths.settings, headers: json, payload: { languages: [] } },
      { method: 'PUT', url: opsPaths.settings, headers: json, payload: { currencySymbol: '' } },
      {
        method: 'PUT',
        url: opsPaths.module.replace(':modId', 'X'.repeat(100)),
        headers: json,
        payload: { enabled: true },
      },
      {
        method: 'PUT',
        url: opsPaths.validator.replace(':field', 'nosuch'),
        headers: json,
        payload: {},
      },
      {
        method: 'PUT',
        url: opsPaths.validator.replace(':field', 'email'),
        headers: json,
        payload: { enabled: true },
      },
      {
        method: 'PUT',
        url: opsPaths.banner.replace(':bannerId', 'abc'),
        headers: json,
        payload: {},
      },
      {
        method: 'PUT',
        url: opsPaths.banner.replace(':bannerId', '-1'),
        headers: json,
        payload: {},
      },
      {
        method: 'DELETE',
        url: opsPaths.banner.replace(':bannerId', '99999999999999999999'),
        headers: opsHeaders,
      },
      {
        method: 'POST',
        url: opsPaths.announcements,
        headers: json,
        payload: { title: { hi: '' }, content: { hi: 'x' }, type: 'B', popup: false },
      },
      {
        method: 'POST',
        url: opsPaths.announcements,
        headers: json,
        payload: {
          title: { hi: 'x' },
          content: { hi: 'x' },
          type: 'B',
          popup: false,
          publishedAt: 'yesterday',
        },
      },
      {
        method: 'POST',
        url: opsPaths.announcements,
        headers: { ...opsHeaders, 'content-type': 'text/plain' },
        payload: 'hello',
      },
      {
        method: 'POST',
        url: opsPaths.announcements,
        headers: json,
        payload: JSON.stringify({ title: 'x'.repeat(300_000) }),
      },
    ];
    const audits = await auditCount(site.database.db);
    for (const attempt of attempts) {
      const reply = await site.app.inject(attempt);
      expect(reply.statusCode, `${attempt.method ?? 'GET'} ${attempt.url}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(reply.statusCode, `${attempt.method ?? 'GET'} ${attempt.url}`).toBeLessThan(500);
      const body = reply.json();
      expect(body.success).toBe(false);
      expect(typeof body.message).toBe('string');
    }
    expect(await auditCount(site.database.db)).toBe(audits);
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    for (const url of ['/wps/nope', '/lgw/games/nope', '/ops/nope']) {
      const reply = await call(site.app, { url, headers: { 'accept-language': 'en' } });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({
        success: false,
        code: 'not_found',
        message: 'The requested resource was not found.',
      });
    }
  });
});
