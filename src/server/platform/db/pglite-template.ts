import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * A pre-initialised PGlite cluster: an empty cluster with the migrations applied and no seed data,
 * dumped once to a tarball under node_modules/.cache and loaded into every fresh data directory,
 * which spares initdb (most of a first start). The file name holds PGlite's version and a hash of
 * the migration files, so a new migration or a PGlite upgrade makes a new template, and a start on
 * an existing directory still runs the migrator (the template is only a head start).
 */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const projectRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const cacheDir = join(projectRoot, 'node_modules', '.cache', 'site-pglite');

function templateKey(): string {
  const require = createRequire(import.meta.url);
  // The package exports no package.json: walk up from its entry point to find it.
  let pgliteDir = dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(join(pgliteDir, 'package.json'))) pgliteDir = dirname(pgliteDir);
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

/** Where the template for this PGlite version and these migrations is kept. */
export function pgliteTemplatePath(): string {
  return join(cacheDir, `template-${templateKey()}.tar`);
}

/** The template tarball, made (in memory, then written atomically) when missing. */
export async function pgliteTemplate(): Promise<Blob> {
  const file = pgliteTemplatePath();
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    const bytes = new Uint8Array(await dump.arrayBuffer());
    try {
      mkdirSync(cacheDir, { recursive: true });
      // Written beside its final name and renamed, so a concurrent start never reads half a file.
      const partial = `${file}.${process.pid}.${Date.now()}`;
      writeFileSync(partial, bytes);
      renameSync(partial, file);
    } catch (error) {
      // A read-only install still starts: this start uses the dump, the next makes it again.
      process.emitWarning(`PGlite template not cached: ${(error as Error).message}`);
    }
    return new Blob([bytes]);
  } finally {
    await client.close();
  }
}

/** True when `dir` holds no cluster yet (PGlite would run initdb there). */
export function needsCluster(dir: string): boolean {
  return !existsSync(join(dir, 'PG_VERSION'));
}
