import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { identityPaths } from '../../src/contract/identity.ts';
import { recordsPaths } from '../../src/contract/records.ts';
import { walletPaths } from '../../src/contract/wallet.ts';
import { call, testSite } from '../support/server.ts';
import { createMember, freshIp, identityDriver } from '../support/identity.ts';
import { realtimeClient } from '../support/realtime.ts';

const site = testSite();
const db = () => site.database.db;
const driver = identityDriver(
  () => site.app,
  () => site.database.db,
);

/** What a session that must change its password may still call. */
const allowed = new Set([
  `POST ${identityPaths.password}`,
  `DELETE ${identityPaths.logout}`,
  `GET ${identityPaths.memberInfo}`,
]);

/**
 * Every route of the app, read from its route table (`printRoutes`, one node per line, four
 * columns per level): `METHOD /path` with path parameters filled with 1. HEAD (served by GET)
 * and wildcards are left out.
 */
function routeTable(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack.push(path);
    if (path.includes('*')) continue;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${path.replace(/:[A-Za-z]+/g, '1')}`);
    }
  }
  return routes;
}

/** Calls one route; the reply's status and envelope (an empty one when it is not JSON). */
async function ask(route: string, token: string | null) {
  const [method, url] = route.split(' ') as [string, string];
  const reply = await site.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: freshIp(),
    headers: {
      'accept-language': 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
  let body: { code?: string; message?: string } = {};
  try {
    body = reply.json();
  } catch {
    // Not an API reply (the docs page, the app's HTML).
  }
  return { status: reply.statusCode, body };
}

/** A password login of an account still on its first (default) password. */
async function mustChangeSession() {
  const { member, password } = await createMember(db(), { firstLogin: true });
  const login = await driver.login({ username: member.username, password }, { ip: freshIp() });
  expect(login.body.value).toMatchObject({ firstTimeLogin: true });
  return { member, password, token: login.body.value?.token ?? '' };
}

describe('a session that must change its password', () => {
  it('is refused on every member route of the route table but the change, the sign-out and member info', async () => {
    const { token } = await mustChangeSession();
    const routes = routeTable(site.app);
    // The sign-out goes last: it ends the session.
    routes.sort(
      (a, b) =>
        Number(a === `DELETE ${identityPaths.logout}`) -
        Number(b === `DELETE ${identityPaths.logout}`),
    );
    const memberRoutes: string[] = [];
    const letThrough: string[] = [];
    for (const route of routes) {
      // A member route: without a token its guard answers not_logged_in.
      if ((await ask(route, null)).body.code !== 'not_logged_in') continue;
      memberRoutes.push(route);
      const reply = await ask(route, token);
      const refused = reply.status === 403 && reply.body.code === 'password_change_required';
      if (allowed.has(route)) {
        expect(refused, route).toBe(false);
        continue;
      }
      if (!refused) letThrough.push(`${route} -> ${reply.status} ${reply.body.code ?? ''}`);
      else expect(reply.body.message).toBe('Please change your password before you continue.');
    }
    expect(letThrough).toEqual([]);
    // The walk saw the whole member API (wallet, withdrawal, deposit, messages, security ...).
    expect(memberRoutes).toEqual(expect.arrayContaining([...allowed]));
    expect(memberRoutes).toContain(`POST ${recordsPaths.walletTransfer}`);
    expect(memberRoutes.length).toBeGreaterThan(25);
  });

  it('works as any session once the password is changed, and the new one must differ', async () => {
    const { password, token } = await mustChangeSession();
    expect(
      (
        await call(site.app, {
          url: walletPaths.balance,
          headers: { authorization: `Bearer ${token}` },
        })
      ).body.code,
    ).toBe('password_change_required');
    const same = await driver.changePassword(token, {
      newPassword: password,
      confirmNewPassword: password,
    });
    expect([same.status, same.body.code]).toEqual([400, 'password_same']);
    const changed = await driver.changePassword(token, {
      newPassword: 'fresh1234',
      confirmNewPassword: 'fresh1234',
    });
    expect(changed.status).toBe(200);
    const balance = await call(site.app, {
      url: walletPaths.balance,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(balance.status).toBe(200);
  });

  it('a voluntary change to the same password is refused too', async () => {
    const { member, password } = await createMember(db());
    const login = await driver.login({ username: member.username, password }, { ip: freshIp() });
    const token = login.body.value?.token ?? '';
    const same = await driver.changePassword(token, {
      oldPassword: password,
      newPassword: password,
      confirmNewPassword: password,
    });
    expect([same.status, same.body.code]).toEqual([400, 'password_same']);
    // A normal session is never told to change its password.
    for (const route of routeTable(site.app).filter(
      (r) => r !== `DELETE ${identityPaths.logout}`,
    )) {
      expect((await ask(route, token)).body.code, route).not.toBe('password_change_required');
    }
  });
});

describe('the sockets of a session that must change its password', () => {
  let baseUrl = '';
  beforeAll(async () => {
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
  });

  it('get no member events until the change, then get them', async () => {
    const { member, token } = await mustChangeSession();
    const client = realtimeClient(baseUrl, token);
    await client.connected();
    expect(await client.next('sync')).toEqual({ seq: 0 });
    const publish = (balance: string) =>
      site.app.realtime.publisher.publish(member.id, { name: 'balance', payload: { balance } });
    await publish('1');
    const changed = await driver.changePassword(token, {
      newPassword: 'fresh1234',
      confirmNewPassword: 'fresh1234',
    });
    expect(changed.status).toBe(200);
    await publish('2');
    // Events leave in order: the first one would have come before the second.
    expect(await client.next('balance')).toEqual({ balance: '2', seq: 2 });
    expect(client.received.map((event) => event.name)).toEqual(['sync', 'balance']);
    client.close();
  });
});
