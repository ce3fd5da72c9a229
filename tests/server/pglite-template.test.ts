import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { pgliteSettings } from '../../src/server/platform/db/pglite-options.ts';
import { pgliteTemplatePath } from '../../src/server/platform/db/pglite-template.ts';

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
    const dir = await mkdtemp(join(tmpdir(), 'site-template-'));
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
