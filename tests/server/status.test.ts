import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ipaddr from 'ipaddr.js';
import type { FastifyInstance } from 'fastify';
import { permissionSchema, systemPaths } from '../../src/contract/system.ts';
import { opsPaths } from '../../src/contract/ops.ts';
import type { Database } from '../../src/server/platform/db/client.ts';
import {
  buildTestApp,
  call,
  createTestDatabase,
  opsHeaders,
  type TestDatabase,
} from '../support/server.ts';

let testDb: TestDatabase;
let database: Database;
/** Behind a trusted proxy at 10.0.0.5 that sets cf-ipcountry. */
let proxied: FastifyInstance;
/** No trusted proxy: the socket address is the client. */
let direct: FastifyInstance;

const PROXY = '10.0.0.5';
const endTime = '2030-05-01T10:00:00.000Z';

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await testDb.open();
  // Two nodes on one database, the operator using one of them: without the site cache each sees
  // the change at once (with it, other nodes see it within SITE_CACHE_MS).
  proxied = await buildTestApp(testDb, database, {
    TRUST_PROXY: '10.0.0.0/24',
    COUNTRY_HEADER: 'CF-IPCountry',
    SITE_CACHE_MS: '0',
  });
  direct = await buildTestApp(testDb, database, { SITE_CACHE_MS: '0' });
});
afterAll(async () => {
  await proxied.close();
  await direct.close();
  await database.close();
  await testDb.drop();
});

type Status = { status: number; endTime: string | null; ip: string };
const status = async (
  app: FastifyInstance,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) => (await call<Status>(app, { url: systemPaths.status, ...options })).body.value;

async function setRegion(blockedCountries: string[], blockedCidrs: string[]) {
  const reply = await call(direct, {
    method: 'PUT',
    url: opsPaths.region,
    headers: opsHeaders,
    payload: { blockedCountries, blockedCidrs },
  });
  expect(reply.status).toBe(200);
}

async function setMaintenance(enabled: boolean) {
  const reply = await call(direct, {
    method: 'PUT',
    url: opsPaths.maintenance,
    headers: opsHeaders,
    payload: enabled ? { enabled, endTime } : { enabled },
  });
  expect(reply.status).toBe(200);
}

