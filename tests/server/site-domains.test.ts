import { describe, expect, it } from 'vitest';
import { systemPaths } from '../../src/contract/system.ts';
import { loadConfig } from '../../src/server/config.ts';
import { call, testSite } from '../support/server.ts';

/** Spec section 8: the bootstrap call refuses a host that is not the site's. */
describe('GET /wps/system/permission checks the host', () => {
  const site = testSite({ SITE_DOMAINS: 'play.rajwin.test,*.rajwin-cdn.test,localhost' });
  const bootstrap = (host: string, language = 'en') =>
    call(site.app, {
      url: `${systemPaths.permission}?host=${encodeURIComponent(host)}`,
      headers: { 'accept-language': language },
    });

  it.each(['play.rajwin.test', 'PLAY.rajwin.test:8443', 'eu.rajwin-cdn.test', 'localhost:8080'])(
    'answers for %s',
    async (host) => {
      const reply = await bootstrap(host);
      expect(reply.status).toBe(200);
      expect(reply.body.success).toBe(true);
    },
  );

  it.each(['evil.test', 'play.rajwin.test.evil.test', 'rajwin-cdn.test', 'xplay.rajwin.test'])(
    'refuses %s with domain_check_failed',
    async (host) => {
      const reply = await bootstrap(host);
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({
        success: false,
        code: 'domain_check_failed',
        message: 'Invalid URL or domain check failed. Please contact customer service.',
      });
    },
  );

  it('says so in Hindi by default', async () => {
    const reply = await bootstrap('evil.test', 'hi');
    expect(reply.body.message).toContain('डोमेन');
  });

  it('defaults to PUBLIC_URL’s host, plus the loopback names outside production', () => {
    const base = { OPS_PASSWORD: 'a-long-operator-password' };
    expect(loadConfig({ ...base }).siteDomains).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://play.rajwin.test',
        TOTP_ENCRYPTION_KEYS: `prod:${Buffer.alloc(32, 7).toString('base64url')}`,
        OUTCOME_KEYS: `prod:${Buffer.alloc(32, 8).toString('base64url')}`,
      }).siteDomains,
    ).toEqual(['play.rajwin.test']);
    expect(() => loadConfig({ ...base, SITE_DOMAINS: 'bad domain' })).toThrow(/SITE_DOMAINS/);
  });
});
