import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { operators } from '../../src/server/areas/operator/operators.schema.ts';
import { hashPassword } from '../../src/server/areas/operator/operator-password.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/platform/db/client.ts';
import {
  basicAuth,
  buildTestApp,
  call,
  createTestDatabase,
  type TestDatabase,
} from '../support/server.ts';

const production = {
  NODE_ENV: 'production',
  OPS_PASSWORD: 'a-long-operator-password',
  TOTP_ENCRYPTION_KEYS: `prod:${Buffer.alloc(32, 7).toString('base64url')}`,
  OUTCOME_KEYS: `prod:${Buffer.alloc(32, 8).toString('base64url')}`,
};
const demoUsernames = ['demo_player1', 'demo_player2'];
/** Demo players and the demo agent: the accounts whose passwords the README publishes. */
const publishedLogins = [...demoUsernames, 'demo_agent1'];

describe('demo passwords in production', () => {
  let testDb: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await testDb.open();
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  it('a production start on a fresh database seeds no demo player', async () => {
    const fresh = await createTestDatabase();
    const freshDb = await fresh.open();
    try {
      const app = await buildTestApp(fresh, freshDb, production);
      await app.close();
      const rows = await freshDb.db
        .select({ username: members.username })
        .from(members)
        .where(inArray(members.username, demoUsernames));
      expect(rows).toEqual([]);
      // The demo agent exists (its invitation code) but has no password to log in with.
      const [agent] = await freshDb.db
        .select({ passwordHash: members.passwordHash })
        .from(members)
        .where(eq(members.username, 'demo_agent1'));
      expect(agent).toEqual({ passwordHash: null });
    } finally {
      await freshDb.close();
      await fresh.drop();
    }
  });

  it('refuses a database where a demo player or an operator keeps its published password', async () => {
    // A development start seeds the demo players with the README's passwords.
    const dev = await buildTestApp(testDb, database);
    await dev.close();
    await expect(buildTestApp(testDb, database, production)).rejects.toThrow(
      /Refusing to start in production: the demo account\(s\) demo_player1, demo_player2, demo_agent1/,
    );

    // Their passwords changed: the players no longer stop the start; an operator with the
    // development password does.
    const changed = await hashMemberPassword('a-changed-password-1');
    await database.db
      .update(members)
      .set({ passwordHash: changed })
      .where(inArray(members.username, publishedLogins));
    await database.db
      .insert(operators)
      .values({ username: 'operator', passwordHash: await hashPassword('operator-demo') });
    await expect(buildTestApp(testDb, database, production)).rejects.toThrow(
      /the operator\(s\) operator still have the development password/,
    );

    // Started as that operator with OPS_PASSWORD: its password is replaced, the site starts.
    const app = await buildTestApp(testDb, database, { ...production, OPS_USERNAME: 'operator' });
    try {
      const as = (password: string) =>
        call(app, {
          url: '/ops/system',
          headers: { authorization: basicAuth('operator', password) },
        });
      expect((await as('operator-demo')).status).toBe(401);
      expect((await as(production.OPS_PASSWORD)).status).toBe(200);
    } finally {
      await app.close();
    }
    const [row] = await database.db
      .select({ username: operators.username })
      .from(operators)
      .where(eq(operators.username, 'operator'));
    expect(row?.username).toBe('operator');
  });

  it('the configuration refuses the development operator password in production', () => {
    expect(() => loadConfig({ ...production, OPS_PASSWORD: 'operator-demo' })).toThrow(
      /OPS_PASSWORD must not be the published development password/,
    );
  });
});