describe('system status', () => {
  it('is normal by default and reports the client ip', async () => {
    expect(await status(direct, { remoteAddress: '198.51.100.7' })).toEqual({
      status: 0,
      endTime: null,
      ip: '198.51.100.7',
    });
  });

  it('shows IPv4-mapped IPv6 addresses as IPv4', async () => {
    expect((await status(direct, { remoteAddress: '::ffff:198.51.100.7' }))?.ip).toBe(
      '198.51.100.7',
    );
  });

  it('is region restricted for an address in a blocked CIDR', async () => {
    await setRegion([], ['203.0.113.0/24', '2001:db8::/32']);
    expect(await status(direct, { remoteAddress: '203.0.113.9' })).toMatchObject({
      status: 2,
      ip: '203.0.113.9',
    });
    expect((await status(direct, { remoteAddress: '::ffff:203.0.113.9' }))?.status).toBe(2);
    expect((await status(direct, { remoteAddress: '2001:db8::1' }))?.status).toBe(2);
    expect((await status(direct, { remoteAddress: '203.0.114.9' }))?.status).toBe(0);
  });

  it('takes the client ip from a trusted proxy only', async () => {
    const viaTrusted = await status(proxied, {
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '203.0.113.50' },
    });
    expect(viaTrusted).toMatchObject({ status: 2, ip: '203.0.113.50' });
    // A client at an unlisted address cannot claim another IP.
    const spoofed = await status(proxied, {
      remoteAddress: '198.51.100.20',
      headers: { 'x-forwarded-for': '203.0.113.50' },
    });
    expect(spoofed).toMatchObject({ status: 0, ip: '198.51.100.20' });
    const withoutProxyConfig = await status(direct, {
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '203.0.113.50' },
    });
    expect(withoutProxyConfig).toMatchObject({ status: 0, ip: PROXY });
  });

  it('parses the trusted proxies and the blocked ranges once, not on every request', async () => {
    await setRegion([], ['203.0.113.0/24', '2001:db8::/32']);
    // A node that keeps the settings it read (as production does) behind the trusted proxy.
    const cached = await buildTestApp(testDb, database, {
      TRUST_PROXY: '10.0.0.0/24',
      SITE_CACHE_MS: '60000',
    });
    const v4 = vi.spyOn(ipaddr.IPv4, 'parseCIDR');
    const v6 = vi.spyOn(ipaddr.IPv6, 'parseCIDR');
    try {
      const from = (ip: string) =>
        status(cached, { remoteAddress: PROXY, headers: { 'x-forwarded-for': ip } });
      // The first call reads the settings (and parses their ranges).
      expect((await from('203.0.113.9'))?.status).toBe(2);
      v4.mockClear();
      v6.mockClear();
      for (let i = 1; i <= 20; i += 1) {
        expect(await from(`198.51.100.${i}`)).toMatchObject({ status: 0, ip: `198.51.100.${i}` });
        expect((await from(`203.0.113.${i}`))?.status).toBe(2);
      }
      expect(v4).not.toHaveBeenCalled();
      expect(v6).not.toHaveBeenCalled();
      // Nor the peer's address: whether it is a trusted proxy is worked out once per address.
      const peer = vi.spyOn(ipaddr.IPv4, 'parse');
      try {
        for (let i = 1; i <= 5; i += 1) {
          expect((await from(`198.51.100.${i}`))?.ip).toBe(`198.51.100.${i}`);
        }
        expect(peer.mock.calls.filter(([address]) => address === PROXY)).toEqual([]);
      } finally {
        peer.mockRestore();
      }
    } finally {
      v4.mockRestore();
      v6.mockRestore();
      await cached.close();
    }
  });

  it('blocks a country told by the trusted proxy, and ignores the header otherwise', async () => {
    await setRegion(['PK'], []);
    const headers = { 'x-forwarded-for': '198.51.100.30', 'cf-ipcountry': 'pk' };
    expect((await status(proxied, { remoteAddress: PROXY, headers }))?.status).toBe(2);
    expect((await status(proxied, { remoteAddress: '198.51.100.30', headers }))?.status).toBe(0);
    expect((await status(direct, { remoteAddress: PROXY, headers }))?.status).toBe(0);
    const country = await call<{ current: string }>(proxied, {
      url: systemPaths.countryCode,
      remoteAddress: PROXY,
      headers,
    });
    expect(country.body.value?.current).toBe('PK');
  });

  it('maintenance wins over a region block and carries its end time', async () => {
    await setRegion([], ['203.0.113.0/24']);
    await setMaintenance(true);
    expect(await status(direct, { remoteAddress: '203.0.113.9' })).toEqual({
      status: 1,
      endTime,
      ip: '203.0.113.9',
    });
  });

  it('keeps the other calls and the operator API answering during maintenance', async () => {
    const permission = await call<{ maintenance: { enabled: boolean; endTime: string } }>(direct, {
      url: `${systemPaths.permission}?host=site.test`,
      remoteAddress: '203.0.113.9',
    });
    expect(permission.status).toBe(200);
    expect(permission.body.value?.maintenance).toEqual({ enabled: true, endTime });
    expect((await call(direct, { url: systemPaths.banner })).status).toBe(200);
    const ops = await call(direct, {
      url: opsPaths.system,
      headers: opsHeaders,
      remoteAddress: '203.0.113.9',
    });
    expect(ops.status).toBe(200);
  });

  it('fills the bootstrap reply per caller (IP, country, region check) and shows an operator change at once', async () => {
    // A node that keeps what it read (as production does): the reply's bytes are made once per
    // read and filled with each caller's own parts.
    const cached = await buildTestApp(testDb, database, {
      TRUST_PROXY: '10.0.0.0/24',
      COUNTRY_HEADER: 'CF-IPCountry',
      SITE_CACHE_MS: '60000',
    });
    try {
      const region = await call(cached, {
        method: 'PUT',
        url: opsPaths.region,
        headers: opsHeaders,
        payload: { blockedCountries: ['PK'], blockedCidrs: ['203.0.113.0/24'] },
      });
      expect(region.status).toBe(200);
      const lifted = await call(cached, {
        method: 'PUT',
        url: opsPaths.maintenance,
        headers: opsHeaders,
        payload: { enabled: false },
      });
      expect(lifted.status).toBe(200);
      const boot = async (ip: string, country?: string) => {
        const reply = await cached.inject({
          url: `${systemPaths.permission}?host=site.test`,
          remoteAddress: PROXY,
          headers: { 'x-forwarded-for': ip, ...(country ? { 'cf-ipcountry': country } : {}) },
        });
        expect(reply.statusCode).toBe(200);
        expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
        return permissionSchema.parse((JSON.parse(reply.body) as { value: unknown }).value);
      };
      const open = await boot('198.51.100.7');
      const blocked = await boot('203.0.113.9');
      const fromPk = await boot('198.51.100.8', 'pk');
      expect(open.location).toEqual({ ip: '198.51.100.7', country: null });
      expect(open.regionRestriction).toEqual({ restricted: false, ip: '198.51.100.7' });
      expect(blocked.location).toEqual({ ip: '203.0.113.9', country: null });
      expect(blocked.regionRestriction).toEqual({ restricted: true, ip: '203.0.113.9' });
      expect(fromPk.location).toEqual({ ip: '198.51.100.8', country: 'PK' });
      expect(fromPk.regionRestriction).toEqual({ restricted: true, ip: '198.51.100.8' });
      const shared = ({ location: _l, regionRestriction: _r, ...rest }: typeof open) => rest;
      expect(shared(blocked)).toEqual(shared(open));
      expect(shared(fromPk)).toEqual(shared(open));
      expect(open.maintenance.enabled).toBe(false);

      const maintenance = await call(cached, {
        method: 'PUT',
        url: opsPaths.maintenance,
        headers: opsHeaders,
        payload: { enabled: true, endTime },
      });
      expect(maintenance.status).toBe(200);
      expect((await boot('198.51.100.7')).maintenance).toEqual({ enabled: true, endTime });
    } finally {
      await cached.close();
    }
  });

  it('returns to normal when maintenance and blocks are lifted', async () => {
    await setMaintenance(false);
    await setRegion([], []);
    expect(await status(direct, { remoteAddress: '203.0.113.9' })).toMatchObject({
      status: 0,
      endTime: null,
    });
  });
});
