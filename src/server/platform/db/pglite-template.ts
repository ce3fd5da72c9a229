import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { pgliteOptions } from './pglite-options.ts';

/**
 * A pre-initialised PGlite cluster: an empty cluster with the migrations applied and no seed data,
 * made once as a data directory under node_modules/.cache and copied into every fresh data
 * directory, which spares initdb (most of a first start). A plain copy of files, rather than a
 * tarball PGlite unpacks in memory, keeps no copy of the cluster in the server's memory and takes
 * a fraction of the time. The folder name holds PGlite's version and a hash of the migration
 * files, so a new migration or a PGlite upgrade makes a new template, and a start on an existing
 * directory still runs the migrator (the template is only a head start).
 */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** PGlite's package folder (it exports no package.json: walk up from its entry point). */
function pglitePackageDir(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}

/** node_modules/.cache/site-pglite beside the PGlite package, from the sources or the bundle. */
const cacheDir = join(pglitePackageDir(), '..', '..', '.cache', 'site-pglite');

function templateKey(): string {
  const pgliteDir = pglitePackageDir();
  const version = (
    JSON.parse(readFileSync(join(pgliteDir, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const journalPath = join(migrationsFolder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const hash = createHash('sha256');
  hash.update(readFileSync(journalPath));
  for (const entry of journal.entries) {
    hash.update(readFileSync(join(migrationsFolder, `${entry.tag}.sql`)));
  }
  return `${version}-${hash.digest('hex').slice(0, 16)}`;
}

/** The template directory for this PGlite version and these migrations. */
export function pgliteTemplatePath(): string {
  return join(cacheDir, `template-${templateKey()}`);
}

/** A migrated, unseeded cluster made in `dir` (initdb, then the migrations). */
async function makeCluster(dir: string): Promise<void> {
  const client = await PGlite.create(dir, pgliteOptions());
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.close();
  }
}

/**
 * Fills the empty data directory `dir` with a copy of the template, making the template first
 * when it is missing (beside its final name, then renamed, so a concurrent start never copies
 * half a cluster). A cache folder that cannot be written still starts: the cluster is then made
 * in `dir` itself.
 */
export async function fillFromTemplate(dir: string): Promise<void> {
  const template = pgliteTemplatePath();
  if (!existsSync(join(template, 'PG_VERSION'))) {
    const partial = `${template}.${process.pid}.${Date.now()}`;
    try {
      mkdirSync(partial, { recursive: true });
    } catch (error) {
      process.emitWarning(`PGlite template not cached: ${(error as Error).message}`);
      await makeCluster(dir);
      return;
    }
    try {
      await makeCluster(partial);
      renameSync(partial, template);
    } catch (error) {
      // Another start made it first (the rename finds it there), or the cache is read-only.
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(join(template, 'PG_VERSION'))) throw error;
    }
  }
  cpSync(template, dir, { recursive: true });
}

/** True when `dir` holds no cluster yet (PGlite would run initdb there). */
export function needsCluster(dir: string): boolean {
  return !existsSync(join(dir, 'PG_VERSION'));
}
