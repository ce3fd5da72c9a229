import { afterAll, beforeAll } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppDeps } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/platform/db/client.ts';
import type { Envelope } from '../../src/contract/envelope.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { scratchDir } from './scratch-dir.ts';

/**
 * A fresh database per test file: PGlite in a temp dir, or, when DATABASE_URL is set, a new
 * uniquely named database on that PostgreSQL server, dropped afterwards.
 */
export type TestDatabase = {
  /** Environment that points a server at this database. */
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
};

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(scratchDir(), 'site-test-'));
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ databaseUrl: null, pgliteDir: join(dataDir, 'pglite') }),
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchDatabase(adminUrl, 'site_test');
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    open: () => openDatabase({ databaseUrl: scratch.url, pgliteDir: '' }),
    async drop() {
      await scratch.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const testOperator = { username: 'ops-test', password: 'ops-test-password' };

export function testConfig(testDb: TestDatabase, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(testDb.env.DATA_DIR ?? tmpdir(), 'no-build'),
    OPS_USERNAME: testOperator.username,
    OPS_PASSWORD: testOperator.password,
    // Server tests call the API directly; tests/server/human-verification.test.ts turns it on.
    HUMAN_VERIFICATION: 'off',
    // With DATABASE_URL the real-time channel runs the PostgreSQL adapter, as production does
    // (REALTIME_ADAPTER defaults to postgres); on PGlite, one process, the in-memory adapter.
    // The hosts the tests' bootstrap calls name (the default adds only the loopback names).
    SITE_DOMAINS: 'localhost,127.0.0.1,site.test,*.example.test',
    // 5 demo games per vendor: the ~10,000 of the full catalog (tests/server/games-*.test.ts
    // ask for it) cost seconds at every start.
    DEMO_CATALOG: 'small',
    ...testDb.env,
    ...env,
  });
}

/** The app on an already open database (shared by the tests of a file). */
export function buildTestApp(
  testDb: TestDatabase,
  database: Database,
  env: Record<string, string> = {},
  deps: Omit<AppDeps, 'database'> = {},
): Promise<FastifyInstance> {
  return buildApp(testConfig(testDb, env), { ...deps, database });
}

export const basicAuth = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
export const opsHeaders = {
  authorization: basicAuth(testOperator.username, testOperator.password),
};

/** Injects and parses the JSON envelope. */
export async function call<T = unknown>(app: FastifyInstance, options: InjectOptions) {
  const reply = await app.inject(options);
  return {
    status: reply.statusCode,
    headers: reply.headers,
    body: reply.json() as Envelope<T>,
  };
}

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-01-01T00:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

/**
 * One app on a fresh database for a whole test file, closed and dropped after it.
 *
 * @example
 * const site = testSite();
 * it('answers', async () => expect((await call(site.app, { url: '/wps/system/status' })).status).toBe(200));
 */
export function testSite(env: Record<string, string> = {}, deps: Omit<AppDeps, 'database'> = {}) {
  const site = {} as { testDb: TestDatabase; database: Database; app: FastifyInstance };
  beforeAll(async () => {
    site.testDb = await createTestDatabase();
    site.database = await site.testDb.open();
    site.app = await buildTestApp(site.testDb, site.database, env, deps);
  });
  afterAll(async () => {
    await site.app.close();
    await site.database.close();
    await site.testDb.drop();
  });
  return site;
}
