import { describe, expect, it } from 'vitest';
import { demoCatalogOf, loadConfig } from '../../src/server/config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      pgliteDir: './data/pglite',
      databaseUrl: null,
      staticDir: './dist',
      trustProxy: [],
      countryHeader: null,
      opsUsername: 'operator',
      opsPassword: 'operator-demo',
      logLevel: 'info',
    });
  });

  it('reads proxies, the country header and a database url', () => {
    const config = loadConfig({
      TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,2001:db8::/32',
      COUNTRY_HEADER: 'CF-IPCountry',
      DATABASE_URL: 'postgres://site@localhost/site',
      PORT: '9090',
    });
    expect(config.trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '2001:db8::/32']);
    expect(config.countryHeader).toBe('cf-ipcountry');
    expect(config.databaseUrl).toBe('postgres://site@localhost/site');
    expect(config.port).toBe(9090);
  });

  it('fails loudly on bad values, naming them', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ TRUST_PROXY: 'localhost' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ OPERATOR_TIME_ZONE: 'Mars/Olympus' })).toThrow(/OPERATOR_TIME_ZONE/);
    expect(loadConfig({ OPERATOR_TIME_ZONE: 'Asia/Dhaka' }).operatorTimeZone).toBe('Asia/Dhaka');
    expect(loadConfig({}).operatorTimeZone).toBe('Asia/Kolkata');
    expect(() => loadConfig({ MONEY_GROUPING: 'lakh' })).toThrow(/MONEY_GROUPING/);
  });

  it('groups amounts in thousands unless MONEY_GROUPING=locale', () => {
    expect(loadConfig({}).moneyGrouping).toBe('thousands');
    expect(loadConfig({ MONEY_GROUPING: 'locale' }).moneyGrouping).toBe('locale');
  });

  it('reads the demo catalog alone as the full configuration reads it (the build needs only it)', () => {
    expect(demoCatalogOf({})).toBe('full');
    expect(demoCatalogOf({})).toBe(loadConfig({}).demoCatalog);
    expect(demoCatalogOf({ DEMO_CATALOG: 'small' })).toBe('small');
    // Production without an operator password is refused by loadConfig, not by this.
    expect(demoCatalogOf({ NODE_ENV: 'production', DEMO_CATALOG: 'small' })).toBe('small');
    expect(() => demoCatalogOf({ DEMO_CATALOG: 'huge' })).toThrow(/DEMO_CATALOG/);
  });

  it('requires an operator password in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/OPS_PASSWORD/);
    const totpKeys = `prod:${Buffer.alloc(32, 7).toString('base64url')}`;
    expect(
      loadConfig({
        NODE_ENV: 'production',
        OPS_PASSWORD: 'a-long-real-secret',
        TOTP_ENCRYPTION_KEYS: totpKeys,
        OUTCOME_KEYS: `o1:${Buffer.alloc(32, 8).toString('base64url')}`,
      }).opsPassword,
    ).toBe('a-long-real-secret');
  });

  it('requires the outcome keys in production and reads them in order (the first makes new seeds)', () => {
    const production = {
      NODE_ENV: 'production',
      OPS_PASSWORD: 'a-long-real-secret',
      TOTP_ENCRYPTION_KEYS: `t1:${Buffer.alloc(32, 7).toString('base64url')}`,
    };
    expect(() => loadConfig(production)).toThrow(/OUTCOME_KEYS is required in production/);
    const config = loadConfig({
      ...production,
      OUTCOME_KEYS: `new:${Buffer.alloc(32, 2).toString('base64')}, old:${Buffer.alloc(32, 1).toString('base64url')}`,
    });
    expect(
      config.outcomeKeys?.map((entry) => [
        entry.id,
        entry.key.equals(Buffer.alloc(32, entry.id === 'new' ? 2 : 1)),
      ]),
    ).toEqual([
      ['new', true],
      ['old', true],
    ]);
    // Outside production, unset: a development key is made (null here).
    expect(loadConfig({}).outcomeKeys).toBeNull();
    expect(() => loadConfig({ OUTCOME_KEYS: 'k1:short' })).toThrow(
      /OUTCOME_KEYS must be id:key pairs/,
    );
    const same = Buffer.alloc(32, 3).toString('base64url');
    expect(() => loadConfig({ OUTCOME_KEYS: `a:${same},a:${same}` })).toThrow(/distinct ids/);
  });
});
