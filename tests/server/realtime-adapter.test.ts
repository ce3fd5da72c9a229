import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityPaths, memberStatusPaths } from '../../src/contract/identity.ts';
import { walletOpsPaths, walletPaths, type BalanceReply } from '../../src/contract/wallet.ts';
import type { Database } from '../../src/server/platform/db/client.ts';
import {
  buildTestApp,
  call,
  createTestDatabase,
  opsHeaders,
  type TestDatabase,
} from '../support/server.ts';
import { startPgProxy } from '../support/pg-proxy.ts';
import { createMember, freshIp, identityDriver } from '../support/identity.ts';
import { realtimeClient } from '../support/realtime.ts';

const postgres = Boolean(process.env.DATABASE_URL);

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Asks until the answer is the one expected (the other node's news travels by NOTIFY). */
async function untilAnswer<T>(ask: () => Promise<T>, done: (answer: T) => boolean) {
  for (;;) {
    if (done(await ask())) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!postgres)(
  'the socket.io PostgreSQL adapter (needs DATABASE_URL; on PGlite one process runs the in-memory adapter)',
  () => {
    let testDb: TestDatabase;
    let database: Database;

    beforeAll(async () => {
      testDb = await createTestDatabase();
      database = await testDb.open();
    });

    afterAll(async () => {
      await database?.close();
      await testDb?.drop();
    });

    it('a node closes while the adapter is still sending its LISTEN, and lets go of that connection', async () => {
      const proxy = await startPgProxy(testDb.env.DATABASE_URL ?? '', (chunk) =>
        chunk.includes('LISTEN "socket.io'),
      );
      // The app's own database is the test's; only the adapter goes through the proxy.
      const app = await buildTestApp(testDb, database, { DATABASE_URL: proxy.url });
      await until(() => proxy.holding() === 1);
      await app.close();
      await until(() => proxy.holding() === 0);
      expect(proxy.holding()).toBe(0);
      await proxy.close();
    });

    it('a node closes at once after it started, and after it served', async () => {
      for (let i = 0; i < 3; i += 1) {
        const app = await buildTestApp(testDb, database);
        if (i > 0) await app.listen({ port: 0, host: '127.0.0.1' });
        await app.close();
      }
    });

    describe('two nodes in one process on one database', () => {
      let first: FastifyInstance;
      let second: FastifyInstance;
      let firstUrl = '';
      // Logins and password changes go to the second node; sockets live on the first.
      const driver = identityDriver(
        () => second,
        () => database.db,
      );

      beforeAll(async () => {
        // An hour between periodic session checks: every cut seen here is the session end's own;
        // an hour of member cache: every change the other node sees is the change's own news.
        const env = { REALTIME_SWEEP_SECONDS: '3600', MEMBER_CACHE_MS: '3600000' };
        first = await buildTestApp(testDb, database, env);
        second = await buildTestApp(testDb, database, env);
        await first.listen({ port: 0, host: '127.0.0.1' });
        firstUrl = `http://127.0.0.1:${(first.server.address() as AddressInfo).port}`;
      });

      afterAll(async () => {
        await first?.close();
        await second?.close();
      });

      async function pagesOnFirst(count: number) {
        const { member, password } = await createMember(database.db);
        const pages = [];
        for (let i = 0; i < count; i += 1) {
          const login = await driver.login(
            { username: member.username, password },
            { ip: freshIp() },
          );
          const token = login.body.value?.token ?? '';
          const client = realtimeClient(firstUrl, token);
          await client.connected();
          await client.next('sync');
          pages.push({ token, client });
        }
        return { member, password, pages };
      }

      it("a password change on the second node cuts the other session's socket on the first", async () => {
        const { password, pages } = await pagesOnFirst(2);
        const [changing, other] = pages;
        if (!changing || !other) throw new Error('two pages expected');
        const changed = await driver.changePassword(changing.token, {
          oldPassword: password,
          newPassword: 'fresh1234',
          confirmNewPassword: 'fresh1234',
        });
        expect(changed.status).toBe(200);
        expect(await other.client.disconnected).toBe('io server disconnect');
        expect(changing.client.socket.connected).toBe(true);
        changing.client.close();
      });

      describe("the first node's member cache hears the second node's changes", () => {
        const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
        const status = async (url: string, token: string) =>
          (await call(first, { url, headers: bearer(token) })).status;

        async function cachedOnFirst() {
          const { member, password } = await createMember(database.db);
          const login = async () =>
            (await driver.login({ username: member.username, password }, { ip: freshIp() })).body
              .value?.token ?? '';
          const token = await login();
          const other = await login();
          for (const t of [token, other]) {
            expect(await status(identityPaths.memberInfo, t)).toBe(200);
            expect(await status(walletPaths.balance, t)).toBe(200);
          }
          return { member, password, token, other };
        }

        it('a logout', async () => {
          const { token, other } = await cachedOnFirst();
          const out = await call(second, {
            method: 'DELETE',
            url: identityPaths.logout,
            headers: bearer(token),
          });
          expect(out.status).toBe(200);
          await untilAnswer(
            () => status(identityPaths.memberInfo, token),
            (s) => s === 401,
          );
          expect(await status(walletPaths.balance, token)).toBe(401);
          expect(await status(identityPaths.memberInfo, other)).toBe(200);
        });

        it('a password change ends the other session there', async () => {
          const { password, token, other } = await cachedOnFirst();
          const changed = await driver.changePassword(token, {
            oldPassword: password,
            newPassword: 'fresh1234',
            confirmNewPassword: 'fresh1234',
          });
          expect(changed.status).toBe(200);
          await untilAnswer(
            () => status(walletPaths.balance, other),
            (s) => s === 401,
          );
          expect(await status(identityPaths.memberInfo, token)).toBe(200);
        });

        it('disabling', async () => {
          const { member, token, other } = await cachedOnFirst();
          const disabled = await call(second, {
            method: 'POST',
            url: memberStatusPaths.disable.replace(':memberId', String(member.id)),
            headers: opsHeaders,
            payload: { reason: 'fraud review' },
          });
          expect(disabled.status).toBe(200);
          for (const t of [token, other]) {
            await untilAnswer(
              () => status(identityPaths.memberInfo, t),
              (s) => s === 401,
            );
          }
        });

        it('a posting', async () => {
          const { member, token } = await cachedOnFirst();
          const posted = await call(second, {
            method: 'POST',
            url: walletOpsPaths.adjustment,
            headers: opsHeaders,
            payload: {
              memberId: member.id,
              amount: '2500',
              reason: 'two nodes',
              idempotencyKey: `nodes-${member.id}-${Date.now()}`,
            },
          });
          expect(posted.status).toBe(200);
          await untilAnswer(
            async () =>
              (
                await call<BalanceReply>(first, {
                  url: walletPaths.balance,
                  headers: bearer(token),
                })
              ).body.value?.sumBalance,
            (sum) => sum === '2500',
          );
        });
      });

      it('disabling on the second node cuts every socket of the member on the first', async () => {
        const { member, pages } = await pagesOnFirst(2);
        const disabled = await call(second, {
          method: 'POST',
          url: memberStatusPaths.disable.replace(':memberId', String(member.id)),
          headers: opsHeaders,
          payload: { reason: 'fraud review' },
        });
        expect(disabled.status).toBe(200);
        for (const page of pages) {
          expect(await page.client.disconnected).toBe('io server disconnect');
        }
      });
    });
  },
);
