import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Db } from './database.ts';
import { pgliteOptions } from './pglite-options.ts';
import { fillFromTemplate, needsCluster, type TemplateSeed } from './pglite-template.ts';

/**
 * The embedded database: PGlite under `dir`, migrated from `settings.migrationsFolder`, with the
 * start-up lock of client.ts. Imported by `openDatabase` only when no DATABASE_URL is set.
 */
export async function openPglite(
  dir: string,
  settings: { migrationsFolder: string; startupLock: number; templateSeed?: TemplateSeed },
): Promise<Database> {
  const { migrationsFolder, startupLock, templateSeed } = settings;
  mkdirSync(dir, { recursive: true });
  // A fresh directory starts from a copy of the pre-initialised template instead of initdb
  // (with `templateSeed`'s steps already run, when given).
  if (needsCluster(dir)) await fillFromTemplate(dir, templateSeed);
  const client = await PGlite.create(dir, pgliteOptions());
  const db = drizzlePglite(client);
  async function runLocked(work: (db: Db) => Promise<void>) {
    // PGlite has one connection; the lock still documents the protocol.
    await client.query('select pg_advisory_lock($1)', [startupLock]);
    try {
      await work(db);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [startupLock]);
    }
  }
  return {
    db,
    driver: 'pglite',
    migrateAndRun: (work) =>
      runLocked(async (locked) => {
        await migratePglite(db, { migrationsFolder });
        await work(locked);
      }),
    runLocked,
    close: () => client.close(),
  };
}
