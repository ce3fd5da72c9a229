import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp, demoTemplateSeed } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { pgliteSettings } from '../../src/server/platform/db/pglite-options.ts';
import {
  pgliteTemplatePath,
  seededTemplatePath,
} from '../../src/server/platform/db/pglite-template.ts';
import { runSeedSteps } from '../../src/server/platform/seed/seed.ts';
import { testConfig, type TestDatabase } from '../support/server.ts';
import { scratchDir } from '../support/scratch-dir.ts';

const journal = JSON.parse(
  readFileSync(
    new URL('../../src/server/platform/db/migrations/meta/_journal.json', import.meta.url),
    'utf8',
  ),
) as { entries: unknown[] };

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** A single count. */
async function count(db: Db, query: ReturnType<typeof sql>): Promise<number | undefined> {
  const result = (await db.execute(query)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n;
}

describe('pre-initialised PGlite directory', () => {
  it('starts a fresh directory from the migrated template, without seed data, and resumes it later', async () => {
    const dir = await mkdtemp(join(scratchDir(), 'site-template-'));
    try {
      const pgliteDir = join(dir, 'pglite');
      const first = await openDatabase({ databaseUrl: null, pgliteDir });
      expect(existsSync(pgliteTemplatePath())).toBe(true);
      expect(existsSync(join(pgliteDir, 'PG_VERSION'))).toBe(true);
      // Every migration is already applied before the migrator runs: the template carries them.
      expect(
        await count(first.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      ).toBe(journal.entries.length);
      expect(await count(first.db, sql`select count(*)::int as n from seed_runs`)).toBe(0);
      // PGlite runs with small buffers: every touched page of its memory stays resident.
      const shared = (await first.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: { shared_buffers: string }[];
      };
      expect(shared.rows[0]?.shared_buffers).toBe(pgliteSettings.shared_buffers);
      await first.db.execute(sql`create table template_probe (id int)`);
      await first.close();

      // The same directory is resumed, not loaded from the template again.
      const again = await openDatabase({ databaseUrl: null, pgliteDir });
      expect(await count(again.db, sql`select count(*)::int as n from template_probe`)).toBe(0);
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** The rows of the tables the template's seed steps write, in a fixed order, without timestamps. */
async function seededRows(db: Db) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
  return {
    lanes: await rows(sql`select * from vendor_lanes order by game_type`),
    vendors: await rows(sql`select * from vendors order by account_type_id`),
    games: await rows(
      sql`select node_id, vassalage, game_type, game_code, name_hi, name_en, name_bn, search_text,
        game_classify, display_name, min_bet::text, min_line_num, is_hot, status, maintenance,
        image_url, popularity, sort from games order by node_id`,
    ),
  };
}

describe('seeded PGlite template', () => {
  // The small catalog (5 games a vendor): the same steps as the full one, in a fraction of the time.
  const seed = demoTemplateSeed('small');

  it('starts a fresh directory with the same-on-every-install steps already run, the rows they write when run at the start', async () => {
    const dir = await mkdtemp(join(scratchDir(), 'site-seeded-'));
    try {
      const seeded = await openDatabase({
        databaseUrl: null,
        pgliteDir: join(dir, 'seeded'),
        templateSeed: seed,
      });
      expect(existsSync(join(seededTemplatePath(seed), 'PG_VERSION'))).toBe(true);
      const ran = (await seeded.db.execute(
        sql`select name from seed_runs order by name`,
      )) as unknown as { rows: { name: string }[] };
      expect(ran.rows.map((row) => row.name)).toEqual(seed.steps.map((step) => step.name).sort());

      // The same steps run on a plain directory, as a start without the template runs them.
      const plain = await openDatabase({ databaseUrl: null, pgliteDir: join(dir, 'plain') });
      await runSeedSteps(plain.db, seed.steps);
      const fromTemplate = await seededRows(seeded.db);
      expect(fromTemplate.games.length).toBeGreaterThan(100);
      expect(fromTemplate).toEqual(await seededRows(plain.db));
      await plain.close();

      // The server starts on it: the other steps seed, the template's are not run again.
      const testDb: TestDatabase = {
        env: { DATA_DIR: dir },
        open: () => Promise.resolve(seeded),
        drop: () => Promise.resolve(),
      };
      const app = await buildApp(testConfig(testDb), { database: seeded });
      try {
        const status = await app.inject({ url: '/wps/system/status' });
        expect(status.statusCode).toBe(200);
        expect(await count(seeded.db, sql`select count(*)::int as n from games`)).toBe(
          fromTemplate.games.length,
        );
        expect(
          await count(
            seeded.db,
            sql`select count(*)::int as n from seed_runs where name = 'site-v1'`,
          ),
        ).toBe(1);
      } finally {
        await app.close();
        await seeded.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names a seeded template by its steps: other steps, another template', () => {
    const fewer = { name: seed.name, steps: seed.steps.slice(1) };
    expect(seededTemplatePath(fewer)).not.toBe(seededTemplatePath(seed));
    expect(seededTemplatePath(seed)).toBe(seededTemplatePath(demoTemplateSeed('small')));
    expect(seededTemplatePath(seed)).not.toBe(seededTemplatePath(demoTemplateSeed('full')));
  });
});
