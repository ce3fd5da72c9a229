import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { verifyMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { agentContracts } from '../../src/server/areas/agent/agent.schema.ts';
import type { PgTable } from 'drizzle-orm/pg-core';
import { buildApp } from '../../src/server/app.ts';
import type { Db } from '../../src/server/platform/db/client.ts';
import { banners } from '../../src/server/areas/system/banners.schema.ts';
import { announcements } from '../../src/server/areas/system/announcements.schema.ts';
import { modules } from '../../src/server/areas/system/modules.schema.ts';
import { registerValidators } from '../../src/server/areas/system/validators.schema.ts';
import { vendors } from '../../src/server/areas/system/vendors.schema.ts';
import { helpArticles } from '../../src/server/areas/engagement/help.schema.ts';
import { countries } from '../../src/server/areas/system/countries.schema.ts';
import { resources } from '../../src/server/areas/system/settings.schema.ts';
import { operators } from '../../src/server/areas/operator/operators.schema.ts';
import { serverKeys } from '../../src/server/platform/keys/server-keys.schema.ts';
import { opsPaths } from '../../src/contract/ops.ts';
import { systemPaths } from '../../src/contract/system.ts';
import {
  call,
  createTestDatabase,
  opsHeaders,
  testConfig,
  type TestDatabase,
} from '../support/server.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

const tables: Record<string, PgTable> = {
  banners,
  announcements,
  modules,
  registerValidators,
  vendors,
  helpArticles,
  countries,
  resources,
  operators,
  serverKeys,
};

async function counts(db: Db) {
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    result[name] = (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  }
  return result;
}

/** Starts the server the way main.ts does (it opens and closes its own database). */
const start = () => buildApp(testConfig(testDb));

describe('seeding', () => {
  it('runs on the first start, is a no-op later, and keeps operator edits', async () => {
    const first = await start();
    const seeded = await counts(first.database.db);
    expect(seeded.banners).toBe(3 + 12 * 2);
    // 31 demo vendors and the built-in game provider (added by the games area).
    expect(seeded.vendors).toBe(32);
    expect(seeded.operators).toBe(1);
    expect(seeded.serverKeys).toBe(1);

    const listed = await call<{ bannerId: number }[]>(first, {
      url: opsPaths.banners,
      headers: opsHeaders,
    });
    const victim = listed.body.value?.[0]?.bannerId ?? 0;
    expect(
      (
        await call(first, {
          method: 'DELETE',
          url: opsPaths.banner.replace(':bannerId', String(victim)),
          headers: opsHeaders,
        })
      ).status,
    ).toBe(200);
    await call(first, {
      method: 'PUT',
      url: opsPaths.maintenance,
      headers: opsHeaders,
      payload: { enabled: true, endTime: '2031-01-01T00:00:00Z' },
    });
    await first.close();

    const second = await start();
    const after = await counts(second.database.db);
    expect(after).toEqual({ ...seeded, banners: (seeded.banners ?? 0) - 1 });
    const status = await call<{ status: number }>(second, { url: systemPaths.status });
    expect(status.body.value?.status).toBe(1);
    await second.close();

    const third = await start();
    expect(await counts(third.database.db)).toEqual(after);
    await third.close();
  });

  it('a development start gives the demo agent a login and its contracts with the house', async () => {
    const app = await buildApp(testConfig(testDb, { NODE_ENV: 'development' }));
    try {
      const { db } = app.database;
      const [agent] = await db
        .select({ id: members.id, passwordHash: members.passwordHash })
        .from(members)
        .where(eq(members.username, 'demo_agent1'));
      expect(await verifyMemberPassword('agent1234', agent!.passwordHash!)).toBe(true);
      const contracts = await db
        .select({
          kind: agentContracts.kind,
          state: agentContracts.state,
          uplineId: agentContracts.uplineId,
          maxRateBps: agentContracts.maxRateBps,
        })
        .from(agentContracts)
        .where(eq(agentContracts.downlineId, agent!.id))
        .orderBy(agentContracts.kind);
      expect(contracts).toEqual([
        { kind: 'daily', state: 'active', uplineId: null, maxRateBps: 60 },
        { kind: 'dividend', state: 'active', uplineId: null, maxRateBps: 1000 },
        { kind: 'realtime', state: 'active', uplineId: null, maxRateBps: 50 },
      ]);
    } finally {
      await app.close();
    }
  });
});
